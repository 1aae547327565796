/** Device quirks a client can notice (API.md §3.9, §3.11, §3.12, §3.14, §3.16), one behaviour per test. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN, FORM, form, startGateway, type TestGateway } from "../helpers/app.ts";
import { mqttSettings } from "../helpers/bodies.ts";

let gw: TestGateway | null = null;
afterEach(async () => {
  await gw?.close();
  gw = null;
});

async function post(url: string, data: unknown): Promise<Record<string, unknown>> {
  const res = await gw!.app.inject({
    method: "POST",
    url,
    headers: { ...FORM, authorization: ADMIN },
    payload: form(data),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function get(url: string): Promise<Record<string, unknown>> {
  const res = await gw!.app.inject({ url, headers: { authorization: ADMIN } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

interface ListEntry {
  id: number;
  order: number;
  poll_enable_night: boolean;
  reachable_threshold: number;
  channel: { name: string; max_power: number }[];
}

describe("inverter slots (API.md §3.9)", () => {
  it("a deleted slot keeps order, flags and channels; add reuses them", async () => {
    gw = await startGateway();
    const edit = {
      id: 1,
      serial: "116482345678",
      name: "Carport",
      order: 5,
      poll_enable_night: false,
      reachable_threshold: 9,
      channel: [{ name: "West", max_power: 380, yield_total_offset: 2 }],
    };
    expect(await post("/api/inverter/edit", edit)).toMatchObject({ code: 4007 });
    expect(await post("/api/inverter/order", { order: [0, 1] })).toMatchObject({ code: 4009 });
    expect(await post("/api/inverter/order", { order: [99, 98, 1] })).toMatchObject({ code: 4009 });
    expect(await post("/api/inverter/del", { id: 1 })).toMatchObject({ code: 4008 });
    let list = (await get("/api/inverter/list")).inverter as ListEntry[];
    expect(list.map((i) => i.id)).toEqual([0]);
    expect(await post("/api/inverter/add", { serial: "116491234567", name: "Reused" })).toMatchObject({
      code: 4004,
    });
    list = (await get("/api/inverter/list")).inverter as ListEntry[];
    const reused = list.find((i) => i.id === 1);
    expect(reused).toMatchObject({ order: 2, poll_enable_night: false, reachable_threshold: 9 });
    expect(reused?.channel[0]).toMatchObject({ name: "West", max_power: 380 });
  });
});

describe("MQTT root CA (API.md §1.1, §3.16)", () => {
  it("an omitted mqtt_root_ca_cert is stored as the text null, in config.json too", async () => {
    gw = await startGateway();
    const { mqtt_root_ca_cert: _omitted, ...body } = mqttSettings({ mqtt_hostname: "" });
    expect(await post("/api/mqtt/config", body)).toMatchObject({ code: 1001 });
    expect((await get("/api/mqtt/config")).mqtt_root_ca_cert).toBe("null");
    await gw.app.gateway.store.flush();
    const file = JSON.parse(await readFile(join(gw.dataDir, "config.json"), "utf8")) as {
      mqtt: { tls: { root_ca_cert: unknown } };
    };
    expect(file.mqtt.tls.root_ca_cert).toBe("null");
  });
});

describe("empty answers (API.md §2.2, §3.12)", () => {
  it("401, the 404 of config/get and the 500 of an upload without ?file carry no body and no Content-Type", async () => {
    gw = await startGateway();
    const denied = await gw.app.inject({ url: "/api/dtu/config" });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers["www-authenticate"]).toBe('Basic realm="Login Required"');
    expect(denied.headers["content-type"]).toBeUndefined();
    expect(denied.body).toBe("");
    const missing = await gw.app.inject({
      url: "/api/config/get?file=pin_mapping.json",
      headers: { authorization: ADMIN },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toBeUndefined();
    expect(missing.body).toBe("");
    const upload = await gw.app.inject({
      method: "POST",
      url: "/api/config/upload",
      headers: { authorization: ADMIN },
    });
    expect(upload.statusCode).toBe(500);
    expect(upload.headers["content-type"]).toBeUndefined();
    expect(upload.body).toBe("");
  });
});
