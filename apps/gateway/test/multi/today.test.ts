/**
 * "Today" of several devices together (GET /api/overview/devices `today`, issue 24 §5): each device's own local date
 * from its zone and clock, the latest of them at the top level. The devices' clock stands near midnight, where a
 * browser's UTC date and a device's date differ, and where two devices in different zones are on different days.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryInfo } from "@dtu/api/history";
import { OverviewDeviceNames } from "@dtu/api/overview";
import { parseStrict } from "@dtu/api/strict";
import { latestToday } from "../../src/multi/top.ts";
import type { DevicePort } from "../../src/port/contract.ts";
import { ADMIN, FORM, form } from "../helpers/app.ts";
import { listenHost, TWO_SIMS, webRoot, type HostUnderTest } from "./helpers.ts";

/** Germany's rule (the simulated devices' default) and New York's (API.md §3.18 POSIX rules). */
const BERLIN = "CET-1CEST,M3.5.0,M10.5.0/3";
const NEW_YORK = "EST5EDT,M3.2.0,M11.1.0";

let dir: string;
let t: HostUnderTest;
/** The devices' clock, standing still: 23:30 in Berlin (CEST, UTC+2) on the 21st of June. */
const clock = { t: Date.UTC(2026, 5, 21, 21, 30), now: () => clock.t };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "dtu-multi-today-"));
  t = await listenHost({
    specs: TWO_SIMS,
    dataDir: dir,
    history: {},
    sim: { webRoot: await webRoot(dir), clock },
  });
  // roof in Berlin, garage in New York: through each device's own settings API, as their owner would set them.
  for (const [name, rule] of [
    ["roof", BERLIN],
    ["garage", NEW_YORK],
  ] as const) {
    const url = `http://${t.origin}/d/${name}/api/ntp/config`;
    const ntp = (await (await fetch(url, { headers: { authorization: ADMIN } })).json()) as object;
    const saved = await fetch(url, {
      method: "POST",
      headers: { ...FORM, authorization: ADMIN },
      body: form({ ...ntp, ntp_timezone: rule }),
    });
    expect(saved.status).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const json = async (path: string): Promise<unknown> => (await fetch(`http://${t.origin}${path}`)).json();
const today = async (): Promise<string | null> =>
  parseStrict(OverviewDeviceNames, await json("/api/overview/devices")).today;
const deviceToday = async (name: string): Promise<string> =>
  ((await json(`/d/${name}/api/history/info`)) as HistoryInfo).today;

describe("GET /api/overview/devices today", () => {
  it("is the devices' own date, not UTC's, and the latest of them near midnight", async () => {
    // 21:30 UTC: 23:30 in Berlin, 17:30 in New York; both on the 21st.
    expect(await deviceToday("roof")).toBe("2026-06-21");
    expect(await deviceToday("garage")).toBe("2026-06-21");
    expect(await today()).toBe("2026-06-21");
    // 22:30 UTC, still the 21st in UTC (a browser there says so): 00:30 on the 22nd in Berlin, 18:30 on the 21st
    // in New York. The latest is roof's, so its new day is in the combined month.
    clock.t = Date.UTC(2026, 5, 21, 22, 30);
    expect(await deviceToday("roof")).toBe("2026-06-22");
    expect(await deviceToday("garage")).toBe("2026-06-21");
    expect(await today()).toBe("2026-06-22");
    // 04:30 UTC on the 22nd: 00:30 in New York too. Never ahead of the latest device.
    clock.t = Date.UTC(2026, 5, 22, 4, 30);
    expect(await deviceToday("garage")).toBe("2026-06-22");
    expect(await today()).toBe("2026-06-22");
  });

  it("is null while no device's zone is known, and skips those that are not", () => {
    const port = (day: string | null) => ({ place: { today: () => day } }) as unknown as DevicePort;
    expect(latestToday([])).toBeNull();
    expect(latestToday([{ name: "a", port: port(null) }])).toBeNull();
    expect(
      latestToday([
        { name: "a", port: port("2026-12-31") },
        { name: "b", port: port(null) },
        { name: "c", port: port("2027-01-01") },
      ]),
    ).toBe("2027-01-01");
  });
});
