/**
 * The proxy's own recorder against a fake device on loopback (issue 14 Tests): both live shapes, read-only access
 * on, off with credentials, off without (nothing recorded, and the start message says why).
 */
import { afterEach, describe, expect, it } from "vitest";
import { createFeed, recordFrom } from "../../src/history/feed.ts";
import { openHistory, type History } from "../../src/history/index.ts";
import { createRealPort, type RealPort } from "../../src/port/real/index.ts";
import { probeAccess } from "../../src/port/real/access.ts";
import { createSecurity } from "../../src/security/index.ts";
import { historyLine } from "../../src/proxy/cli.ts";
import { safeParse } from "../../src/time/clock.ts";
import { AUTH, RULE, SERIAL, startFakeDevice } from "./fakeDevice.ts";
import { tempDir } from "./helpers.ts";

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function setup(shape: "v23" | "v24", readOnly: boolean, auth: string | null) {
  const device = await startFakeDevice(shape, readOnly);
  // The recorder's clock, driven by the test (no sleeping for its 4 s sample spacing).
  const clock = { t: Date.now(), now: () => clock.t };
  const port: RealPort = createRealPort({
    device: device.url,
    auth,
    security: createSecurity({ log: () => undefined }),
  });
  const h: History = openHistory({
    dataDir: tempDir(),
    zone: () => port.place.zone() ?? safeParse("UTC0"),
    clock,
  });
  const stop = recordFrom(port, createFeed(h.recorder, clock.now));
  cleanup.push(
    () => device.close(),
    () => port.close(),
    stop,
    () => h.close(),
  );
  return { device, h, port, clock, zone: () => port.zoneRule() ?? "" };
}

const seriesNames = (h: History) =>
  (
    h.db.prepare("SELECT serial, ch, name FROM series WHERE serial <> '' ORDER BY ch").all() as {
      name: string;
    }[]
  ).map((r) => r.name);
const firstPower = (h: History, ch: number) =>
  h.db
    .prepare(
      "SELECT r.p FROM raw r JOIN series s ON s.id = r.sid WHERE s.serial = ? AND s.ch = ? ORDER BY r.t LIMIT 1",
    )
    .get(SERIAL, ch) as { p: number } | undefined;

describe.each(["v23", "v24"] as const)("proxy recorder, %s live shape", (shape) => {
  it.each([
    ["read-only access on", true, null],
    ["read-only access off, with credentials", false, AUTH],
  ] as const)(
    "records the inverter and its strings (%s)",
    async (_label, readOnly, auth) => {
      const { h, device, clock, zone } = await setup(shape, readOnly, auth);
      await expect
        .poll(() => seriesNames(h).length === 3, {
          message: "the inverter and its two strings",
          timeout: 10_000,
          interval: 25,
        })
        .toBe(true);
      expect(seriesNames(h)).toEqual(["Garage", "Garage / East", "Garage / West"]);
      await expect
        .poll(() => zone() === RULE, { message: "the device's time zone", timeout: 10_000, interval: 25 })
        .toBe(true);
      // A frame 4 s later (the recorder keeps one sample per 4 s): 2 Wh more, credible for 820 Wp of modules.
      clock.t += 4100;
      device.send(512, 1_500_002);
      await expect
        .poll(() => h.queries.info(clock.t).today_energy_wh === 2, {
          message: "the socket frame's energy",
          timeout: 10_000,
          interval: 25,
        })
        .toBe(true);
      expect(h.queries.info(clock.t).today_peak_w).toBe(512);
      // The first reading's raw samples (raw samples are at most one per 10 s).
      expect(firstPower(h, -1)?.p).toBe(300);
      expect(firstPower(h, 1)?.p).toBe(160);
      expect(await probeAccess({ device: device.url, auth, timeoutMs: 4000 })).toBe(
        readOnly ? "open" : "credentials-ok",
      );
    },
    30_000,
  );

  it("records nothing without credentials when read-only access is off, and says why", async () => {
    const { h, device } = await setup(shape, false, null);
    await expect
      .poll(() => device.refused >= 1, {
        message: "the device refusing the socket",
        timeout: 10_000,
        interval: 25,
      })
      .toBe(true);
    expect(seriesNames(h)).toEqual([]);
    const access = await probeAccess({ device: device.url, auth: null, timeoutMs: 4000 });
    expect(access).toBe("credentials-needed");
    expect(historyLine(access, "/data")).toMatch(/NOT recorded.*--device-password/);
    expect(await probeAccess({ device: device.url, auth: "Basic d3Jvbmc6d3Jvbmc=", timeoutMs: 4000 })).toBe(
      "credentials-wrong",
    );
  });
});
