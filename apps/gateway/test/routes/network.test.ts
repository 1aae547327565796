/** /api/network/status reports the radio Prometheus and MQTT report (one source, API.md §3.17, §3.20; MQTT.md). */
import { afterAll, beforeAll, expect, it } from "vitest";
import { dtuMessages } from "../../src/mqtt/topics.ts";
import { ADMIN, startGateway, type TestGateway } from "../helpers/app.ts";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway({ identity: { rssi: -67, bssid: "0A:1B:2C:3D:4E:5F" } });
});
afterAll(async () => {
  await gw.close();
});

it("sta_rssi and sta_bssid equal the Prometheus and MQTT values, also without an SSID configured", async () => {
  expect(gw.app.gateway.config.wifi.ssid).toBe("");
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
