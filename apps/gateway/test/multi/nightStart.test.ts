/**
 * The overview of a gateway started at night (issue 24's leftover under issue 25's rule): nothing read since the DTU
 * started is a null, not a measured 0; a simulated device's lifetime yield comes from its history, labelled with its
 * time; after the first readings at sunrise the figures are the devices' own totals, and the sums follow. One
 * simulated device (with the history's backfilled month) and one real device on loopback behind the gateway (its
 * inverters report `data_age` = uptime while never read, API.md §3.1).
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { API_CONTENT_SECURITY_POLICY } from "../../src/security/headers.ts";
import type { HistoryLast } from "@dtu/api/history";
import { LiveData } from "@dtu/api/live";
import { parseStrict } from "@dtu/api/strict";
import { buildApp, type GatewayApp } from "../../src/app.ts";
import { listenHost, openOverview, type HostUnderTest, type OpenOverview } from "./helpers.ts";

/**
 * A host clock placed at `set(ms, speed)` and running `speed` times real time from there; `freeze()` stops it. The
 * real device's uptime and its data ages both count on it, as on a device (one counter).
 */
function movableClock(start: number): {
  now(): number;
  set(ms: number, speed: number): void;
  freeze(): void;
} {
  let base = start;
  let origin = Date.now();
  let speed = 1;
  const now = (): number => base + (Date.now() - origin) * speed;
  return {
    now,
    set(ms, s) {
      base = ms;
      origin = Date.now();
      speed = s;
    },
    freeze() {
      base = now();
      origin = Date.now();
      speed = 0;
    },
  };
}

/** 02:00 CEST on 21 June: the sun is down in Germany (the default location); sunrise is about 05:00. */
const NIGHT = Date.UTC(2026, 5, 21, 0, 0, 0);
/** 08:00 CEST the same day: every inverter awake. */
const MORNING = Date.UTC(2026, 5, 21, 6, 0, 0);

let dir: string;
let t: HostUnderTest;
let upstream: GatewayApp;
/** The real device started half an hour before the gateway (at 01:30), still at night. */
const clock = movableClock(NIGHT - 1_800_000);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "dtu-multi-night-"));
  upstream = await buildApp({
    dataDir: join(dir, "upstream"),
    webRoot: join(dir, "no-web"),
    identity: { mac: "24:0A:C4:00:00:0C" },
    clock,
    tickMs: 20,
  });
  await upstream.listen({ port: 0, host: "127.0.0.1" });
  clock.set(NIGHT, 1);
  t = await listenHost({
    specs: [
      { name: "roof", target: "sim" },
      {
        name: "house",
        target: new URL(`http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`),
      },
    ],
    dataDir: join(dir, "host"),
    history: {},
    sim: { webRoot: join(dir, "no-web"), clock, tickMs: 20 },
    proxy: { webRoot: join(dir, "no-web") },
  });
});
afterAll(async () => {
  await t?.close();
  await upstream?.close();
  await rm(dir, { recursive: true, force: true });
});

const getJson = async (path: string): Promise<unknown> => (await fetch(`http://${t.origin}${path}`)).json();
const overview = async (): Promise<OpenOverview> => openOverview(await getJson("/api/overview"));

describe("the top level's answers", () => {
  it("carry the API's security headers: CSP, nosniff, Referrer-Policy, on its 404 too (issue 34 §14)", async () => {
    for (const path of ["/api/overview", "/api/overview/energy", "/api/gateway/features", "/api/nothing"]) {
      const res = await fetch(`http://${t.origin}${path}`);
      await res.arrayBuffer();
      expect(res.headers.get("content-security-policy"), path).toBe(API_CONTENT_SECURITY_POLICY);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("no-referrer");
    }
  });
});

