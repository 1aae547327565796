/**
 * Contract test: every endpoint of API.md §2.4 and every result code the device can produce, each JSON answer
 * parsed by the strict shared schemas (unknown keys fail).
 */
import { gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseStrict } from "@dtu/api/strict";
import { endpoints, type EndpointName } from "@dtu/api/endpoints";
import { responseSchemas } from "@dtu/api/schemas";
import { LEGACY_RESULT_CODES } from "@dtu/api/codes";
import {
  DeviceInfo,
  EmptyObject,
  EventLog,
  GridProfile,
  LimitStatus,
  LiveData,
  PowerStatus,
} from "@dtu/api/live";
import {
  DeviceConfig,
  DtuConfig,
  InverterList,
  MqttConfig,
  MqttStatus,
  NetworkConfig,
  NetworkStatus,
  NtpConfig,
  NtpStatus,
  NtpTime,
  SecurityConfig,
} from "@dtu/api/settings";
import { ApiResultSchema, ConfigList, SystemStatus } from "@dtu/api/system";
import { ADMIN, FORM, consoleLine, form, startGateway, type TestGateway } from "./helpers/app.ts";
import { mqttSettings } from "./helpers/bodies.ts";
import { sampleNetworkConfig } from "@dtu/api/samples";

let gw: TestGateway;
const seen = new Set<number>();

// A fresh device for every test, so each one holds in any order (vitest --sequence.shuffle).
beforeEach(async () => {
  gw = await startGateway();
});
afterEach(async () => {
  await gw.close();
});

// Every legacy result code was produced by some request of this file: checked once all its tests have run (when
// some were filtered out, e.g. with -t, the catalogue is incomplete by design and not checked).
// eslint-disable-next-line no-empty-pattern -- vitest reads hook arguments by destructuring; the suite is the 2nd.
afterAll(({}, suite) => {
  const tests: { mode: string }[] = [];
  const walk = (t: { type: string; mode: string; tasks?: unknown[] }) => {
    if (t.type === "test") tests.push(t);
    for (const c of t.tasks ?? []) walk(c as typeof t);
  };
  walk(suite as unknown as Parameters<typeof walk>[0]);
  if (tests.some((t) => t.mode !== "run")) return;
  const missing = LEGACY_RESULT_CODES.filter((c) => !seen.has(c));
  expect(missing, "legacy result codes no request produced").toEqual([]);
});

async function get(url: string): Promise<unknown> {
  const res = await gw.app.inject({ url, headers: { authorization: ADMIN } });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers["content-type"], url).toContain("application/json");
  return res.json();
}

async function post(url: string, data: unknown, raw = false) {
  const res = await gw.app.inject({
    method: "POST",
    url,
    headers: { ...FORM, authorization: ADMIN },
    payload: raw ? String(data) : form(data),
  });
  expect(res.statusCode, url).toBe(200);
  const body = parseStrict(ApiResultSchema, res.json());
  if (body.code !== undefined) seen.add(body.code);
  return body;
}

async function expectCode(url: string, data: unknown, code: number, param?: object) {
  const r = await post(url, data);
  expect(r.code, `${url} ${JSON.stringify(data).slice(0, 80)}`).toBe(code);
  if (param) expect(r.param).toEqual(param);
  else expect(r.param).toBeUndefined();
  return r;
}

const HM = "114182123456";
const HMS = "116482345678";

