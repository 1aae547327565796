/**
 * The start message of the devices host (multi/cli.ts): several devices each by name, and one device under
 * `--base-path` as the one-device gateway speaks of itself (its addresses with the prefix, no made-up name, "the"
 * device). Pure: the lines from the running devices' names, prefixes and notes.
 */
import { describe, expect, it } from "vitest";
import { historyLines, startLines } from "../../src/multi/cli.ts";
import type { RunningDevice } from "../../src/multi/devices.ts";

const device = (name: string, prefix: string, note: string, defaultPassword: boolean): RunningDevice =>
  // Only what the start message reads; the rest of a running device (its app, source) plays no part here.
  ({ name, prefix, note, defaultPassword: () => defaultPassword }) as unknown as RunningDevice;
/** A real device recording history (its access as the recorder found it). */
const recording = (name: string, dataDir: string): RunningDevice =>
  ({ name, dataDir, history: { note: null, access: Promise.resolve("open") } }) as unknown as RunningDevice;
const args = {
  host: "0.0.0.0",
  urls: (_host: string, port: number) => [`http://127.0.0.1:${port}/`, `http://192.168.1.20:${port}/`],
  reachNote: (_host: string, what: string) => `Anyone reaches ${what}.`,
};

describe("start message of the devices host", () => {
  it("gives one device under a base path its prefixed addresses, without a name or other devices", () => {
    const lines = startLines([device("dtu", "/solar/", "simulated, data in /srv/dtu", true)], args, 8080);
    expect(lines).toEqual([
      "OpenDTU gateway under /solar/ (simulated, data in /srv/dtu)",
      "  http://127.0.0.1:8080/solar/",
      "  http://192.168.1.20:8080/solar/",
      "Admin login: admin / openDTU42 (the default password; change it under Settings > Security)",
      "Anyone reaches the device's live data and, with its admin password, every setting.",
    ]);
    expect(lines.join("\n")).not.toMatch(/dtu:|each device|every device/);
  });

  it("lists several devices by name, each under /d/NAME/", () => {
    const lines = startLines(
      [device("roof", "/d/roof/", "simulated", true), device("garage", "/d/garage/", "forwarded", false)],
      args,
      8080,
    );
    expect(lines).toEqual([
      "OpenDTU gateway with 2 devices (overview: GET /api/overview)",
      "  http://127.0.0.1:8080/",
      "  http://192.168.1.20:8080/",
      "  roof: http://127.0.0.1:8080/d/roof/ (simulated)",
      "    admin / openDTU42 (the default password; each device has its own)",
      "  garage: http://127.0.0.1:8080/d/garage/ (forwarded)",
      "Anyone reaches every device's live data and, with its admin password, its settings.",
    ]);
  });

  it("says where each device's history goes, by name only when there are several", async () => {
    expect(await historyLines([recording("dtu", "/srv/dtu")])).toEqual([
      "History: recorded in /srv/dtu/history.db",
    ]);
    expect(await historyLines([recording("roof", "/srv/roof"), recording("garage", "/srv/garage")])).toEqual([
      "  roof: History: recorded in /srv/roof/history.db",
      "  garage: History: recorded in /srv/garage/history.db",
    ]);
  });
});