describe("an overview started at night", () => {
  it("says null for what was never read, and takes a sim device's lifetime yield from its history", async () => {
    // The real device is answering and its inverters are known: still nothing of them was read.
    const o = await vi.waitUntil(
      async () => {
        const now = await overview();
        return now.devices.every((d) => d.reachable && d.inverters.total === 2) ? now : undefined;
      },
      { timeout: 10_000, interval: 25 },
    );
    const [roof, house] = o.devices;
    // The history's last readings: yesterday evening's (backfilled), so no yield today from them.
    const last = (await getJson("/d/roof/api/history/last")) as HistoryLast;
    expect(last.inverters).toHaveLength(2);
    const lifetimeKwh = last.inverters.reduce((s, i) => s + (i.yield_total_wh ?? NaN), 0) / 1000;
    expect(lifetimeKwh).toBeGreaterThan(0);
    expect(roof).toMatchObject({
      power_w: null,
      yield_day_wh: null,
      last_known_at: Math.max(...last.inverters.map((i) => i.t)),
      // Never read: not counted as answering, whatever the device's reachable flag says (issue 34 §7).
      inverters: { total: 2, read: 0, reachable: 0, producing: 0 },
    });
    expect(roof?.last_known_at).toBeLessThan(NIGHT / 1000);
    expect(roof?.yield_total_kwh).toBeCloseTo(lifetimeKwh, 6);
    // The real device: its own live data says zeros, its history here is new: nothing to show.
    const houseLive = upstream.gateway.fleet.liveData();
    expect(houseLive.total.YieldTotal.v).toBe(0);
    // Never read: data age = uptime (whole seconds of two counters started a few ms apart).
    const uptime = upstream.gateway.uptimeSeconds();
    expect(uptime).toBeGreaterThanOrEqual(1800);
    for (const inv of houseLive.inverters) expect(Math.abs(inv.data_age - uptime)).toBeLessThanOrEqual(1);
    expect(house).toMatchObject({
      power_w: null,
      yield_day_wh: null,
      yield_total_kwh: null,
      last_known_at: null,
      inverters: { total: 2, read: 0, reachable: 0, producing: 0 },
      // A real device has no meter here (issue 31): nothing, not zeros.
      grid_w: null,
      import_today_wh: null,
      export_today_wh: null,
    });
    // The simulated device's house imports at night: its meter alone makes the sums'.
    expect(roof?.grid_w).toBeGreaterThan(0);
    expect(o.total).toEqual({
      power_w: null,
      yield_day_wh: null,
      yield_total_kwh: roof?.yield_total_kwh,
      grid_w: roof?.grid_w,
      import_today_wh: roof?.import_today_wh,
      export_today_wh: roof?.export_today_wh,
    });
  });

  it("shows the devices' own figures once their inverters were read after sunrise, and sums them", async () => {
    clock.set(MORNING, 120);
    await vi.waitUntil(
      async () => {
        const o = await overview();
        return o.devices.every((d) => d.inverters.read === 2 && (d.power_w ?? 0) > 0) ? true : undefined;
      },
      { timeout: 10_000, interval: 25 },
    );
    clock.freeze();
    // The last tick up to the stopped clock, and its push to the gateway, may still be on the way.
    const { o, roof, house } = await vi.waitUntil(
      async () => {
        const roof = parseStrict(LiveData, await getJson("/d/roof/api/livedata/status")).total;
        const house = upstream.gateway.fleet.liveData().total;
        const o = await overview();
        const shows = (i: number, own: LiveData["total"]): boolean =>
          o.devices[i]?.power_w === own.Power.v &&
          o.devices[i]?.yield_day_wh === own.YieldDay.v &&
          o.devices[i]?.yield_total_kwh === own.YieldTotal.v;
        return shows(0, roof) && shows(1, house) ? { o, roof, house } : undefined;
      },
      { timeout: 10_000, interval: 25 },
    );
    expect(o.devices.map((d) => d.last_known_at)).toEqual([null, null]);
    expect(o.total.power_w).toBeCloseTo(roof.Power.v + house.Power.v, 6);
    expect(o.total.yield_day_wh).toBeCloseTo(roof.YieldDay.v + house.YieldDay.v, 6);
    expect(o.total.yield_total_kwh).toBeCloseTo(roof.YieldTotal.v + house.YieldTotal.v, 6);
  });
});
