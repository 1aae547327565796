import { describe, expect, it } from "vitest";
import { currentSummary, inspectBackup, serialToHex } from "./backup";

const config = {
  cfg: { version: 71936, save_count: 3 },
  wifi: { ssid: "HomeWifi", hostname: "OpenDTU-Roof" },
  mqtt: { enabled: true, hostname: "broker.lan" },
  dtu: { serial: 28147069297477 },
  inverters: [
    { serial: 18973052777558, name: "Roof east" },
    { serial: 0, name: "" },
  ],
};

describe("inspectBackup", () => {
  it("summarises a config.json backup", () => {
    expect(inspectBackup("config.json", JSON.stringify(config))).toEqual({
      ok: true,
      summary: {
        hostname: "OpenDTU-Roof",
        ssid: "HomeWifi",
        inverters: ["Roof east"],
        mqtt: "broker.lan",
        dtuSerial: "199980112345",
      },
    });
  });

  it("shows MQTT as off when it is not enabled", () => {
    const r = inspectBackup("config.json", JSON.stringify({ ...config, mqtt: { enabled: false } }));
    expect(r.ok && r.summary.mqtt).toBeNull();
  });

  it.each([
    ["not json {{{", { reason: "config.reasonBadJson" }],
    ['{"hello":"world"}', { reason: "config.reasonOther", kind: "config.json" }],
    ['{"cfg":{"version":"1"}}', { reason: "config.reasonOther", kind: "config.json" }],
    ['{"cfg":{"version":71936},"inverters":{}}', { reason: "config.reasonOther", kind: "config.json" }],
    ["[]", { reason: "config.reasonWrong", kind: "pin_mapping.json" }],
    ['[{"name":"board"}]', { reason: "config.reasonWrong", kind: "pin_mapping.json" }],
  ])("refuses %j as config.json", (text, refusal) => {
    expect(inspectBackup("config.json", text)).toEqual({ ok: false, ...refusal });
  });

  it("summarises a pin_mapping.json and refuses anything else for it", () => {
    expect(inspectBackup("pin_mapping.json", '[{"name":"A"},{"name":"B","nrf24":{}}]')).toEqual({
      ok: true,
      summary: { profiles: ["A", "B"] },
    });
    expect(inspectBackup("pin_mapping.json", '[{"nrf24":{}}]')).toEqual({
      ok: false,
      reason: "config.reasonOther",
      kind: "pin_mapping.json",
    });
    expect(inspectBackup("pin_mapping.json", JSON.stringify(config))).toEqual({
      ok: false,
      reason: "config.reasonWrong",
      kind: "config.json",
    });
  });

  it("summarises what the device holds now, or nothing when it has no such file", () => {
    expect(currentSummary("pin_mapping.json", null)).toEqual({ profiles: [] });
    expect(currentSummary("config.json", JSON.stringify(config)).hostname).toBe("OpenDTU-Roof");
  });

  it("prints serials like the device", () => {
    expect(serialToHex(18973052777558)).toBe("114182123456");
    expect(serialToHex(0x12ab)).toBe("12ab");
  });
});
