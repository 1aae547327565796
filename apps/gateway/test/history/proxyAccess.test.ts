/**
 * Proxy mode: history follows the device's read rule at every request (issue 21 item 1). Read-only access is
 * switched off on a fake device mid-run; within the cache time (driven by an injected clock, no sleeping) history
 * answers 401 to anonymous requests as the device does to live data, and still answers with accepted credentials.
 * The recorder says on the console when the device stops and starts letting it in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProxyApp, type ProxyApp } from "../../src/proxy/app.ts";
import { AUTH, startFakeDevice, type FakeDevice } from "./fakeDevice.ts";
import { tempDir } from "./helpers.ts";

const CACHE_MS = 3000;
let device: FakeDevice;
let proxy: ProxyApp;
const clock = { t: 1_790_000_000_000, now: () => clock.t };
const lines: string[] = [];

beforeAll(async () => {
  device = await startFakeDevice("v24", true);
  proxy = await buildProxyApp({
    device: device.url.origin,
    webRoot: tempDir(),
    // The guessing brake's waits are not what this file tests: they pass at once.
    security: { log: () => undefined, sleep: async () => undefined },
    history: {
      dataDir: tempDir(),
      clock,
      log: (l) => lines.push(l),
      accessCacheMs: CACHE_MS,
      retryMs: 10,
    },
  });
});
afterAll(async () => {
  await proxy.close();
  await device.close();
});

const PATHS = [
  "/api/history/info",
  "/api/history/power?date=2026-06-10",
  "/api/history/power?date=2026-06-10&format=csv",
];
const codes = async (authorization?: string) =>
  Promise.all(
    PATHS.map(
      async (url) =>
        (await proxy.inject({ url, headers: authorization ? { authorization } : {} })).statusCode,
    ),
  );

describe("proxy history and the device's read rule", () => {
  it("answers 401 to anonymous history once the device does to live data, within the cache time", async () => {
    expect(await codes()).toEqual([200, 200, 200]);
    device.readOnly = false;
    // Still the device's last answer while it is trusted …
    clock.t += CACHE_MS - 1;
    expect(await codes()).toEqual([200, 200, 200]);
    // … and asked again after it.
    clock.t += 2;
    expect(await codes()).toEqual([401, 401, 401]);
    expect(await codes(AUTH)).toEqual([200, 200, 200]);
    expect(await codes(`Basic ${Buffer.from("admin:wrong").toString("base64")}`)).toEqual([401, 401, 401]);
    // Back on: open again after the cache time.
    device.readOnly = true;
    clock.t += CACHE_MS + 1;
    expect(await codes()).toEqual([200, 200, 200]);
  });

  it("gives the backup only to credentials the device accepts, even with read-only access on", async () => {
    const backup = async (authorization?: string) =>
      (await proxy.inject({ url: "/api/history/backup", headers: authorization ? { authorization } : {} }))
        .statusCode;
    expect(device.readOnly).toBe(true);
    expect(await backup()).toBe(401);
    expect(await backup(`Basic ${Buffer.from("admin:wrong").toString("base64")}`)).toBe(401);
    expect(await backup(AUTH)).toBe(200);
  });

  it("says on the console when the recorder loses access and when it gets it back", async () => {
    await expect
      .poll(() => proxy.history?.feed.connected() === true, {
        message: "the recorder's socket",
        timeout: 10_000,
        interval: 25,
      })
      .toBe(true);
    lines.length = 0;
    device.readOnly = false;
    device.dropSockets();
    await expect
      .poll(() => lines.length > 0, { message: "the recorder noticing", timeout: 10_000, interval: 25 })
      .toBe(true);
    expect(lines).toEqual([
      "History: the device now refuses live data to the recorder (read-only access is off and no accepted " +
        "--device-password was given); nothing is recorded until it lets the recorder in again.",
    ]);
    device.readOnly = true;
    await expect
      .poll(() => lines.length > 1, {
        message: "the recorder getting in again",
        timeout: 10_000,
        interval: 25,
      })
      .toBe(true);
    expect(lines[1]).toBe("History: the device gives live data to the recorder again; recording goes on.");
  });
});
