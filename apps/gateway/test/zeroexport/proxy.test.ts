/**
 * Zero export in proxy mode (issue 32 "Done when"): the proxy in front of a simulated gateway acting as the real
 * device, with an HTTP meter test server reading the house's load − the device's true output. Turned on through the
 * proxy's own API, the limits arrive at the device as type-0 commands, never one while that inverter's previous one
 * is pending; closing the proxy sends the fallback. The device's clock moves 1 s per 250 ms here (the meter polls on
 * real timers every 250 ms).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { buildApp, type GatewayApp } from "../../src/app.ts";
import type { SimulatedFleet } from "../../src/fleet/index.ts";
import { buildProxyApp, type ProxyApp } from "../../src/proxy/app.ts";
import { fakeHost } from "../fleet/helpers.ts";
import { ADMIN, FORM, form } from "../helpers/app.ts";

const host = fakeHost("2026-06-21T10:00:00Z");
let dir: string;
let device: GatewayApp;
let proxy: ProxyApp;
let meter: Server;
let ticker: ReturnType<typeof setInterval>;
const arrived: { serial: string; value: number; type: number; pendingBefore: boolean }[] = [];

const fleet = (): SimulatedFleet => device.gateway.fleet as SimulatedFleet;
const output = (): number =>
  fleet()
    .liveData()
    .inverters.reduce((a, i) => a + (fleet().acPowerNow(i.serial) ?? 0), 0);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "dtu-zx-proxy-"));
  device = await buildApp({
    dataDir: join(dir, "device"),
    webRoot: join(dir, "no-web"),
    clock: host,
    tickMs: 20,
  });
  await device.listen({ host: "127.0.0.1", port: 0 });
  for (let i = 0; i < 60; i++) {
    host.advance(1000);
    device.gateway.fleet.tick();
  }
  const set = device.gateway.fleet.setLimit.bind(device.gateway.fleet);
  device.gateway.fleet.setLimit = (serial, value, type) => {
    const pendingBefore = device.gateway.fleet.limitStatus()[serial]?.limit_set_status === "Pending";
    arrived.push({ serial, value, type, pendingBefore });
    set(serial, value, type);
  };
  meter = createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ power: Math.round(300 - output()) }));
  });
  await new Promise<void>((r) => meter.listen(0, "127.0.0.1", r));
  proxy = await buildProxyApp({
    device: `http://127.0.0.1:${(device.server.address() as AddressInfo).port}`,
    webRoot: join(dir, "no-web"),
    security: { log: () => undefined, sleep: async () => undefined },
    history: { dataDir: join(dir, "proxy"), password: "openDTU42", clock: host, log: () => undefined },
    meter: { dataDir: join(dir, "proxy"), log: () => undefined },
    zeroExport: true,
  });
  await vi.waitFor(() => expect(proxy.port?.snapshot().inverters.every((i) => i.read)).toBe(true), {
    timeout: 5000,
  });
});
afterAll(async () => {
  await proxy?.close();
  clearInterval(ticker);
  await device?.close();
  await new Promise((r) => meter?.close(r));
  await rm(dir, { recursive: true, force: true });
});

const post = (url: string, data: unknown) =>
  proxy.inject({ method: "POST", url, headers: { ...FORM, authorization: ADMIN }, payload: form(data) });

it("limits arrive at the device as type-0 commands, one in flight per inverter; closing sends the fallback", async () => {
  expect((await proxy.inject({ url: "/api/gateway/features" })).json()).toMatchObject({ zeroexport: true });
  const m = `http://127.0.0.1:${(meter.address() as AddressInfo).port}/`;
  const meterSet = await post("/api/meter/config", {
    enabled: true,
    kind: "http",
    url: m,
    path: "power",
    interval_ms: 250,
  });
  expect(meterSet.statusCode, meterSet.body).toBe(200);
  const serials = fleet()
    .liveData()
    .inverters.map((i) => i.serial);
  const config = {
    enabled: true,
    target_w: 20,
    deadband_w: 0,
    max_total_w: null,
    fallback_w: null,
    inverters: serials.map((serial) => ({ serial, enabled: true, min_w: 20, max_w: 2000 })),
  };
  expect((await post("/api/zeroexport/config", config)).json()).toMatchObject({ code: "saved" });
  ticker = setInterval(() => {
    host.advance(1000);
    device.gateway.fleet.tick();
  }, 250);
  await vi.waitFor(() => expect(arrived.length).toBeGreaterThanOrEqual(2), {
    timeout: 15_000,
    interval: 100,
  });
  expect(
    arrived.every((a) => a.type === 0 && !a.pendingBefore),
    JSON.stringify(arrived),
  ).toBe(true);
  const status = (await proxy.inject({ url: "/api/zeroexport/status" })).json();
  expect(status.state).toBe("active");
  const n = arrived.length;
  await proxy.close();
  await vi.waitFor(() => expect(arrived.slice(n).some((a) => a.value === 20 && a.type === 0)).toBe(true));
});
