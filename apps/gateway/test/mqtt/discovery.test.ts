/** Home Assistant discovery (MQTT.md §5) against an embedded aedes broker. */
import { afterEach, describe, expect, it } from "vitest";
import { createMqtt } from "../../src/mqtt/index.ts";
import type { ConfigJson } from "../../src/config/types.ts";
import { FakeFleet, Recorder, SERIALS, clock, identity, makeConfig, startBroker } from "./fakes.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/**
 * What Home Assistant's MQTT discovery accepts, written from its documentation: the abbreviations it expands
 * ("Supported abbreviations in MQTT discovery messages") and the configuration variables of each platform.
 */
const ABBREVIATIONS: Record<string, string> = {
  avty: "availability",
  avty_mode: "availability_mode",
  avty_t: "availability_topic",
  avty_tpl: "availability_template",
  cmd_t: "command_topic",
  cmd_tpl: "command_template",
  dev: "device",
  dev_cla: "device_class",
  e: "encoding",
  en: "enabled_by_default",
  ent_cat: "entity_category",
  ent_pic: "entity_picture",
  exp_aft: "expire_after",
  frc_upd: "force_update",
  ic: "icon",
  json_attr_t: "json_attributes_topic",
  json_attr_tpl: "json_attributes_template",
  obj_id: "object_id",
  o: "origin",
  off_dly: "off_delay",
  opt: "optimistic",
  p: "platform",
  pl_avail: "payload_available",
  pl_not_avail: "payload_not_available",
  pl_off: "payload_off",
  pl_on: "payload_on",
  pl_prs: "payload_press",
  pl_rst: "payload_reset",
  ret: "retain",
  stat_cla: "state_class",
  stat_t: "state_topic",
  sug_dsp_prc: "suggested_display_precision",
  uniq_id: "unique_id",
  unit_of_meas: "unit_of_measurement",
  val_tpl: "value_template",
};
const DEVICE_ABBREVIATIONS: Record<string, string> = {
  cns: "connections",
  cu: "configuration_url",
  hw: "hw_version",
  ids: "identifiers",
  mdl: "model",
  mf: "manufacturer",
  name: "name",
  sa: "suggested_area",
  sn: "serial_number",
  sw: "sw_version",
  via_device: "via_device",
};
const COMMON = [
  "availability",
  "availability_mode",
  "availability_template",
  "availability_topic",
  "device",
  "enabled_by_default",
  "encoding",
  "entity_category",
  "entity_picture",
  "icon",
  "json_attributes_template",
  "json_attributes_topic",
  "name",
  "object_id",
  "origin",
  "payload_available",
  "payload_not_available",
  "platform",
  "qos",
  "unique_id",
];
const PLATFORM_KEYS: Record<string, string[]> = {
  button: [...COMMON, "command_template", "command_topic", "device_class", "payload_press", "retain"],
  number: [
    ...COMMON,
    "command_template",
    "command_topic",
    "device_class",
    "max",
    "min",
    "mode",
    "optimistic",
    "payload_reset",
    "retain",
    "state_topic",
    "step",
    "unit_of_measurement",
    "value_template",
  ],
  binary_sensor: [
    ...COMMON,
    "device_class",
    "expire_after",
    "force_update",
    "off_delay",
    "payload_off",
    "payload_on",
    "state_topic",
    "value_template",
  ],
  sensor: [
    ...COMMON,
    "device_class",
    "expire_after",
    "force_update",
    "last_reset_value_template",
    "options",
    "state_class",
    "state_topic",
    "suggested_display_precision",
    "unit_of_measurement",
    "value_template",
  ],
};
/** Sensor device classes used here and the units HA allows for them (None = no unit). */
const SENSOR_UNITS: Record<string, (string | undefined)[]> = {
  power: ["W", "kW"],
  energy: ["Wh", "kWh", "MWh"],
  voltage: ["V", "mV"],
  current: ["A", "mA"],
  frequency: ["Hz", "kHz"],
  power_factor: [undefined, "%"],
  reactive_power: ["var"],
  temperature: ["°C", "°F", "K"],
};
const BUTTON_CLASSES = ["identify", "restart", "update"];
const STATE_CLASSES = ["measurement", "total", "total_increasing"];

