/**
 * Two real gateways on loopback, each behind its own `/d/NAME/` of a third (issue 24 "Proxy of two real gateways"):
 * API and sockets pass through, the overview follows the gateway's own connection to each, and a device that stops
 * shows "not answering" while the other goes on.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LiveData } from "@dtu/api/live";
import type { OverviewDevice } from "@dtu/api/overview";
import { parseStrict } from "@dtu/api/strict";
import { buildApp, type GatewayApp } from "../../src/app.ts";
import {
  connect,
  fastNoon,
  listenHost,
  received,
  openOverview,
  type HostUnderTest,
  type OpenOverview,
} from "./helpers.ts";

let dir: string;
let t: HostUnderTest;
const clock = fastNoon();
const upstream: GatewayApp[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "dtu-multi-proxy-"));
  for (const name of ["a", "b"]) {
    const app = await buildApp({
      dataDir: join(dir, `upstream-${name}`),
      webRoot: join(dir, "no-web"),
      identity: { mac: name === "a" ? "24:0A:C4:00:00:0A" : "24:0A:C4:00:00:0B" },
      // The device's clock and its uptime run fast and stop together, as on a device whose `data_age` and uptime
      // count on one counter (API.md §3.1): the overview tells read inverters from unread ones by comparing them. A
      // change still reaches the gateway's connection after the stop: the socket pushes on every new reading.
      clock,
      tickMs: 20,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    upstream.push(app);
  }
  const url = (app: GatewayApp) => new URL(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  // Without history there is no recorder's connection to follow: the overview opens its own and says so.
  const said = vi.spyOn(console, "log").mockImplementation(() => undefined);
  t = await listenHost({
    specs: upstream.map((app, i) => ({ name: i === 0 ? "house" : "barn", target: url(app) })),
    dataDir: join(dir, "host"),
    proxy: { webRoot: join(dir, "no-web") },
  });
  expect(said.mock.calls.map(([line]) => String(line))).toEqual([
    "house: no history recorder to share: the overview opens its own live connection to the device",
    "barn: no history recorder to share: the overview opens its own live connection to the device",
  ]);
  said.mockRestore();
});
afterAll(async () => {
  await t?.close();
  await Promise.all(upstream.map((app) => app.close()));
  await rm(dir, { recursive: true, force: true });
});

const getJson = async (path: string): Promise<unknown> => (await fetch(`http://${t.origin}${path}`)).json();
const overview = async (): Promise<OpenOverview> => openOverview(await getJson("/api/overview"));

describe("two real gateways behind one", () => {
  it("passes each device's API and live socket through under /d/NAME/", async () => {
    const house = parseStrict(LiveData, await getJson("/d/house/api/livedata/status"));
    const own = upstream[0]?.gateway.fleet.liveData();
    expect(house.inverters.map((i) => i.serial)).toEqual(own?.inverters.map((i) => i.serial));
    const ws = await connect(`ws://${t.origin}/d/barn/livedata`);
    try {
      const frame = parseStrict(LiveData, JSON.parse(await received(ws, /"inverters"/)));
      expect(frame.inverters.map((i) => i.serial)).toEqual(
        upstream[1]?.gateway.fleet.liveData().inverters.map((i) => i.serial),
      );
    } finally {
      ws.terminate();
    }
  });

  it("sums what the gateway's own connections report", async () => {
    await vi.waitUntil(
      async () => {
        const o = await overview();
        // Every inverter read once since its DTU started (a reading within the start's slack counts only with the
        // next poll, port/real/reads.ts): the clock is stopped next.
        const ready = (d: OverviewDevice): boolean =>
          d.reachable && (d.power_w ?? 0) > 0 && d.inverters.read === d.inverters.total;
        return o.devices.every(ready) ? true : undefined;
      },
      { timeout: 15_000, interval: 25 },
    );
    clock.freeze();
    try {
      // The fleets' last tick up to the stopped clock, and its push, may still be on the way: wait until the
      // overview shows what each device's own live document says now.
      const { o, a, b } = await vi.waitUntil(
        async () => {
          const [a, b] = upstream.map((app) => app.gateway.fleet.liveData());
          const o = await overview();
          const shows = (i: number, d: LiveData | undefined): boolean =>
            o.devices[i]?.power_w === d?.total.Power.v &&
            o.devices[i]?.yield_day_wh === d?.total.YieldDay.v &&
            o.devices[i]?.yield_total_kwh === d?.total.YieldTotal.v;
          return shows(0, a) && shows(1, b) ? { o, a, b } : undefined;
        },
        { timeout: 15_000, interval: 25 },
      );
      expect(o.total.power_w).toBeCloseTo((a?.total.Power.v ?? NaN) + (b?.total.Power.v ?? NaN), 1);
      expect(o.total.yield_total_kwh).toBeCloseTo(
        (a?.total.YieldTotal.v ?? NaN) + (b?.total.YieldTotal.v ?? NaN),
        3,
      );
      expect(o.devices[1]?.inverters).toEqual({
        total: b?.inverters.length,
        reachable: b?.inverters.filter((i) => i.reachable).length,
        producing: b?.inverters.filter((i) => i.producing).length,
        read: b?.inverters.length,
      });
      // Without history the devices run no alerts: "none watched" (null), not "none open" (0).
      expect(o.devices.map((d) => [d.alerts_open, d.alerts_critical])).toEqual([
        [null, null],
        [null, null],
      ]);
    } finally {
      clock.run();
    }
  });

  it("gives each device its own meter, its settings in the device's folder", async () => {
    const admin = `Basic ${Buffer.from("admin:openDTU42").toString("base64")}`;
    const settings = { enabled: false, kind: "http", url: "http://127.0.0.1:9/power", path: "w" };
    const res = await fetch(`http://${t.origin}/d/house/api/meter/config`, {
      method: "POST",
      headers: { authorization: admin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ data: JSON.stringify(settings) }).toString(),
    });
    expect(await res.json()).toMatchObject({ type: "success" });
    expect(JSON.parse(await readFile(join(dir, "host", "house", "meter.json"), "utf8"))).toMatchObject(
      settings,
    );
    const view = (path: string) =>
      fetch(`http://${t.origin}${path}`, { headers: { authorization: admin } }).then((r) => r.json());
    expect(await view("/d/house/api/meter/config")).toMatchObject({ kind: "http" });
    expect(await view("/d/barn/api/meter/config")).toMatchObject({ enabled: false, kind: "shelly", url: "" });
    expect(await getJson("/d/barn/api/meter/status")).toMatchObject({ state: "off" });
  });

  it("shows a stopped device as not answering since then; the other goes on", async () => {
    const before = Math.floor(Date.now() / 1000);
    await upstream[1]?.close();
    const o = await vi.waitUntil(
      async () => {
        const now = await overview();
        return now.devices[1]?.reachable === false ? now : undefined;
      },
      { timeout: 5000, interval: 25 },
    );
    expect(o.devices[1]?.since).toBeGreaterThanOrEqual(before);
    expect(o.devices[0]?.reachable).toBe(true);
    expect(o.total.power_w).toBe(o.devices[0]?.power_w);
    const res = await fetch(`http://${t.origin}/d/barn/api/livedata/status`);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toMatch(/Device unreachable/);
    expect((await fetch(`http://${t.origin}/d/house/api/livedata/status`)).status).toBe(200);
  });
});
