/**
 * The meter API on the simulated device (issue 31 §4): answers parse strictly with the shared schemas, auth classes,
 * a refusal names its field, the password is write-only and 0600 on disk, the simulated house can be held, and
 * features say meter.
 */
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meterEndpoints } from "@dtu/api/meter";
import { meterResponseSchemas } from "@dtu/api/meterSchemas";
import { parseStrict } from "@dtu/api/strict";
import { ADMIN, FORM, WRONG, form, startGateway, type TestGateway } from "../helpers/app.ts";
import { productionW } from "../../src/meter/house/simReader.ts";
import { json, serve, type TestServer } from "./servers.ts";

let gw: TestGateway;
let shelly: TestServer;
const e = meterEndpoints;

beforeAll(async () => {
  gw = await startGateway({ meter: true });
  shelly = await serve((_req, res) =>
    json(res, { total_act_power: 321, a_act_power: 300, b_act_power: 21, c_act_power: 0 }),
  );
});
afterAll(async () => {
  await gw.close();
  await shelly.close();
});

const get = (url: string, authorization?: string) =>
  gw.app.inject({
    url,
    headers: authorization ? { authorization, "x-requested-with": "XMLHttpRequest" } : {},
  });
const post = (url: string, data: unknown, authorization = ADMIN) =>
  gw.app.inject({ method: "POST", url, headers: { ...FORM, authorization }, payload: form(data) });