/** Returns the problems of one discovery message; [] = Home Assistant accepts it. */
function haProblems(topic: string, payload: string): string[] {
  const problems: string[] = [];
  const match =
    /^homeassistant\/(button|number|binary_sensor|sensor)\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)\/config$/.exec(
      topic,
    );
  if (!match) return [`bad topic ${topic}`];
  const platform = match[1] ?? "";
  const body = JSON.parse(payload) as Record<string, unknown>;
  const expanded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const full = ABBREVIATIONS[key] ?? key;
    if (!PLATFORM_KEYS[platform]?.includes(full)) problems.push(`${platform}: unknown key ${key}`);
    expanded[full] = value;
  }
  const device = expanded["device"] as Record<string, unknown> | undefined;
  if (!device) problems.push("no device");
  for (const key of Object.keys(device ?? {})) {
    if (!DEVICE_ABBREVIATIONS[key]) problems.push(`device: unknown key ${key}`);
  }
  if (typeof expanded["unique_id"] !== "string") problems.push("no unique_id");
  const cls = expanded["device_class"] as string | undefined;
  const unit = expanded["unit_of_measurement"] as string | undefined;
  if (platform === "sensor" && cls !== undefined) {
    const units = SENSOR_UNITS[cls];
    if (!units) problems.push(`sensor device class ${cls}`);
    else if (!units.includes(unit)) problems.push(`unit ${unit} for ${cls}`);
  }
  if (platform === "button" && cls !== undefined && !BUTTON_CLASSES.includes(cls))
    problems.push(`button ${cls}`);
  const stateClass = expanded["state_class"];
  if (stateClass !== undefined && !STATE_CLASSES.includes(stateClass as string))
    problems.push(`${String(stateClass)}`);
  const category = expanded["entity_category"];
  if (category !== undefined && category !== "config" && category !== "diagnostic")
    problems.push("entity_category");
  for (const key of ["state_topic", "command_topic"]) {
    const t = expanded[key];
    if (t !== undefined && (typeof t !== "string" || /[#+]/.test(t))) problems.push(`${key} ${String(t)}`);
  }
  if (expanded["expire_after"] !== undefined && !(Number(expanded["expire_after"]) > 0))
    problems.push("expire");
  return problems;
}

async function setup(fill: (fleet: FakeFleet) => void, hass: Partial<ConfigJson["mqtt"]["hass"]> = {}) {
  const broker = await startBroker();
  cleanups.push(() => broker.close());
  const fleet = new FakeFleet();
  fill(fleet);
  const base = makeConfig(broker.port, fleet);
  const config = makeConfig(broker.port, fleet, { hass: { ...base.mqtt.hass, enabled: true, ...hass } });
  const sub = await Recorder.connect(`mqtt://127.0.0.1:${broker.port}`, {}, "homeassistant/#");
  cleanups.push(() => sub.close());
  const mqtt = createMqtt(
    { getConfig: () => config, fleet, clock, log: () => {}, identity, uptimeSeconds: () => 1 },
    { publishIntervalMs: 100, reconnectPeriodMs: 200 },
  );
  cleanups.push(() => mqtt.stop());
  return { broker, fleet, config, mqtt, sub };
}

const configOf = (sub: Recorder, topic: string) => sub.latest().get(topic);

describe("Home Assistant discovery", () => {
  it("publishes the device's entities with the exact payloads of MQTT.md §5.3", async () => {
    const s = SERIALS["HM-2CH"];
    const { sub } = await setup((f) => f.add(s, "Roof east"));
    const last = `homeassistant/sensor/dtu_${s}/ch0_Temperature/config`;
    await sub.waitFor((m) => m.some((x) => x.topic === last), "discovery");
    const dev = {
      name: "Roof east",
      ids: s,
      cu: "http://192.168.20.57",
      mf: "OpenDTU",
      mdl: "HM-600/700/800-2T",
      sw: "v23.11.16",
    };
    expect(configOf(sub, `homeassistant/sensor/dtu_${s}/ch0_Power/config`)).toBe(
      JSON.stringify({
        name: "Power",
        stat_t: `solar/${s}/0/power`,
        uniq_id: `${s}_ch0_Power`,
        unit_of_meas: "W",
        dev,
        exp_aft: 10,
        dev_cla: "power",
        stat_cla: "measurement",
      }),
    );
    expect(configOf(sub, `homeassistant/number/dtu_${s}/limit_persistent_absolute/config`)).toBe(
      JSON.stringify({
        name: "Limit Persistent Absolute",
        uniq_id: `${s}_limit_persistent_absolute`,
        ic: "mdi:speedometer",
        ent_cat: "config",
        cmd_t: `solar/${s}/cmd/limit_persistent_absolute`,
        stat_t: `solar/${s}/status/limit_absolute`,
        unit_of_meas: "W",
        min: 10,
        max: 2250,
        dev,
      }),
    );
    expect(configOf(sub, `homeassistant/button/dtu_${s}/restart_inverter/config`)).toBe(
      JSON.stringify({
        name: "Restart Inverter",
        uniq_id: `${s}_restart_inverter`,
        dev_cla: "restart",
        ent_cat: "config",
        cmd_t: `solar/${s}/cmd/restart`,
        payload_press: "1",
        dev,
      }),
    );
    expect(configOf(sub, `homeassistant/binary_sensor/dtu_${s}/producing/config`)).toBe(
      JSON.stringify({
        name: "Producing",
        uniq_id: `${s}_producing`,
        stat_t: `solar/${s}/status/producing`,
        pl_on: "1",
        pl_off: "0",
        dev,
      }),
    );
    // PowerFactor has no unit: the key is omitted; Efficiency has no classes.
    const pf = JSON.parse(configOf(sub, `homeassistant/sensor/dtu_${s}/ch0_PowerFactor/config`) ?? "{}");
    expect(pf).not.toHaveProperty("unit_of_meas");
    expect(pf.dev_cla).toBe("power_factor");
    const eff = JSON.parse(configOf(sub, `homeassistant/sensor/dtu_${s}/ch0_Efficiency/config`) ?? "{}");
    expect(eff).not.toHaveProperty("dev_cla");
    expect(eff).not.toHaveProperty("stat_cla");

    // Order: 3 buttons, 4 numbers, 2 binary sensors, AC sensors, DC (emptied: individual panels off), INV.
    const topics = sub.messages.map((m) => m.topic);
    const kinds = topics.slice(0, 9).map((t) => t.split("/")[1]);
    expect(kinds).toEqual([
      "button",
      "button",
      "button",
      "number",
      "number",
      "number",
      "number",
      "binary_sensor",
      "binary_sensor",
    ]);
    const dc = sub.messages.filter((m) => /\/ch[12]_/.test(m.topic));
    expect(dc).toHaveLength(12);
    expect(dc.every((m) => m.payload === "")).toBe(true);
    expect(topics.indexOf(last)).toBeGreaterThan(
      topics.indexOf(`homeassistant/sensor/dtu_${s}/ch2_Irradiation/config`),
    );
    // No availability configuration is sent (§5.1).
    expect(sub.messages.some((m) => m.payload.includes("avty"))).toBe(false);
    // Retained (hass retain on): a subscriber arriving later receives the configs from the broker's store.
    const late = await Recorder.connect(`mqtt://127.0.0.1:${sub.client.options.port}`, {}, "homeassistant/#");
    cleanups.push(() => late.close());
    await late.waitFor((m) => m.some((x) => x.topic.endsWith("ch0_Power/config")), "retained configs");
    expect(late.messages.every((m) => m.retain)).toBe(true);
  });

  it("passes Home Assistant's key/abbreviation check for every family, individual panels on, expire off", async () => {
    const { sub } = await setup(
      (f) => {
        for (const [family, serial] of Object.entries(SERIALS)) f.add(serial, family);
      },
      { individual_panels: true, expire: false },
    );
    const inputs = { "HM-1CH": 1, "HM-2CH": 2, "HM-4CH": 4, "HMS-2CH": 2, "HMS-4CH": 4, "HMT-6CH": 6 };
    await sub.waitFor(
      (m) => Object.values(SERIALS).every((s) => m.some((x) => x.topic.includes(`dtu_${s}/ch0_Temperature`))),
      "discovery of all inverters",
    );
    const latest = sub.latest();
    const problems = [...latest].flatMap(([t, p]) => haProblems(t, p).map((x) => `${t}: ${x}`));
    expect(problems).toEqual([]);
    for (const [family, serial] of Object.entries(SERIALS) as [keyof typeof inputs, string][]) {
      const n = inputs[family];
      const mine = [...latest.keys()].filter((t) => t.includes(`/dtu_${serial}/`));
      expect(mine).toHaveLength(3 + 4 + 2 + 10 + 1 + 6 * n);
      const ch = JSON.parse(
        latest.get(`homeassistant/sensor/dtu_${serial}/ch${n}_YieldTotal/config`) ?? "{}",
      );
      expect(ch.name).toBe(`CH${n} YieldTotal`);
      expect(ch.stat_t).toBe(`solar/${serial}/${n}/yieldtotal`);
      expect(ch.stat_cla).toBe("total_increasing");
      expect(ch).not.toHaveProperty("exp_aft");
      expect(latest.has(`homeassistant/sensor/dtu_${serial}/ch${n + 1}_Power/config`)).toBe(false);
    }
    const hmt = JSON.parse(
      latest.get(`homeassistant/button/dtu_${SERIALS["HMT-6CH"]}/turn_inverter_on/config`) ?? "",
    );
    expect(hmt.dev.mdl).toBe("HMT-1800/2250-6T");
    expect(hmt.ic).toBe("mdi:power-plug");
  });

  it("the allow-list check rejects what Home Assistant would not accept", () => {
    const dev = { name: "x", ids: "1", colour: "red" };
    const bad = JSON.stringify({
      name: "x",
      uniq_id: "u",
      stat_t: "a/b",
      unit_of_meas: "kW",
      dev_cla: "energy",
      dev,
    });
    const problems = haProblems("homeassistant/sensor/dtu_1/x/config", bad);
    expect(problems).toHaveLength(2);
    expect(problems).toEqual(expect.arrayContaining(["unit kW for energy", "device: unknown key colour"]));
    expect(
      haProblems("homeassistant/button/dtu_1/x/config", JSON.stringify({ uniq_id: "u", stat_t: "x", dev })),
    ).toContain("button: unknown key stat_t");
  });

  it("expire: inverters × max(poll, publish interval) × reachable threshold", async () => {
    const a = SERIALS["HM-1CH"];
    const b = SERIALS["HMS-2CH"];
    const broker = await startBroker();
    cleanups.push(() => broker.close());
    const fleet = new FakeFleet();
    fleet.add(a, "A");
    fleet.add(b, "B");
    const base = makeConfig(broker.port, fleet);
    const config = makeConfig(broker.port, fleet, {
      publish_interval: 7,
      hass: { ...base.mqtt.hass, enabled: true },
    });
    const slot = config.inverters[1];
    if (slot) slot.reachable_threshold = 3;
    const sub = await Recorder.connect(`mqtt://127.0.0.1:${broker.port}`, {}, "homeassistant/#");
    cleanups.push(() => sub.close());
    const mqtt = createMqtt(
      { getConfig: () => config, fleet, clock, log: () => {}, identity, uptimeSeconds: () => 1 },
      { publishIntervalMs: 100 },
    );
    cleanups.push(() => mqtt.stop());
    await sub.waitFor((m) => m.some((x) => x.topic.includes(`dtu_${b}/ch0_Temperature`)), "discovery");
    const exp = (s: string) =>
      JSON.parse(sub.latest().get(`homeassistant/sensor/dtu_${s}/ch0_Power/config`) ?? "{}");
    expect(exp(a).exp_aft).toBe(2 * 7 * 2);
    expect(exp(b).exp_aft).toBe(2 * 7 * 3);
  });

  it("removes a deleted inverter's entities and all entities when discovery is switched off", async () => {
    const keep = SERIALS["HM-2CH"];
    const gone = SERIALS["HMS-4CH"];
    const { sub, fleet, config, mqtt } = await setup((f) => {
      f.add(keep, "Keep");
      f.add(gone, "Gone");
    });
    await sub.waitFor((m) => m.some((x) => x.topic.includes(`dtu_${gone}/ch0_Temperature`)), "discovery");
    const announced = (s: string) =>
      [...sub.latest()].filter(([t, p]) => t.includes(`/dtu_${s}/`) && p !== "").map(([t]) => t);
    const goneTopics = announced(gone);
    expect(goneTopics).toHaveLength(20);
    sub.clear();
    fleet.remove(gone);
    const afterDelete = makeConfig(config.mqtt.port, fleet, { hass: config.mqtt.hass });
    mqtt.reconfigure(afterDelete);
    await sub.waitFor(
      (m) => goneTopics.every((t) => m.some((x) => x.topic === t && x.payload === "")),
      "removals",
    );
    expect(
      sub.messages.filter((m) => m.topic.includes(keep) && m.payload === "" && !/ch[12]_/.test(m.topic)),
    ).toEqual([]);
    // A late subscriber finds no retained config of the deleted inverter.
    const late = await Recorder.connect(`mqtt://127.0.0.1:${config.mqtt.port}`, {}, "homeassistant/#");
    cleanups.push(() => late.close());
    await late.waitFor((m) => m.some((x) => x.topic.includes(keep)), "retained configs");
    expect(late.messages.some((m) => m.topic.includes(gone))).toBe(false);

    const keepTopics = announced(keep);
    sub.clear();
    mqtt.reconfigure({
      ...afterDelete,
      mqtt: { ...afterDelete.mqtt, hass: { ...afterDelete.mqtt.hass, enabled: false } },
    });
    await sub.waitFor(
      (m) => keepTopics.every((t) => m.some((x) => x.topic === t && x.payload === "")),
      "all removed",
    );
  });

  it("moving to another broker removes the entities from the old one; disabling MQTT removes nothing", async () => {
    const s = SERIALS["HMS-2CH"];
    const { sub, config, mqtt } = await setup((f) => f.add(s, "Garage"));
    const topic = `homeassistant/sensor/dtu_${s}/ch0_Power/config`;
    await sub.waitFor((m) => m.some((x) => x.topic === topic && x.payload !== ""), "discovery on A");
    const other = await startBroker();
    cleanups.push(() => other.close());
    const subB = await Recorder.connect(`mqtt://127.0.0.1:${other.port}`, {}, "homeassistant/#");
    cleanups.push(() => subB.close());
    sub.clear();
    mqtt.reconfigure({ ...config, mqtt: { ...config.mqtt, port: other.port } });
    await sub.waitFor((m) => m.some((x) => x.topic === topic && x.payload === ""), "removal on A");
    expect(sub.messages.filter((m) => m.payload !== "")).toEqual([]);
    await subB.waitFor((m) => m.some((x) => x.topic === topic && x.payload !== ""), "discovery on B");
    subB.clear();
    // Whatever the gateway sent before its DISCONNECT reached broker B before the broker saw it go.
    const gone = new Promise((resolve) => other.aedes.once("clientDisconnect", resolve));
    mqtt.reconfigure({ ...config, mqtt: { ...config.mqtt, port: other.port, enabled: false } });
    await gone;
    expect(mqtt.connected()).toBe(false);
    await subB.settle();
    expect(subB.messages.filter((m) => m.payload === "" && !/ch[12]_/.test(m.topic))).toEqual([]);
  });

  it("announces an inverter that appears in the fleet, and republishes after a settings change", async () => {
    const first = SERIALS["HM-1CH"];
    const added = SERIALS["HMT-6CH"];
    const { sub, fleet, config, mqtt } = await setup((f) => f.add(first, "First"));
    await sub.waitFor((m) => m.some((x) => x.topic.includes(`dtu_${first}/ch0_Temperature`)), "discovery");
    fleet.add(added, "Added");
    await sub.waitFor((m) => m.some((x) => x.topic.includes(`dtu_${added}/ch0_Temperature`)), "new inverter");
    // exp_aft follows the inverter count, so the first inverter's sensors were updated as well.
    const power = JSON.parse(sub.latest().get(`homeassistant/sensor/dtu_${first}/ch0_Power/config`) ?? "{}");
    expect(power.exp_aft).toBe(2 * 5 * 2);
    sub.clear();
    mqtt.reconfigure({
      ...config,
      mqtt: { ...config.mqtt, hass: { ...config.mqtt.hass, individual_panels: true } },
    });
    await sub.waitFor(
      (m) =>
        m.some((x) => x.topic === `homeassistant/sensor/dtu_${added}/ch6_Power/config` && x.payload !== ""),
      "DC entities after the settings save",
    );
    await expect
      .poll(() => mqtt.connected(), { message: "reconnected", timeout: 8000, interval: 25 })
      .toBe(true);
  });
});
