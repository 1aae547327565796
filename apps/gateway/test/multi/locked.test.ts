/**
 * The overview with devices that have different passwords (issue 24): read-only access off on both simulated
 * devices, each with its own password. Each device counts on its own read rule: a card with figures for the one the
 * request may read, a locked card with only the name for the other, sums of the readable ones; 401 only when the
 * request may read none. The guessing brake of each device still counts wrong passwords, never the household's right
 * password for another device.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LiveData } from "@dtu/api/live";
import type { HistoryEnergy } from "@dtu/api/history";
import { Overview, OverviewEnergy, type OverviewDevice } from "@dtu/api/overview";
import { parseStrict } from "@dtu/api/strict";
import type { GatewayApp } from "../../src/app.ts";
import { ADMIN, FORM, form } from "../helpers/app.ts";
import { basic, fastNoon, listenHost, TWO_SIMS, webRoot, type HostUnderTest } from "./helpers.ts";

let dir: string;
let t: HostUnderTest;
const clock = fastNoon();
const ROOF = basic("roofPass1");
const GARAGE = basic("garagePass1");
const XHR = { "x-requested-with": "XMLHttpRequest" };

const get = (path: string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`http://${t.origin}${path}`, { headers });
const security = (name: string, auth: string, body: unknown) =>
  fetch(`http://${t.origin}/d/${name}/api/security/config`, {
    method: "POST",
    headers: { ...FORM, authorization: auth },
    body: form(body),
  });
const live = async (name: string, auth: string): Promise<LiveData> =>
  parseStrict(LiveData, await (await get(`/d/${name}/api/livedata/status`, { authorization: auth })).json());
/** What the brake of a device holds against this test's address (the next credentialed request's delay). */
const braking = (i: number): number =>
  (t.host.devices[i]?.app as GatewayApp).security.throttle.delayOf("127.0.0.1");

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "dtu-locked-"));
  t = await listenHost({
    specs: TWO_SIMS,
    dataDir: dir,
    history: {},
    // The brake's waits pass at once: what it counts is under test, not how long it waits.
    sim: { webRoot: await webRoot(dir), clock, tickMs: 20, security: { sleep: async () => undefined } },
  });
  expect((await security("roof", ADMIN, { password: "roofPass1", allow_readonly: false })).status).toBe(200);
  expect((await security("garage", ADMIN, { password: "garagePass1", allow_readonly: false })).status).toBe(
    200,
  );
  // Both fleets producing, then the clock stands still, so the figures compared below do not move.
  await vi.waitUntil(
    async () => {
      const [a, b] = [await live("roof", ROOF), await live("garage", GARAGE)];
      return a.total.Power.v > 0 && b.total.Power.v > 0 ? true : undefined;
    },
    { timeout: 5000, interval: 25 },
  );
  clock.freeze();
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("devices with read-only access off and different passwords", () => {
  it("answers 401 without credentials, and with credentials no device accepts", async () => {
    const bare = await get("/api/overview");
    expect(bare.status).toBe(401);
    expect(bare.headers.get("www-authenticate")).toBe('Basic realm="Login Required"');
    const xhr = await get("/api/overview", XHR);
    expect(xhr.status).toBe(401);
    expect(xhr.headers.get("www-authenticate")).toBeNull();
    expect((await get("/api/overview", { ...XHR, authorization: basic("nobody's") })).status).toBe(401);
    expect((await get("/api/overview/energy?from=2026-06-01&to=2026-06-21&interval=day", XHR)).status).toBe(
      401,
    );
  });

  it("shows the device a password opens, and of the other only its name and that it is locked", async () => {
    // A tick up to the stopped clock may still be running: read until the live data stands still around the overview.
    const { roof, garage, text } = await vi.waitUntil(
      async () => {
        const [roof, garage] = [await live("roof", ROOF), await live("garage", GARAGE)];
        const res = await get("/api/overview", { ...XHR, authorization: ROOF });
        expect(res.status).toBe(200);
        const text = await res.text();
        const again = [await live("roof", ROOF), await live("garage", GARAGE)];
        const same = JSON.stringify([roof.total, garage.total]) === JSON.stringify(again.map((d) => d.total));
        return same ? { roof, garage, text } : undefined;
      },
      { timeout: 5000, interval: 25 },
    );
    const o = parseStrict(Overview, JSON.parse(text));
    expect(o.devices[1]).toEqual({ name: "garage", locked: true });
    expect(o.locked).toEqual(["garage"]);
    const card = o.devices[0] as OverviewDevice;
    expect(card).toMatchObject({ name: "roof", locked: false, reachable: true, power_w: roof.total.Power.v });
    // The sums are roof's alone.
    expect(o.total).toEqual({
      power_w: card.power_w,
      yield_day_wh: card.yield_day_wh,
      yield_total_kwh: card.yield_total_kwh,
      grid_w: card.grid_w,
      import_today_wh: card.import_today_wh,
      export_today_wh: card.export_today_wh,
    });
    // Nothing of garage in the whole answer: no serial, none of its figures.
    expect(roof.total.Power.v).not.toBe(garage.total.Power.v);
    for (const inv of garage.inverters) expect(text).not.toContain(inv.serial);
    for (const figure of [garage.total.Power.v, garage.total.YieldTotal.v, garage.total.YieldDay.v])
      expect(text).not.toContain(JSON.stringify(figure));
    // And the other way round with garage's password.
    const g = parseStrict(Overview, await (await get("/api/overview", { authorization: GARAGE })).json());
    expect(g.devices[0]).toEqual({ name: "roof", locked: true });
    expect(g.devices[1]).toMatchObject({ name: "garage", locked: false, power_w: garage.total.Power.v });
    expect(g.locked).toEqual(["roof"]);
  });

  it("sums the energy of the device the password opens, and names the locked one apart from unavailable", async () => {
    const query = "from=2026-06-01&to=2026-06-21&interval=day";
    const res = await get(`/api/overview/energy?${query}`, { ...XHR, authorization: ROOF });
    expect(res.status).toBe(200);
    const combined = parseStrict(OverviewEnergy, await res.json());
    const roof = (await (
      await get(`/d/roof/api/history/energy?${query}`, { authorization: ROOF })
    ).json()) as HistoryEnergy;
    const garage = (await (
      await get(`/d/garage/api/history/energy?${query}`, { authorization: GARAGE })
    ).json()) as HistoryEnergy;
    expect(combined.locked).toEqual(["garage"]);
    expect(combined.unavailable).toEqual([]);
    expect(roof.rows.length).toBeGreaterThan(15);
    expect(combined.rows).toEqual(
      roof.rows.map((r) => ({
        period: r.period,
        total: r.total,
        devices: { roof: r.total },
        import_wh: r.import_wh,
        export_wh: r.export_wh,
      })),
    );
    // Garage's own rows differ: the sums above are not garage's too.
    expect(garage.rows.map((r) => r.total)).not.toEqual(roof.rows.map((r) => r.total));
  });

  it("lets the overview's login in with either device's password, not with a wrong one, which each brake counts", async () => {
    const path = "/api/security/authenticate";
    expect((await get(path, { ...XHR, authorization: ROOF })).status).toBe(200);
    expect((await get(path, { ...XHR, authorization: GARAGE })).status).toBe(200);
    expect((await get(path, XHR)).status).toBe(401);
    expect([braking(0), braking(1)]).toEqual([0, 0]);
    // Three wrong passwords are answered at full speed (security/throttle.ts); the fourth would wait, at each device.
    for (const guess of ["guess1", "guess2", "guess3"]) {
      const res = await get(path, { ...XHR, authorization: basic(guess) });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ type: "danger", message: "Unauthorized" });
    }
    expect(braking(0)).toBeGreaterThan(0);
    expect(braking(1)).toBeGreaterThan(0);
    // The overview is no way around it: wrong passwords there count the same.
    // A right password resets only the device that accepted it.
    expect((await get(path, { ...XHR, authorization: ROOF })).status).toBe(200);
    expect(braking(0)).toBe(0);
    expect(braking(1)).toBeGreaterThan(0);
    expect((await get(path, { ...XHR, authorization: GARAGE })).status).toBe(200);
    expect(braking(1)).toBe(0);
  });

  it("does not count one device's password as a guess at the other, however often the page asks", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await get("/api/overview", { ...XHR, authorization: ROOF })).status).toBe(200);
      expect((await get("/api/security/authenticate", { ...XHR, authorization: ROOF })).status).toBe(200);
    }
    expect(braking(1)).toBe(0);
    // Wrong passwords through the overview count at both.
    for (const guess of ["guess4", "guess5", "guess6"])
      expect((await get("/api/overview", { ...XHR, authorization: basic(guess) })).status).toBe(401);
    expect(braking(0)).toBeGreaterThan(0);
    expect(braking(1)).toBeGreaterThan(0);
    // A right password unlocks its own device, and never the other.
    const o = parseStrict(Overview, await (await get("/api/overview", { authorization: GARAGE })).json());
    expect(o.locked).toEqual(["roof"]);
    expect(braking(1)).toBe(0);
    expect((await get("/api/overview", { authorization: ROOF })).status).toBe(200);
    expect(braking(0)).toBe(0);
  });

  it("shows every device, as before, once both allow read-only access again", async () => {
    expect((await security("roof", ROOF, { password: "roofPass1", allow_readonly: true })).status).toBe(200);
    expect((await security("garage", GARAGE, { password: "garagePass1", allow_readonly: true })).status).toBe(
      200,
    );
    const o = parseStrict(Overview, await (await get("/api/overview")).json());
    expect(o.locked).toEqual([]);
    expect(o.devices.map((d) => [d.name, d.locked])).toEqual([
      ["roof", false],
      ["garage", false],
    ]);
    const cards = o.devices as OverviewDevice[];
    expect(o.total.power_w).toBeCloseTo((cards[0]?.power_w ?? NaN) + (cards[1]?.power_w ?? NaN), 1);
    const energy = parseStrict(
      OverviewEnergy,
      await (await get("/api/overview/energy?from=2026-06-01&to=2026-06-21&interval=day")).json(),
    );
    expect(energy.locked).toEqual([]);
    expect(Object.keys(energy.rows[0]?.devices ?? {})).toEqual(["roof", "garage"]);
    // Nothing to unlock: the login wants a password every device accepts, as before.
    expect((await get("/api/security/authenticate", { ...XHR, authorization: ROOF })).status).toBe(401);
  });
});
