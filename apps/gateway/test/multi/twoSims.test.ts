/**
 * Two simulated devices in one gateway (issue 24 §2–5): each under /d/NAME/ on one real 127.0.0.1 port, the
 * overview fed by their fleets, logins kept apart, one device stopping while the other goes on.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type WebSocket from "ws";
import { parseStrict } from "@dtu/api/strict";
import { LiveData } from "@dtu/api/live";
import type { HistoryEnergy } from "@dtu/api/history";
import { Overview, OverviewEnergy } from "@dtu/api/overview";
import type { GatewayApp } from "../../src/app.ts";
import type { SimulatedFleet } from "../../src/fleet/index.ts";
import { ADMIN, FORM, form } from "../helpers/app.ts";
import {
  basic,
  connect,
  fastNoon,
  listenHost,
  openOverview,
  received,
  TWO_SIMS,
  webRoot,
  type HostUnderTest,
  type OpenOverview,
} from "./helpers.ts";

let dir: string;
let t: HostUnderTest;
const clock = fastNoon();
const sockets: WebSocket[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "dtu-multi-"));
  t = await listenHost({
    specs: TWO_SIMS,
    dataDir: dir,
    history: {},
    // The reboot outage runs on the host clock (device/gateway.ts), here 120× fast: 60 s of it are 0.5 s.
    sim: { webRoot: await webRoot(dir), rebootDelayMs: 20, outageMs: 60_000, clock, tickMs: 20 },
  });
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`http://${t.origin}${path}`, { headers, redirect: "manual" });
const live = async (name: string): Promise<LiveData> =>
  parseStrict(LiveData, await (await get(`/d/${name}/api/livedata/status`)).json());
const overview = async (headers: Record<string, string> = {}): Promise<OpenOverview> => {
  const res = await get("/api/overview", headers);
  expect(res.status).toBe(200);
  return openOverview(await res.json());
};

describe("two simulated devices", () => {
  it("serves each device's API under /d/NAME/ with its own data folder, serials and identity", async () => {
    const [roof, garage] = [await live("roof"), await live("garage")];
    const serials = (d: LiveData) => d.inverters.map((i) => i.serial);
    expect(serials(roof)).toHaveLength(2);
    expect(serials(garage)).toHaveLength(2);
    expect(serials(roof).filter((s) => serials(garage).includes(s))).toEqual([]);
    const hostname = async (name: string) =>
      ((await (await get(`/d/${name}/api/system/status`)).json()) as { hostname: string }).hostname;
    expect(await hostname("roof")).not.toBe(await hostname("garage"));
    const dtuSerial = async (name: string) =>
      (
        (await (await get(`/d/${name}/api/dtu/config`, { authorization: ADMIN })).json()) as {
          serial: number;
        }
      ).serial;
    expect(await dtuSerial("roof")).not.toBe(await dtuSerial("garage"));
    expect(t.host.devices.map((d) => d.dataDir)).toEqual([join(dir, "roof"), join(dir, "garage")]);
    // Prometheus stays per device.
    const metrics = await (await get("/d/garage/api/prometheus/metrics")).text();
    for (const serial of serials(garage)) expect(metrics).toContain(serial);
    expect(metrics).not.toContain(serials(roof)[0]);
  });

  it("gives the index page its base, and redirects /d/NAME to /d/NAME/", async () => {
    const page = await get("/d/garage/settings/dtu");
    expect(page.status).toBe(200);
    const bytes = Buffer.from(await page.arrayBuffer());
    // fetch decodes gzip itself; the body is the page.
    const html = bytes[0] === 0x1f ? gunzipSync(bytes).toString() : bytes.toString();
    expect(html).toMatch(/^<!doctype html><html><head><base href="\/d\/garage\/"><meta/);
    // The policy lets the page have its base, from this origin only.
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("base-uri 'self'");
    expect(csp).not.toContain("base-uri 'none'");
    const bare = await get("/d/garage?x=1");
    expect(bare.status).toBe(301);
    expect(bare.headers.get("location")).toBe("/d/garage/?x=1");
    expect((await get("/d/nobody/api/livedata/status")).status).toBe(404);
  });

  it("serves the overview page at / (and /history, /login) with the web app's own base, its files, features and the device names", async () => {
    for (const path of ["/", "/login", "/history"]) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      const bytes = Buffer.from(await page.arrayBuffer());
      const html = bytes[0] === 0x1f ? gunzipSync(bytes).toString() : bytes.toString();
      expect(html, path).not.toContain("<base");
      expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    }
    expect(await (await get("/api/gateway/features")).json()).toEqual({
      history: false,
      alerts: false,
      devices: true,
    });
    // Each simulated device has its own household meter (issue 31 §1).
    expect(await (await get("/d/roof/api/gateway/features")).json()).toEqual({
      history: true,
      alerts: true,
      devices: false,
      meter: true,
    });
    expect(await (await get("/api/overview/devices")).json()).toEqual({
      names: ["roof", "garage"],
      today: "2026-06-21",
    });
    expect((await get("/info/system")).status).toBe(404);
  });

  it("lets the overview's login in only with credentials every device accepts", async () => {
    const path = "/api/security/authenticate";
    const xhr = { "x-requested-with": "XMLHttpRequest" };
    expect((await get(path, { ...xhr, authorization: ADMIN })).status).toBe(200);
    expect((await get(path, { ...xhr, authorization: basic("wrong") })).status).toBe(401);
    expect((await get(path, xhr)).status).toBe(401);
    // No top-level session: nothing set, nothing to drop.
    expect((await get(path, { ...xhr, authorization: ADMIN })).headers.get("set-cookie")).toBeNull();
    const out = await fetch(`http://${t.origin}/gateway/logout`, { method: "POST" });
    expect(out.status).toBe(200);
  });

  it("sums the devices' own live totals in the overview", async () => {
    // Both fleets producing, then the clock stands still.
    await vi.waitUntil(
      async () => {
        const [a, b] = [await live("roof"), await live("garage")];
        return a.total.Power.v > 0 && b.total.Power.v > 0 ? true : undefined;
      },
      { timeout: 5000, interval: 25 },
    );
    clock.freeze();
    // A tick up to the stopped clock may still be running: read until the live data stands still around the overview.
    const { roof, garage, o } = await vi.waitUntil(
      async () => {
        const [roof, garage] = [await live("roof"), await live("garage")];
        const o = await overview();
        const again = [await live("roof"), await live("garage")];
        const same = JSON.stringify([roof.total, garage.total]) === JSON.stringify(again.map((d) => d.total));
        return same ? { roof, garage, o } : undefined;
      },
      { timeout: 5000, interval: 25 },
    );
    expect(o.devices.map((d) => [d.name, d.reachable, d.inverters.total])).toEqual([
      ["roof", true, 2],
      ["garage", true, 2],
    ]);
    const sum = (pick: (d: LiveData) => number) => pick(roof) + pick(garage);
    expect(o.total.power_w).toBeCloseTo(
      sum((d) => d.total.Power.v),
      1,
    );
    expect(o.total.yield_day_wh).toBeCloseTo(
      sum((d) => d.total.YieldDay.v),
      0,
    );
    expect(o.total.yield_total_kwh).toBeCloseTo(
      sum((d) => d.total.YieldTotal.v),
      3,
    );
    expect(o.devices[0]).toMatchObject({
      power_w: roof.total.Power.v,
      yield_total_kwh: roof.total.YieldTotal.v,
    });
    expect(o.devices[1]).toMatchObject({
      power_w: garage.total.Power.v,
      yield_day_wh: garage.total.YieldDay.v,
    });
    expect(o.devices[0]?.inverters.producing).toBe(roof.inverters.filter((i) => i.producing).length);
    // Two different fleets: the sum is not one device's figure twice.
    expect(roof.total.Power.v).not.toBe(garage.total.Power.v);
    clock.run();
  });

  it("counts each device's open alerts on its own card, critical ones apart", async () => {
    const roofApp = t.host.devices[0]?.app as GatewayApp;
    const roofAlerts = roofApp.alerts;
    // A simulated device's fleet is the simulator's (buildApp), typed as the device's Fleet.
    const faults = (roofApp.gateway.fleet as SimulatedFleet).faults;
    expect(roofAlerts).not.toBeNull();
    const before = await overview();
    expect(before.devices.map((d) => [d.alerts_open, d.alerts_critical])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    // The silent inverter is raised through roof's own engine: its fleet stops answering that inverter, the rule
    // (at 1 minute, through roof's own settings API) sees it at two evaluations a minute apart on the device clock.
    const serial = (await live("roof")).inverters[0]?.serial ?? "";
    const settings = await fetch(`http://${t.origin}/d/roof/api/alerts/config`, {
      method: "POST",
      headers: { ...FORM, authorization: ADMIN },
      body: form({ rules: { inverter_silent: { enabled: true, minutes: 1 } } }),
    });
    expect(settings.status).toBe(200);
    faults.silence(serial, true);
    try {
      const raised = await vi.waitUntil(
        async () => {
          await roofAlerts?.tick();
          const o = await overview();
          return (o.devices[0]?.alerts_critical ?? 0) > 0 ? o : undefined;
        },
        { timeout: 5000, interval: 25 },
      );
      expect(raised.devices[0]).toMatchObject({ name: "roof", alerts_critical: 1 });
      expect(raised.devices[0]?.alerts_open).toBeGreaterThanOrEqual(1);
      expect(raised.devices[1]).toMatchObject({ name: "garage", alerts_open: 0, alerts_critical: 0 });
      // A warning counts as open, not as critical; a cleared alert not at all.
      const store = roofAlerts!.store;
      const base = { serial, name: "x", channel: null, detail: "d", title: "t", started: 1_780_000_000 };
      store.insert({ ...base, key: "test:warning", kind: "radio", severity: "warning" });
      const gone = store.insert({ ...base, key: "test:gone", kind: "clock", severity: "critical" });
      store.clear(gone.id, 1_780_000_100);
      const after = await overview();
      expect(after.devices[0]?.alerts_open).toBe((raised.devices[0]?.alerts_open ?? 0) + 1);
      expect(after.devices[0]?.alerts_critical).toBe(1);
    } finally {
      faults.silence(serial, false);
    }
  });

  it("combines the devices' own history into energy per day and month", async () => {
    clock.freeze();
    try {
      const query = "from=2026-06-01&to=2026-06-21&interval=day";
      const combined = parseStrict(OverviewEnergy, await (await get(`/api/overview/energy?${query}`)).json());
      const own = async (name: string) =>
        (await (await get(`/d/${name}/api/history/energy?${query}`)).json()) as HistoryEnergy;
      const [roof, garage] = [await own("roof"), await own("garage")];
      expect(combined.unavailable).toEqual([]);
      expect(combined.rows.length).toBeGreaterThan(15);
      for (const row of combined.rows) {
        const [ra, rb] = [roof, garage].map((d) => d.rows.find((r) => r.period === row.period));
        const [a, b] = [ra?.total ?? 0, rb?.total ?? 0];
        // Both simulated houses' meters, backfilled (issue 31 §8), add up too.
        const sum = (x: number | null | undefined, y: number | null | undefined) => (x ?? 0) + (y ?? 0);
        expect(row).toEqual({
          period: row.period,
          total: a + b,
          devices: { roof: a, garage: b },
          import_wh: sum(ra?.import_wh, rb?.import_wh),
          export_wh: sum(ra?.export_wh, rb?.export_wh),
        });
        expect(row.import_wh).toBeGreaterThan(0);
        expect(a).not.toBe(b);
      }
      const months = "from=2026-06-01&to=2026-06-30&interval=month";
      const month = parseStrict(OverviewEnergy, await (await get(`/api/overview/energy?${months}`)).json());
      const ownMonth = async (name: string) =>
        ((await (await get(`/d/${name}/api/history/energy?${months}`)).json()) as HistoryEnergy).rows[0]
          ?.total ?? NaN;
      expect(month.interval).toBe("month");
      expect(month.rows[0]?.total).toBe((await ownMonth("roof")) + (await ownMonth("garage")));
      const bad = await get("/api/overview/energy?from=2026-06-21&to=2026-06-01&interval=day");
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { message: string }).message).toMatch(/from must not be after to/);
    } finally {
      clock.run();
    }
  });

  it("routes each device's sockets to that device only", async () => {
    const roof = await connect(`ws://${t.origin}/d/roof/console`);
    const garage = await connect(`ws://${t.origin}/d/garage/console`);
    const roofLive = await connect(`ws://${t.origin}/d/roof/livedata`);
    sockets.push(roof, garage, roofLive);
    const garageLines: string[] = [];
    garage.on("message", (d: Buffer) => garageLines.push(d.toString()));
    const restarting = received(roof, /Restarting/);
    const closed = new Promise((r) => roofLive.once("close", r));
    const res = await fetch(`http://${t.origin}/d/roof/api/maintenance/reboot`, {
      method: "POST",
      headers: { ...FORM, authorization: ADMIN },
      body: form({ reboot: true }),
    });
    expect(res.status).toBe(200);
    await restarting;
    await closed;
    // While roof reboots it does not answer, and the overview says since when; garage goes on.
    const during = await overview();
    expect(during.devices[0]).toMatchObject({ name: "roof", reachable: false });
    expect(during.devices[0]?.since).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 2);
    expect(during.devices[1]?.reachable).toBe(true);
    expect(during.total.power_w).toBe(during.devices[1]?.power_w);
    expect(garageLines.join("")).not.toMatch(/Restarting/);
    expect(garage.readyState).toBe(garage.OPEN);
    await vi.waitUntil(async () => ((await overview()).devices[0]?.reachable ? true : undefined), {
      timeout: 5000,
      interval: 25,
    });
  });

  it("keeps logins apart: credentials and session cookies of one device do not open the other", async () => {
    const post = (name: string, auth: string, body: unknown) =>
      fetch(`http://${t.origin}/d/${name}/api/security/config`, {
        method: "POST",
        headers: { ...FORM, authorization: auth },
        body: form(body),
      });
    expect((await post("roof", ADMIN, { password: "roofPass1", allow_readonly: true })).status).toBe(200);
    expect((await post("garage", ADMIN, { password: "garagePass1", allow_readonly: false })).status).toBe(
      200,
    );
    const roofAuth = basic("roofPass1");
    const admin = (name: string, auth: string) =>
      get(`/d/${name}/api/security/config`, { authorization: auth, "x-requested-with": "XMLHttpRequest" });
    expect((await admin("roof", roofAuth)).status).toBe(200);
    expect((await admin("garage", roofAuth)).status).toBe(401);

    // The session cookie of a roof login is roof's, by path and by store.
    const login = await get("/d/roof/api/security/authenticate", { authorization: roofAuth });
    // One cookie, on roof's path only (not also on `/`, where every device would get it).
    expect(login.headers.getSetCookie()).toHaveLength(1);
    const cookie = login.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/; Path=\/d\/roof(;|$)/);
    const pair = cookie.split(";", 1)[0] ?? "";
    await expect(connect(`ws://${t.origin}/d/garage/livedata`, { cookie: pair })).rejects.toMatchObject({
      status: 401,
    });

    // The overview reads each device on its own rule: roof is open, garage wants its own password now.
    const asks: Record<string, string>[] = [
      { "x-requested-with": "XMLHttpRequest" },
      { authorization: roofAuth },
    ];
    for (const auth of asks) {
      const res = await get("/api/overview", auth);
      expect(res.status).toBe(200);
      const o = parseStrict(Overview, await res.json());
      expect(o.devices[1]).toEqual({ name: "garage", locked: true });
      expect(o.locked).toEqual(["garage"]);
    }
    expect((await overview({ authorization: basic("garagePass1") })).devices).toHaveLength(2);
  });

  it("shows a stopped device as not answering since it stopped, and the other goes on", async () => {
    const garage = t.host.devices[1];
    const before = Math.floor(Date.now() / 1000);
    await garage?.app.close();
    const o = await overview({ authorization: basic("garagePass1") });
    expect(o.devices[1]).toMatchObject({ name: "garage", reachable: false });
    expect(o.devices[1]?.since).toBeGreaterThanOrEqual(before);
    expect(o.devices[0]?.reachable).toBe(true);
    expect((await get("/d/garage/api/livedata/status")).status).toBe(503);
    expect((await get("/d/roof/api/livedata/status")).status).toBe(200);
  });
});
