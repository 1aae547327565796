/** Home Assistant discovery (MQTT.md §5) against an embedded aedes broker. */
import { afterEach, describe, expect, it } from "vitest";
import { createMqtt } from "../../src/mqtt/index.ts";
import type { ConfigJson } from "../../src/config/types.ts";
import { FakeFleet, Recorder, SERIALS, clock, identity, makeConfig, startBroker } from "./fakes.ts";
import { haProblems } from "./haRules.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

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