describe("meter API", () => {
  it("features say meter; the simulated house is the default and reads", async () => {
    expect((await get("/api/gateway/features")).json()).toMatchObject({ meter: true });
    const view = parseStrict(meterResponseSchemas.configGet, (await get(e.configGet.path, ADMIN)).json());
    expect(view).toMatchObject({ enabled: true, kind: "sim", password_set: false, interval_ms: 1000 });
    await gw.app.meter?.status();
    const status = await get(e.status.path);
    expect(status.statusCode).toBe(200);
    parseStrict(meterResponseSchemas.status, status.json());
  });

  it("status has the read rule, settings and test the admin rule", async () => {
    expect((await get(e.status.path)).statusCode).toBe(200);
    // Without credentials (a wrong password would put this address on the guessing brake for the next tests).
    const none = (url: string) => gw.app.inject({ method: "POST", url, headers: FORM, payload: form({}) });
    expect((await get(e.configGet.path)).statusCode).toBe(401);
    for (const path of [e.configPost.path, e.test.path, e.simHouse.path])
      expect((await none(path)).statusCode).toBe(401);
  });

  it("refuses a bad field by name and changes nothing", async () => {
    const cases: [unknown, string, string][] = [
      [{ kind: "zigbee" }, "kind", "kind"],
      [{ interval_ms: 100 }, "interval_ms", "interval_range"],
      [{ kind: "shelly", url: "ftp://x" }, "url", "url_scheme"],
      [{ kind: "http", url: "http://u:p@x/" }, "url", "url_credentials"],
      [{ kind: "http", url: "http://x/", path: "a..b" }, "path", "bad_path"],
      [{ kind: "mqtt", url: "mqtt://x", topic: "a/#" }, "topic", "bad_topic"],
      [{ kind: "tasmota", url: "" }, "url", "required"],
      [{ colour: "red" }, "colour", "unknown_field"],
      [{ invert: "yes" }, "invert", "wrong_type"],
    ];
    for (const [data, field, code] of cases) {
      const res = await post(e.configPost.path, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(parseStrict(meterResponseSchemas.configPost, res.json())).toMatchObject({
        type: "danger",
        field,
        code,
      });
    }
    expect((await post(e.configPost.path, "{not json")).json()).toMatchObject({ code: "data_json" });
    expect((await get(e.configGet.path, ADMIN)).json()).toMatchObject({ kind: "sim", enabled: true });
  });

  it("saves a Shelly with a password it never shows, in a 0600 file, and reads it", async () => {
    const res = await post(e.configPost.path, {
      kind: "shelly",
      url: shelly.url,
      password: "Sh3lly-pw",
      interval_ms: 250,
    });
    expect(res.json()).toMatchObject({ type: "success", code: "saved" });
    const view = (await get(e.configGet.path, ADMIN)).json() as Record<string, unknown>;
    expect(view).toMatchObject({ kind: "shelly", password_set: true });
    expect(JSON.stringify(view)).not.toContain("Sh3lly-pw");
    const file = join(gw.dataDir, "meter.json");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ password: "Sh3lly-pw" });
    await expect
      .poll(async () => (await get(e.status.path)).json(), { timeout: 2000 })
      .toMatchObject({ state: "ok", power_w: 321, phases_w: [300, 21, 0] });
    // A POST without the password keeps it.
    await post(e.configPost.path, { interval_ms: 500 });
    expect((await get(e.configGet.path, ADMIN)).json()).toMatchObject({
      password_set: true,
      interval_ms: 500,
    });
  });

  it("tests a config without saving it, and says why not", async () => {
    const ok = await post(e.test.path, {
      kind: "http",
      url: `${shelly.url}/x`,
      path: "b_act_power",
      unit: "kW",
    });
    expect(parseStrict(meterResponseSchemas.test, ok.json())).toMatchObject({
      ok: true,
      power_w: 21000,
      found: "21",
    });
    const missing = await post(e.test.path, { kind: "http", url: shelly.url, path: "nope" });
    expect(missing.json()).toMatchObject({
      ok: false,
      error: { code: "no_value", params: { path: "nope" } },
    });
    expect((await get(e.configGet.path, ADMIN)).json()).toMatchObject({ kind: "shelly" });
  });

  it("off: state off, nulls", async () => {
    await post(e.configPost.path, { enabled: false });
    const status = parseStrict(meterResponseSchemas.status, (await get(e.status.path)).json());
    expect(status).toMatchObject({ state: "off", power_w: null, today: { import_wh: null } });
  });

  it("holds the simulated house at a load and returns it to the model", async () => {
    await post(e.configPost.path, { enabled: true, kind: "sim", interval_ms: 250 });
    const held = await post(e.simHouse.path, { load_w: 3000 });
    expect(parseStrict(meterResponseSchemas.simHouse, held.json())).toMatchObject({
      type: "success",
      load_w: 3000,
    });
    // The grid gives what the fleet does not.
    const production = () => productionW(gw.app.port.snapshot());
    await expect
      .poll(async () => ((await get(e.status.path)).json() as { power_w: number }).power_w + production(), {
        timeout: 2000,
      })
      .toBeCloseTo(3000, 0);
    expect((await post(e.simHouse.path, { load_w: -1 })).statusCode).toBe(400);
    expect((await post(e.simHouse.path, { load_w: null })).json()).toMatchObject({ load_w: null });
    expect(gw.app.meter?.house?.held()).toBeNull();
  });

  it("never puts the meter's password into the console, the status or the test's answer", async () => {
    const lines: string[] = [];
    const stop = gw.app.gateway.onLog((chunk) => void lines.push(chunk));
    const echo = await serve((req, res) => {
      res.writeHead(401, { "www-authenticate": 'Basic realm="x"' });
      res.end(`refused ${req.headers.authorization ?? ""} ${req.url ?? ""}`);
    });
    const secret = "Pa55-w0rd";
    const config = {
      enabled: true,
      kind: "tasmota",
      url: echo.url,
      path: "SML.curr_w",
      password: secret,
      interval_ms: 250,
    };
    const tested = await post(e.test.path, config);
    expect(tested.json()).toMatchObject({ ok: false, error: { code: "auth_refused" } });
    await post(e.configPost.path, config);
    await expect.poll(() => lines.join(""), { timeout: 2000 }).toContain("meter: the meter refused");
    const seen = [
      tested.body,
      (await get(e.status.path)).body,
      (await get(e.configGet.path, ADMIN)).body,
      ...lines,
    ];
    for (const text of seen) expect(text).not.toContain(secret);
    stop();
    await echo.close();
  });

  it("a wrong password is refused (last: it puts this address on the guessing brake)", async () => {
    expect((await get(e.configGet.path, WRONG)).statusCode).toBe(401);
  });
});

describe("meter.json", () => {
  it("is the gateway's own file, not the device's", async () => {
    const { gatewayFile, isDeviceFile } = await import("../../src/storage/deviceFiles.ts");
    expect(gatewayFile("meter.json")).toBe("meter settings");
    expect(isDeviceFile("meter.json")).toBe(false);
  });
});