describe("read endpoints", () => {
  it("live data, event log, device info, grid profile, limit and power status", async () => {
    const live = parseStrict(LiveData, await get("/api/livedata/status"));
    expect(live.inverters.map((i) => i.serial)).toEqual([HM, HMS]);
    expect(live.hints.default_password).toBe(true);
    parseStrict(EventLog, await get(`/api/eventlog/status?inv=${HM}&locale=de`));
    parseStrict(DeviceInfo, await get(`/api/devinfo/status?inv=${HM}`));
    const grid = parseStrict(GridProfile, await get(`/api/gridprofile/status?inv=${HMS}`));
    expect(grid.raw).toHaveLength(141);
    for (const path of ["/api/eventlog/status", "/api/devinfo/status", "/api/gridprofile/status"]) {
      parseStrict(EmptyObject, await get(`${path}?inv=999999999999`));
      parseStrict(EmptyObject, await get(path));
    }
    const limit = parseStrict(LimitStatus, await get("/api/limit/status"));
    expect(Object.keys(limit)).toEqual([HM, HMS]);
    parseStrict(PowerStatus, await get("/api/power/status"));
  });

  it("system, network, ntp and mqtt status", async () => {
    const sys = parseStrict(SystemStatus, await get("/api/system/status"));
    expect(sys.hostname).toBe("OpenDTU-5E913B");
    expect(sys.cfgsavecount).toBeGreaterThanOrEqual(1);
    expect(sys.config_version).toBe("0.1.25");
    expect(sys.nrf_configured).toBe(true);
    const net = parseStrict(NetworkStatus, await get("/api/network/status"));
    expect(net.ap_ssid).toBe(`OpenDTU-${0x5e913b}`);
    expect(net.network_mac).toBe("24:0A:C4:5E:91:3B");
    expect(net.ap_mac).toBe("24:0A:C4:5E:91:3C");
    const ntp = parseStrict(NtpStatus, await get("/api/ntp/status"));
    expect(ntp.sun_risetime).toMatch(/^[A-Z][a-z]+, [A-Z][a-z]+ \d\d \d{4} \d\d:\d\d:00$/);
    const mqtt = parseStrict(MqttStatus, await get("/api/mqtt/status"));
    expect(mqtt.mqtt_lwt_topic).toBe("solar/dtu/status");
    expect(mqtt.mqtt_root_ca_cert_info).toContain("ISRG Root X1");
    expect(mqtt.mqtt_client_cert_info).toBe("");
  });

  it("prometheus metrics in the firmware's format", async () => {
    const res = await gw.app.inject({ url: "/api/prometheus/metrics" });
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-cache");
    const text = res.body;
    expect(text).toMatch(/^# HELP opendtu_build Build info\n# TYPE opendtu_build gauge\n/);
    expect(text).toContain('opendtu_build{name="OpenDTU-5E913B",id="v23.11.16",version="0.1.25"} 1\n');
    expect(text).toContain(`opendtu_platform{arch="ESP32-D0WDQ6",mac="24:0A:C4:5E:91:3B"} 1\n`);
    expect(text).toContain("# HELP opendtu_last_update last update from inverter in s\n");
    expect(text).toContain(
      `opendtu_Power{serial="${HM}",unit="0",name="Garage roof",type="AC",channel="0"} 190.0\n`,
    );
    expect(text).toContain(
      `opendtu_PowerDC{serial="${HM}",unit="0",name="Garage roof",type="AC",channel="0"} 200.0\n`,
    );
    expect(text).toContain("# TYPE opendtu_YieldDay counter\n");
    expect(text).toContain(
      `opendtu_PanelInfo{serial="${HM}",unit="0",name="Garage roof",channel="0",panelname="East"} 1\n`,
    );
    expect(text).toContain(
      `opendtu_YieldTotalOffset{serial="${HM}",unit="0",name="Garage roof",channel="1"} 0.000000\n`,
    );
    expect(text).toContain(
      `opendtu_Irradiation{serial="${HMS}",unit="1",name="House roof",type="DC",channel="3"} 0.000\n`,
    );
    expect(text).toContain(
      `opendtu_Temperature{serial="${HMS}",unit="1",name="House roof",type="INV",channel="0"} 30.0\n`,
    );
    expect(text).not.toContain("# HELP opendtu_Temperature");
    // HELP lines once: only for the first inverter's AC channel 0.
    expect(text.match(/# HELP opendtu_Power in W/g)).toHaveLength(1);
  });
});

describe("the endpoint map", () => {
  it("every GET entry with a JSON answer answers in its map schema", async () => {
    const names = (Object.keys(endpoints) as EndpointName[]).filter(
      (n) => endpoints[n].method === "GET" && responseSchemas[n] !== null,
    );
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      const schema = responseSchemas[name];
      const res = await gw.app.inject({ url: endpoints[name].path, headers: { authorization: ADMIN } });
      expect(res.statusCode, name).toBe(200);
      const gzip = res.headers["content-encoding"] === "gzip";
      const body: unknown = JSON.parse(gzip ? gunzipSync(res.rawPayload).toString() : res.body);
      if (schema) expect(() => parseStrict(schema, body), name).not.toThrow();
    }
  });
});

describe("settings GET endpoints", () => {
  it("answer in the strict shapes", async () => {
    const list = parseStrict(InverterList, await get("/api/inverter/list"));
    expect(list.inverter.map((i) => [i.id, i.serial, i.type, i.channel.length])).toEqual([
      [0, HM, "HM-600/700/800-2T", 2],
      [1, HMS, "HMS-1600/1800/2000", 4],
    ]);
    const dtu = parseStrict(DtuConfig, await get("/api/dtu/config"));
    expect(dtu.serial).toBe(`1999801${String(0x5e913b).slice(-5)}`);
    const device = parseStrict(DeviceConfig, await get("/api/device/config"));
    expect(device.curPin.name).toBe("");
    expect(device.curPin.display).toEqual({ type: 0, data: 255, clk: 255, cs: 255, reset: 255 });
    parseStrict(SecurityConfig, await get("/api/security/config"));
    const mqtt = parseStrict(MqttConfig, await get("/api/mqtt/config"));
    expect(mqtt.mqtt_root_ca_cert).toContain("-----BEGIN CERTIFICATE-----");
    const net = parseStrict(NetworkConfig, await get("/api/network/config"));
    expect(net.hostname).toBe("OpenDTU-%06X");
    parseStrict(NtpConfig, await get("/api/ntp/config"));
    parseStrict(NtpTime, await get("/api/ntp/time"));
    const files = parseStrict(ConfigList, await get("/api/config/list"));
    expect(files.configs).toEqual([{ name: "config.json" }]);
    const auth = parseStrict(ApiResultSchema, await get("/api/security/authenticate"));
    expect(auth).toEqual({ type: "success", message: "Authentication successful!", code: 10002 });
    seen.add(10002);
  });

  it("config/get downloads files, 404 with empty body for a missing one", async () => {
    const res = await gw.app.inject({ url: "/api/config/get", headers: { authorization: ADMIN } });
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="config.json"');
    const config = res.json<{
      inverters: { serial: number; channel: unknown[] }[];
      cfg: { version: number };
    }>();
    expect(config.cfg.version).toBe(71936);
    expect(config.inverters).toHaveLength(10);
    expect(config.inverters[0]?.serial).toBe(18973052777558);
    expect(config.inverters.every((i) => i.channel.length === 6)).toBe(true);
    const missing = await gw.app.inject({
      url: "/api/config/get?file=pin_mapping.json",
      headers: { authorization: ADMIN },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe("");
  });
});

describe("generic POST checks (API.md §3.0)", () => {
  const url = "/api/limit/config";
  it("1002 without data, 1003 too large, 1004 bad JSON, 1005 missing keys", async () => {
    const none = await gw.app.inject({
      method: "POST",
      url,
      headers: { ...FORM, authorization: ADMIN },
      payload: "other=1",
    });
    expect(none.json()).toEqual({ type: "warning", message: "No values found!", code: 1002 });
    seen.add(1002);
    await expectCode(url, `{"serial":"${"1".repeat(1100)}"}`, 1003);
    await expectCode(url, "{not json", 1004);
    await expectCode(url, { serial: HM }, 1005);
    await expectCode(url, [1, 2], 1005);
    // device/config accepts 10240 characters before 1003.
    await expectCode("/api/device/config", { curPin: { name: "x".repeat(2000) } }, 12001, { max: 63 });
    await expectCode("/api/device/config", { curPin: { name: "x".repeat(11000) } }, 1003);
  });

  it("config/delete answers 1003 on a parse error", async () => {
    const r = await post("/api/config/delete", "{oops");
    expect(r).toEqual({ type: "warning", message: "Failed to parse data!", code: 1003 });
  });
});

describe("limit and power commands", () => {
  it("checks in the device's order", async () => {
    const url = "/api/limit/config";
    await expectCode(url, { serial: "0", limit_value: 50, limit_type: 1 }, 5001);
    await expectCode(url, { serial: "1141821234ab", limit_value: 50, limit_type: 1 }, 5001);
    await expectCode(url, { serial: HM, limit_value: 0, limit_type: 1 }, 5002, { max: 2250 });
    await expectCode(url, { serial: HM, limit_value: 2251, limit_type: 1 }, 5002, { max: 2250 });
    await expectCode(url, { serial: HM, limit_value: 50, limit_type: 2 }, 5003);
    await expectCode(url, { serial: "999999999999", limit_value: 50, limit_type: 1 }, 5004);
    await expectCode(url, { serial: HM, limit_value: "50", limit_type: "257" }, 1001);
    expect(gw.fleet().calls).toContain(`limit ${HM} 50 257`);
  });

  it("power: serial zero, unknown inverter, power wins over restart", async () => {
    const url = "/api/power/config";
    await expectCode(url, { serial: HM }, 1005);
    await expectCode(url, { serial: 0, power: true }, 11001);
    await expectCode(url, { serial: "999999999999", power: true }, 11002);
    await expectCode(url, { serial: HM, power: false, restart: true }, 1001);
    await expectCode(url, { serial: HMS, restart: true }, 1001);
    await expectCode(url, { serial: HMS, restart: false }, 1001);
    expect(gw.fleet().calls.filter((c) => c.startsWith("power") || c.startsWith("restart"))).toEqual([
      `power ${HM} false`,
      `restart ${HMS}`,
    ]);
  });
});

describe("inverter management", () => {
  it("add: checks, first free slot, 10 slots", async () => {
    const url = "/api/inverter/add";
    await expectCode(url, { serial: "abc", name: "x" }, 4001);
    await expectCode(url, { serial: "112182123456", name: "" }, 4002, { max: 31 });
    await expectCode(url, { serial: "112182123456", name: "n".repeat(32) }, 4002, { max: 31 });
    await expectCode(url, { serial: 112182123456, name: "n".repeat(31) }, 4004);
    const list = parseStrict(InverterList, await get("/api/inverter/list"));
    expect(list.inverter[2]).toMatchObject({ id: 2, serial: "112182123456", type: "HM-300/350/400-1T" });
    expect(list.inverter[2]?.channel).toHaveLength(1);
    for (let i = 3; i < 10; i++) await expectCode(url, { serial: `11218212345${i}`, name: `I${i}` }, 4004);
    await expectCode(url, { serial: "112182123499", name: "eleven" }, 4003, { max: 10 });
  });

  it("del, edit and order with their quirks", async () => {
    // All 10 slots in use, as the add test leaves them.
    for (let i = 2; i < 10; i++)
      await expectCode("/api/inverter/add", { serial: `11218212345${i}`, name: `I${i}` }, 4004);
    await expectCode("/api/inverter/del", { id: 10 }, 4005);
    await expectCode("/api/inverter/del", { id: 9 }, 4008);
    await expectCode("/api/inverter/del", { id: 9 }, 4008);
    const url = "/api/inverter/edit";
    const entry = { id: 9, serial: "999912345678", name: "Unknown type", channel: [{ name: "a" }] };
    await expectCode(url, { ...entry, id: 10 }, 4005);
    await expectCode(url, { ...entry, serial: "0" }, 4001);
    await expectCode(url, { ...entry, name: "" }, 4002, { max: 31 });
    await expectCode(url, { ...entry, channel: [] }, 4006);
    await expectCode(url, { ...entry, channel: new Array(7).fill({}) }, 4006);
    const ok = await gw.app.inject({
      method: "POST",
      url,
      headers: { ...FORM, authorization: ADMIN },
      payload: form({
        ...entry,
        reachable_threshold: 7,
        poll_enable_night: false,
        channel: [{ name: "c".repeat(40), max_power: "300", yield_total_offset: "1.5" }],
      }),
    });
    // Edit success alone has the key order type, code, message (API.md §3.0).
    expect(ok.body).toBe('{"type":"success","code":4007,"message":"Inverter changed!"}');
    seen.add(4007);
    const list = parseStrict(InverterList, await get("/api/inverter/list"));
    const edited = list.inverter.find((i) => i.id === 9);
    expect(edited).toMatchObject({ type: "Unknown", reachable_threshold: 7, poll_enable_night: false });
    expect(edited?.channel).toHaveLength(6);
    expect(edited?.channel[0]).toEqual({ name: "c".repeat(30), max_power: 300, yield_total_offset: 1.5 });
    await expectCode("/api/inverter/order", { order: ["9", 12, 0] }, 4009);
    const after = parseStrict(InverterList, await get("/api/inverter/list"));
    expect(after.inverter.find((i) => i.id === 9)?.order).toBe(0);
    expect(after.inverter.find((i) => i.id === 0)?.order).toBe(2);
  });
});

describe("DTU, device and security settings", () => {
  it("dtu/config", async () => {
    const url = "/api/dtu/config";
    const base = {
      serial: "199980112345",
      pollinterval: 7,
      nrf_palevel: 2,
      cmt_palevel: 5,
      cmt_frequency: 865500,
    };
    await expectCode(url, { ...base, serial: "x" }, 2001);
    await expectCode(url, { ...base, pollinterval: 0 }, 2002);
    await expectCode(url, { ...base, nrf_palevel: 4 }, 2003);
    await expectCode(url, { ...base, cmt_palevel: -11 }, 2003);
    await expectCode(url, { ...base, cmt_frequency: 865100 }, 2004, { min: 860250, max: 923500 });
    await expectCode(url, { ...base, cmt_frequency: 923750 }, 2004, { min: 860250, max: 923500 });
    await expectCode(url, { ...base, cmt_palevel: "-10" }, 1001);
    const dtu = parseStrict(DtuConfig, await get(url));
    expect(dtu).toMatchObject({
      serial: "199980112345",
      pollinterval: 7,
      cmt_palevel: -10,
      cmt_frequency: 865500,
    });
  });

  it("device/config stores the profile name and display settings", async () => {
    const url = "/api/device/config";
    await expectCode(url, { other: 1 }, 1005);
    await expectCode(url, { curPin: { name: "" } }, 12001, { max: 63 });
    const display = { rotation: 1, power_safe: false, screensaver: true, contrast: "80", language: 2 };
    await expectCode(url, { curPin: { name: "" }, display }, 12001, { max: 63 });
    await expectCode(url, { curPin: { name: "My board" }, display }, 1001);
    const device = parseStrict(DeviceConfig, await get(url));
    expect(device.curPin.name).toBe("My board");
    expect(device.display).toEqual({ ...display, contrast: 80 });
  });

  it("security/config with the values-missing quirk", async () => {
    const url = "/api/security/config";
    await expectCode(url, { allow_readonly: true }, 1005);
    await expectCode(url, {}, 10001, { max: 64 });
    await expectCode(url, { password: "short" }, 10001, { max: 64 });
    await expectCode(url, { password: "p".repeat(65) }, 10001, { max: 64 });
    await expectCode(url, { password: "openDTU42", allow_readonly: true }, 1001);
  });

  it("maintenance/reboot", async () => {
    await expectCode("/api/maintenance/reboot", { reboot: false }, 6002);
    await expectCode("/api/maintenance/reboot", {}, 1005);
  });
});

describe("MQTT settings", () => {
  const base = mqttSettings({
    mqtt_enabled: true,
    mqtt_username: "u",
    mqtt_password: "p",
    mqtt_hass_enabled: true,
  });
  const url = "/api/mqtt/config";
  it("every check in order, only when enabled", async () => {
    const { mqtt_hass_topic: _dropped, ...missing } = base;
    await expectCode(url, missing, 1005);
    await expectCode(url, { ...base, mqtt_hostname: "" }, 7001, { max: 128 });
    await expectCode(url, { ...base, mqtt_username: "u".repeat(65) }, 7002, { max: 64 });
    await expectCode(url, { ...base, mqtt_password: "p".repeat(65) }, 7003, { max: 64 });
    await expectCode(url, { ...base, mqtt_topic: `${"t".repeat(32)}/` }, 7004, { max: 32 });
    await expectCode(url, { ...base, mqtt_topic: "so lar/" }, 7005);
    await expectCode(url, { ...base, mqtt_topic: "solar" }, 7006);
    await expectCode(url, { ...base, mqtt_port: 0 }, 7007);
    await expectCode(url, { ...base, mqtt_port: 65536 }, 7007);
    await expectCode(url, { ...base, mqtt_client_key: "k".repeat(2561) }, 7008, { max: 2560 });
    await expectCode(url, { ...base, mqtt_lwt_topic: "l".repeat(33) }, 7009, { max: 32 });
    await expectCode(url, { ...base, mqtt_lwt_topic: "dtu status" }, 7010);
    await expectCode(url, { ...base, mqtt_lwt_online: "o".repeat(21) }, 7011, { max: 20 });
    await expectCode(url, { ...base, mqtt_lwt_offline: "o".repeat(21) }, 7012, { max: 20 });
    await expectCode(url, { ...base, mqtt_publish_interval: 4 }, 7013, { min: 5, max: 65535 });
    await expectCode(url, { ...base, mqtt_publish_interval: 65536 }, 7013, { min: 5, max: 65535 });
    await expectCode(url, { ...base, mqtt_hass_topic: "h".repeat(33) }, 7014, { max: 32 });
    await expectCode(url, { ...base, mqtt_hass_topic: "home assistant/" }, 7015);
    await expectCode(url, { ...base, mqtt_hass_enabled: false, mqtt_hass_topic: "home assistant/" }, 1001);
    await expectCode(url, { ...base, mqtt_enabled: false, mqtt_topic: "no slash", mqtt_port: 0 }, 1001);
    const { mqtt_root_ca_cert: _ca, ...noCa } = base;
    await expectCode(url, noCa, 1001);
    const cfg = parseStrict(MqttConfig, await get(url));
    expect(cfg.mqtt_root_ca_cert).toBe("null");
    expect(cfg.mqtt_topic).toBe("solar/");
  });
});

describe("network settings", () => {
  // The body the web app of v23.11.16 posts: no mdnsenabled (later firmware added it).
  const { mdnsenabled: _later, ...base } = sampleNetworkConfig;
  const url = "/api/network/config";
  it("codes 8001–8006 and the three code-less warnings", async () => {
    await expectCode(url, { ...base, ipaddress: "1.2.3" }, 8001);
    await expectCode(url, { ...base, netmask: "256.0.0.0" }, 8002);
    await expectCode(url, { ...base, gateway: "" }, 8003);
    await expectCode(url, { ...base, dns1: "a.b.c.d" }, 8004);
    await expectCode(url, { ...base, dns2: "1.2.3.4.5" }, 8005);
    expect(await post(url, { ...base, hostname: "h".repeat(32) })).toEqual({
      type: "warning",
      message: "Hostname must between 1 and 31 characters long!",
    });
    expect(await post(url, { ...base, ssid: "" })).toEqual({
      type: "warning",
      message: "SSID must between 1 and 32 characters long!",
    });
    expect(await post(url, { ...base, password: "p".repeat(64) })).toEqual({
      type: "warning",
      message: "Password must not be longer than 64 characters long!",
    });
    await expectCode(url, { ...base, aptimeout: 100000 }, 8006);
    await expectCode(url, { ...base, dhcp: false, ipaddress: "192.168..7", hostname: "my dtu!" }, 1001);
    const cfg = parseStrict(NetworkConfig, await get(url));
    expect(cfg).toMatchObject({ ipaddress: "192.168.0.7", dhcp: false, mdnsenabled: false });
    const status = parseStrict(NetworkStatus, await get("/api/network/status"));
    expect(status.network_hostname).toBe("my-dtu");
    expect(status.network_ip).toBe("192.168.0.7");
  });
});

describe("time", () => {
  it("ntp/config checks", async () => {
    const url = "/api/ntp/config";
    const base = {
      ntp_server: "pool.ntp.org",
      ntp_timezone: "CET-1CEST,M3.5.0,M10.5.0/3",
      ntp_timezone_descr: "Europe/Berlin",
      latitude: "48.5",
      longitude: 9,
      sunsettype: 2,
    };
    await expectCode(url, { ...base, ntp_server: "s".repeat(32) }, 9001, { max: 31 });
    await expectCode(url, { ...base, ntp_timezone: "" }, 9002, { max: 50 });
    await expectCode(url, { ...base, ntp_timezone_descr: "d".repeat(51) }, 9003, { max: 50 });
    await expectCode(url, base, 1001);
    const cfg = parseStrict(NtpConfig, await get(url));
    expect(cfg).toMatchObject({ latitude: 48.5, longitude: 9, sunsettype: 2 });
  });

  it("ntp/time checks and sets the clock", async () => {
    const url = "/api/ntp/time";
    const base = { year: 2024, month: 6, day: 2, hour: 14, minute: 3, second: 7 };
    await expectCode(url, { ...base, year: 2021 }, 9004, { min: 2022, max: 2100 });
    await expectCode(url, { ...base, month: 13 }, 9005, { min: 1, max: 12 });
    await expectCode(url, { ...base, day: 0 }, 9006, { min: 1, max: 31 });
    await expectCode(url, { ...base, hour: 24 }, 9007, { min: 0, max: 23 });
    await expectCode(url, { ...base, minute: 60 }, 9008, { min: 0, max: 59 });
    await expectCode(url, { ...base, second: 60 }, 9009, { min: 0, max: 59 });
    await expectCode(url, base, 9010);
    const t = parseStrict(NtpTime, await get(url));
    expect(t).toMatchObject({ year: 2024, month: 6, day: 2, hour: 14, minute: 3 });
    const status = parseStrict(NtpStatus, await get("/api/ntp/status"));
    expect(status.ntp_localtime).toMatch(/^Sunday, June 02 2024 14:0[34]:\d\d$/);
  });
});

describe("catalogue coverage", () => {
  it("factory reset and reboot codes", async () => {
    await expectCode("/api/config/delete", { delete: false }, 3001);
    await expectCode("/api/maintenance/reboot", { reboot: true }, 6001);
    await expectCode("/api/config/delete", { delete: true }, 3002);
  });

  it("the route table covers every endpoint of the shared map", async () => {
    for (const def of Object.values(endpoints)) {
      const res = await gw.app.inject({ method: def.method, url: def.path });
      // A registered route never falls back to the SPA for its own method.
      expect(res.headers["content-type"] ?? "", def.path).not.toContain("text/html");
    }
  });
});

describe("device profile change", () => {
  it("reboots ~1 s after answering when the profile name changes, not otherwise", async () => {
    const local = await startGateway();
    try {
      const post = (name: string) =>
        local.app.inject({
          method: "POST",
          url: "/api/device/config",
          headers: { ...FORM, authorization: ADMIN },
          payload: form({ curPin: { name }, display: { rotation: 2, power_safe: true, contrast: 60 } }),
        });
      expect((await post("")).json()).toMatchObject({ code: 12001 });
      const restarting = consoleLine(local.app, "Restarting...");
      expect((await post("Board A")).json()).toMatchObject({ code: 1001 });
      expect(local.app.gateway.rebootPending()).toBe(true);
      await restarting;
      expect(local.app.gateway.rebootPending()).toBe(false);
      expect((await post("Board A")).json()).toMatchObject({ code: 1001 });
      expect(local.app.gateway.rebootPending()).toBe(false);
    } finally {
      await local.close();
    }
  });
});
