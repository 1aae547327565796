/**
 * The household meter of a real device (issue 31 §1, proxy mode): `/api/meter/*` is answered by the proxy on the
 * device's port, not forwarded (the device has no such API), with its settings in the proxy's data folder and the
 * device's own access rule. A simulated gateway plays the device, a loopback Shelly Gen2 plays the meter.
 */
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { meterEndpoints } from "@dtu/api/meter";
import { meterResponseSchemas } from "@dtu/api/meterSchemas";
import { parseStrict } from "@dtu/api/strict";
import { buildProxyApp, type ProxyApp } from "../../src/proxy/app.ts";
import { ADMIN, FORM, form, makeDataDir, startGateway, type TestGateway } from "../helpers/app.ts";
import { json, serve, type TestServer } from "../meter/servers.ts";

const e = meterEndpoints;
let dataDir: string;
let device: TestGateway;
let proxy: ProxyApp;
let shelly: TestServer;
let watts = 321;
const lines: string[] = [];

beforeAll(async () => {
  dataDir = await makeDataDir();
  device = await startGateway({ dataDir: join(dataDir, "device") });
  const deviceUrl = await device.app.listen({ port: 0, host: "127.0.0.1" });
  shelly = await serve((req, res) =>
    req.url?.startsWith("/rpc/EM.GetStatus")
      ? json(res, { id: 0, total_act_power: watts, a_act_power: watts, b_act_power: 0, c_act_power: 0 })
      : json(res, { code: 404 }, 404),
  );
  proxy = await buildProxyApp({
    device: deviceUrl,
    webRoot: join(dataDir, "no-web"),
    meter: { dataDir: join(dataDir, "proxy"), log: (line) => lines.push(line) },
  });
});
afterAll(async () => {
  await proxy.close();
  await device.close();
  await shelly.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string, authorization?: string) =>
  proxy.inject({
    url,
    headers: authorization ? { authorization, "x-requested-with": "XMLHttpRequest" } : {},
  });
const post = (url: string, data: unknown, authorization = ADMIN) =>
  proxy.inject({ method: "POST", url, headers: { ...FORM, authorization }, payload: form(data) });

describe("proxy mode: a real device's meter", () => {
  it("is off at first (no simulated house for a real device) and features say meter", async () => {
    expect((await get("/api/gateway/features")).json()).toMatchObject({ meter: true });
    const view = parseStrict(meterResponseSchemas.configGet, (await get(e.configGet.path, ADMIN)).json());
    expect(view).toMatchObject({ enabled: false });
    const status = parseStrict(meterResponseSchemas.status, (await get(e.status.path)).json());
    expect(status.state).toBe("off");
  });

  it("keeps the device's access rule: settings and test need its admin password", async () => {
    expect((await get(e.configGet.path)).statusCode).toBe(401);
    const none = await proxy.inject({ method: "POST", url: e.test.path, headers: FORM, payload: form({}) });
    expect(none.statusCode).toBe(401);
    // The simulated house is the simulated device's only.
    expect((await post(e.configPost.path, { enabled: true, kind: "sim" })).json()).toMatchObject({
      field: "kind",
    });
  });

  it("tests, saves and reads a Shelly through the proxy, settings in the proxy's meter.json", async () => {
    const settings = { enabled: true, kind: "shelly", url: shelly.url, interval_ms: 250 };
    const test = parseStrict(meterResponseSchemas.test, (await post(e.test.path, settings)).json());
    expect(test).toMatchObject({ ok: true, power_w: 321 });
    const saved = await post(e.configPost.path, settings);
    expect(saved.statusCode).toBe(200);
    const file = JSON.parse(await readFile(join(dataDir, "proxy", "meter.json"), "utf8")) as { kind: string };
    expect(file.kind).toBe("shelly");
    watts = -456;
    await vi.waitFor(
      async () => {
        const s = parseStrict(meterResponseSchemas.status, (await get(e.status.path)).json());
        expect(s).toMatchObject({ state: "ok", power_w: -456 });
      },
      { timeout: 5000, interval: 50 },
    );
    // The device itself never saw a meter request: everything else is still forwarded.
    expect((await get("/api/system/status")).statusCode).toBe(200);
  });
});
