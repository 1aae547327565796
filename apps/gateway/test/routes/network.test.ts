/**
 * /api/network/status reports the radio Prometheus and MQTT report (one source, API.md §3.17, §3.20; MQTT.md), and
 * a fresh simulated gateway's network settings can be saved as they are (its station has a WiFi name, §3.17 check 7).
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseStrict } from "@dtu/api/strict";
import { NetworkConfig, NetworkStatus } from "@dtu/api/settings";
import { ApiResultSchema } from "@dtu/api/system";
import { SIMULATED_SSID } from "../../src/config/defaults.ts";
import { dtuMessages } from "../../src/mqtt/topics.ts";
import { ADMIN, FORM, form, startGateway, type TestGateway } from "../helpers/app.ts";

let gw: TestGateway;
let base: string;
beforeAll(async () => {
  gw = await startGateway({ identity: { rssi: -67, bssid: "0A:1B:2C:3D:4E:5F" } });
  await gw.app.listen({ host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await gw.close();
});

async function getJson(path: string): Promise<unknown> {
  const res = await fetch(base + path, { headers: { authorization: ADMIN } });
  expect(res.status).toBe(200);
  return res.json();
}

it("a fresh simulated gateway's network settings save unchanged, as the web app's form sends them", async () => {
  const status = parseStrict(NetworkStatus, await getJson("/api/network/status"));
  // A connected WiFi station has a network name, as on a real device.
  expect(status).toMatchObject({ network_mode: "Station", sta_status: true, sta_ssid: SIMULATED_SSID });
  const before = parseStrict(NetworkConfig, await getJson("/api/network/config"));
  expect(before.ssid).toBe(SIMULATED_SSID);
  // The form posts the GET object with its edits (none here) as the urlencoded `data` field (API.md §9.0 rule 2).
  const res = await fetch(base + "/api/network/config", {
    method: "POST",
    headers: { authorization: ADMIN, ...FORM },
    body: form(before),
  });
  expect(parseStrict(ApiResultSchema, await res.json())).toMatchObject({ type: "success", code: 1001 });
  expect(parseStrict(NetworkConfig, await getJson("/api/network/config"))).toEqual(before);
});

it("sta_rssi and sta_bssid equal the Prometheus and MQTT values, also without an SSID configured", async () => {
  gw.app.gateway.config.wifi.ssid = "";
  const status = (await gw.app.inject({ url: "/api/network/status" })).json<{
    sta_rssi: number;
    sta_bssid: string;
  }>();
  const metrics = (await gw.app.inject({ url: "/api/prometheus/metrics", headers: { authorization: ADMIN } }))
    .body;
  const mqtt = Object.fromEntries(dtuMessages(gw.app.gateway.identity, 0).map((m) => [m.topic, m.payload]));
  expect(status.sta_rssi).toBe(-67);
  expect(status.sta_bssid).toBe("0A:1B:2C:3D:4E:5F");
  expect(metrics).toContain(`wifi_rssi ${status.sta_rssi}\n`);
  expect(metrics).toContain(`wifi_station{bssid="${status.sta_bssid}"} 1\n`);
  expect(mqtt["dtu/rssi"]).toBe(String(status.sta_rssi));
  expect(mqtt["dtu/bssid"]).toBe(status.sta_bssid);
});
