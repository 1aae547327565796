/** Topic tree and commands against an embedded aedes broker (MQTT.md §1–§4). */
import { afterEach, describe, expect, it } from "vitest";
import { createMqtt } from "../../src/mqtt/index.ts";
import type { MqttService } from "../../src/device/contracts.ts";
import type { ConfigJson } from "../../src/config/types.ts";
import {
  FakeFleet,
  Recorder,
  SERIALS,
  clock,
  identity,
  makeConfig,
  startBroker,
  type Broker,
} from "./fakes.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

interface Setup {
  broker: Broker;
  fleet: FakeFleet;
  config: ConfigJson;
  mqtt: MqttService;
  sub: Recorder;
  logs: string[];
}

async function setup(
  fill: (fleet: FakeFleet) => void,
  mqttSettings: Partial<ConfigJson["mqtt"]> = {},
  before: (sub: Recorder, config: ConfigJson) => Promise<void> = async () => {},
): Promise<Setup> {
  const broker = await startBroker();
  cleanups.push(() => broker.close());
  const fleet = new FakeFleet();
  fill(fleet);
  const config = makeConfig(broker.port, fleet, mqttSettings);
  const sub = await Recorder.connect(`mqtt://127.0.0.1:${broker.port}`);
  cleanups.push(() => sub.close());
  await before(sub, config);
  const logs: string[] = [];
  const mqtt = createMqtt(
    { getConfig: () => config, fleet, clock, log: (l) => logs.push(l), identity, uptimeSeconds: () => 4321 },
    { publishIntervalMs: 150, reconnectPeriodMs: 200 },
  );
  cleanups.push(() => mqtt.stop());
  return { broker, fleet, config, mqtt, sub, logs };
}

describe("MQTT topic tree", () => {
  it("publishes DTU, totals and every family's inverter topics with 1-based DC channels", async () => {
    const { sub, mqtt } = await setup((fleet) => {
      for (const [family, serial] of Object.entries(SERIALS)) fleet.add(serial, family);
    });
    const expectedDc = { "HM-1CH": 1, "HM-2CH": 2, "HM-4CH": 4, "HMS-2CH": 2, "HMS-4CH": 4, "HMT-6CH": 6 };
    await sub.waitFor(
      () => Object.values(SERIALS).every((s) => sub.latest().has(`solar/${s}/0/temperature`)),
      "channel topics of all inverters",
    );
    expect(mqtt.connected()).toBe(true);
    const latest = sub.latest();
    expect(latest.get("solar/dtu/status")).toBe("online");
    expect(latest.get("solar/dtu/uptime")).toBe("4321");
    expect(latest.get("solar/dtu/ip")).toBe("192.168.20.57");
    expect(latest.get("solar/dtu/hostname")).toBe("OpenDTU-3A5F1C");
    expect(latest.get("solar/dtu/rssi")).toBe("-61");
    expect(latest.get("solar/dtu/bssid")).toBe("A4:2B:8C:11:22:33");
    expect(latest.get("solar/ac/is_valid")).toBe("1");
    expect(latest.get("solar/dc/is_valid")).toBe("1");
    expect(latest.get("solar/ac/yieldday")).toBe(String(1874 * 6));
    expect(latest.get("solar/ac/yieldtotal")).toBe((912.446 * 6).toFixed(3));

    for (const [family, serial] of Object.entries(SERIALS) as [keyof typeof expectedDc, string][]) {
      const t = (sub: string) => latest.get(`solar/${serial}/${sub}`);
      expect(t("name")).toBe(family);
      expect(t("0/voltage")).toBe("231.8");
      expect(t("0/current")).toBe("1.78");
      expect(t("0/frequency")).toBe("50.01");
      expect(t("0/powerfactor")).toBe("0.999");
      expect(t("0/efficiency")).toBe("95.462");
      expect(t("0/reactivepower")).toBe("2.1");
      expect(t("0/yieldday")).toBe("1874");
      expect(t("0/yieldtotal")).toBe("912.446");
      expect(t("0/temperature")).toBe("38.4");
      expect(t("1/name")).toBe("South panel");
      expect(t("1/voltage")).toBe("33.9");
      expect(t("1/current")).toBe("6.50");
      expect(t("1/power")).toBe("220.4");
      expect(t("1/irradiation")).toBe("55.100");
      expect(t("status/reachable")).toBe("1");
      expect(t("status/producing")).toBe("1");
      expect(t("status/limit_relative")).toBe("100.00");
      expect(t("status/limit_absolute")).toBe("800.00");
      expect(t("status/last_update")).toBe("1700000000");
      expect(t("device/bootloaderversion")).toBe("104");
      expect(t("device/fwbuildversion")).toBe("10012");
      expect(t("device/fwbuilddatetime")).toBe("2022-03-17 09:41:00");
      expect(t("device/hwpartnumber")).toBe("269561874");
      expect(t("device/hwversion")).toBe("01.00");
      const n = expectedDc[family];
      for (let ch = 1; ch <= n; ch++) {
        for (const f of ["name", "voltage", "current", "power", "yieldday", "yieldtotal", "irradiation"]) {
          expect(latest.has(`solar/${serial}/${ch}/${f}`), `${family} ${ch}/${f}`).toBe(true);
        }
      }
      // No channel beyond the type's inputs, and no 0-based DC channel leaking through.
      expect(latest.has(`solar/${serial}/${n + 1}/power`)).toBe(false);
      if (n >= 2) {
        expect(t("2/name")).toBe("");
        expect(t("2/power")).toBe("211.5");
        // Irradiation without configured max power is published as 0 (§3.4 notes).
        expect(t("2/irradiation")).toBe("0.000");
      }
      // AC and INV share channel 0; the AC DC-power sum is `powerdc`.
      const dcSum = 220.4 + 211.5 * (n - 1);
      expect(t("0/powerdc")).toBe(dcSum.toFixed(1));
    }
    // Retain flag = mqtt.retain (default true), so a late subscriber gets the tree.
    const retained = sub.messages.filter((m) => m.topic === "solar/dtu/status");
    expect(retained.length).toBeGreaterThan(0);
  });

  it("re-publishes channel values only for a new statistics sample, status topics every cycle", async () => {
    const serial = SERIALS["HM-2CH"];
    const { sub, fleet } = await setup((f) => f.add(serial, "Roof east"));
    await sub.waitFor((m) => m.some((x) => x.topic === `solar/${serial}/0/power`), "first channel values");
    sub.clear();
    await sub.waitFor(
      (m) => m.filter((x) => x.topic === `solar/${serial}/status/reachable`).length >= 3,
      "three more cycles",
    );
    expect(sub.messages.some((x) => x.topic === `solar/${serial}/0/power`)).toBe(false);
    expect(sub.messages.some((x) => x.topic === `solar/${serial}/name`)).toBe(true);
    // Three cycles later every message of the first sample has arrived (one connection keeps
    // order), so after this clear any channel value belongs to the new sample.
    sub.clear();
    fleet.newSample(serial);
    // Channel 1 is published after channel 0 in the same cycle: wait for the topic that is
    // asserted, not for the first topic of the sample (CI flaked on that ordering).
    await sub.waitFor(
      (m) => m.some((x) => x.topic === `solar/${serial}/1/power`),
      "values of the new sample",
    );
    const power = sub.messages.find((x) => x.topic === `solar/${serial}/1/power`);
    expect(power?.payload).toBe((220.4 * 1.01).toFixed(1));
  });

  it("publishes nothing for channels before the first statistics and 0 as last_update", async () => {
    const serial = SERIALS["HMS-2CH"];
    const { sub } = await setup((f) =>
      f.add(serial, "Garage", { lastUpdate: 0, limitRelative: 0, maxPower: 0 }),
    );
    await sub.waitFor(
      (m) => m.filter((x) => x.topic === `solar/${serial}/status/last_update`).length >= 2,
      "two cycles",
    );
    const latest = sub.latest();
    expect(latest.get(`solar/${serial}/status/last_update`)).toBe("0");
    expect(latest.has(`solar/${serial}/0/power`)).toBe(false);
    expect(latest.has(`solar/${serial}/status/limit_relative`)).toBe(false);
    expect(latest.has(`solar/${serial}/status/limit_absolute`)).toBe(false);
  });

  it("honours base topic, LWT sub-topic/payloads and retain off", async () => {
    const serial = SERIALS["HM-1CH"];
    const { sub } = await setup((f) => f.add(serial, "Shed"), {
      topic: "pv/",
      retain: false,
      lwt: { topic: "state", value_online: "up", value_offline: "down" },
    });
    await sub.waitFor((m) => m.some((x) => x.topic === `pv/${serial}/0/power`), "values under pv/");
    expect(sub.latest().get("pv/state")).toBe("up");
    // A late subscriber sees nothing retained.
    const late = await Recorder.connect(`mqtt://127.0.0.1:${sub.client.options.port}`);
    cleanups.push(() => late.close());
    await late.settle();
    expect(late.messages.filter((m) => m.retain)).toEqual([]);
  });
});

describe("MQTT commands", () => {
  it("applies limits, power and restart with the device's parsing and retained rules", async () => {
    const serial = SERIALS["HM-2CH"];
    // Retained commands waiting on the broker reach the gateway with the retain flag when it subscribes: only the
    // persistent limits are accepted then (§4).
    const { sub, fleet } = await setup(
      (f) => f.add(serial, "Roof east"),
      {},
      async (s) => {
        const retain = { retain: true } as const;
        await s.client.publishAsync(`solar/${serial}/cmd/limit_nonpersistent_relative`, "30", retain);
        await s.client.publishAsync(`solar/${serial}/cmd/limit_nonpersistent_absolute`, "300", retain);
        await s.client.publishAsync(`solar/${serial}/cmd/restart`, "1", retain);
        await s.client.publishAsync(`solar/${serial}/cmd/limit_persistent_absolute`, "600", retain);
      },
    );
    await expect
      .poll(() => fleet.commands.length >= 1, {
        message: "retained persistent limit",
        timeout: 8000,
        interval: 25,
      })
      .toBe(true);
    await sub.waitFor(
      (m) => m.some((x) => x.topic === `solar/${serial}/status/limit_relative`),
      "first cycle",
    );
    expect(fleet.commands).toEqual([{ kind: "limit", serial, value: 600, type: 256 }]);
    const pub = sub.client;
    for (const setting of ["limit_nonpersistent_relative", "limit_nonpersistent_absolute", "restart"]) {
      await pub.publishAsync(`solar/${serial}/cmd/${setting}`, "", { retain: true }); // clear the store
    }
    await pub.publishAsync(`solar/${serial}/cmd/limit_persistent_relative`, "50.7");
    await expect
      .poll(() => fleet.commands.length === 2, { message: "limit command", timeout: 8000, interval: 25 })
      .toBe(true);
    expect(fleet.commands[1]).toEqual({ kind: "limit", serial, value: 50, type: 257 });
    sub.clear();
    await sub.waitFor(
      (m) => m.some((x) => x.topic === `solar/${serial}/status/limit_relative` && x.payload === "50.00"),
      "new limit published",
    );
    expect(sub.latest().get(`solar/${serial}/status/limit_absolute`)).toBe("400.00");

    await pub.publishAsync(`solar/${serial}/cmd/limit_nonpersistent_absolute`, "-5");
    await pub.publishAsync(`solar/${serial}/cmd/limit_nonpersistent_relative`, "250");
    await pub.publishAsync(`solar/${serial}/cmd/limit_nonpersistent_absolute`, "0");
    await pub.publishAsync(`solar/${serial}/cmd/power`, "0");
    await pub.publishAsync(`solar/${serial}/cmd/restart`, "2");
    await pub.publishAsync(`solar/${serial}/cmd/restart`, "1");
    await pub.publishAsync(`solar/999999999999/cmd/power`, "1");
    await pub.publishAsync(`solar/${serial}/cmd/power`, "abc");
    await pub.publishAsync(`solar/${serial}/cmd/power`, " 7");
    await expect
      .poll(() => fleet.commands.length === 8, { message: "commands", timeout: 8000, interval: 25 })
      .toBe(true);
    expect(fleet.commands.slice(2)).toEqual([
      { kind: "limit", serial, value: 100, type: 1 },
      // No range check beyond "not negative": 0 is sent as is (§4).
      { kind: "limit", serial, value: 0, type: 0 },
      { kind: "power", serial, on: false },
      { kind: "restart", serial },
      { kind: "power", serial, on: false },
      { kind: "power", serial, on: true },
    ]);
    await pub.publishAsync(`solar/${serial}/cmd/power`, "0");
    await sub.waitFor(
      (m) => m.some((x) => x.topic === `solar/${serial}/status/producing` && x.payload === "0"),
      "inverter off",
    );
  });

  it("drops commands when the inverter's commands are disabled", async () => {
    const serial = SERIALS["HMS-4CH"];
    const broker = await startBroker();
    cleanups.push(() => broker.close());
    const fleet = new FakeFleet();
    fleet.add(serial, "Barn");
    const config = makeConfig(broker.port, fleet);
    const slot = config.inverters[0];
    if (slot) slot.command_enable_night = false;
    fleet.day = false;
    const logs: string[] = [];
    const mqtt = createMqtt(
      { getConfig: () => config, fleet, clock, log: (l) => logs.push(l), identity, uptimeSeconds: () => 1 },
      { publishIntervalMs: 150 },
    );
    cleanups.push(() => mqtt.stop());
    const sub = await Recorder.connect(`mqtt://127.0.0.1:${broker.port}`);
    cleanups.push(() => sub.close());
    await expect
      .poll(() => mqtt.connected(), { message: "connection", timeout: 8000, interval: 25 })
      .toBe(true);
    await sub.client.publishAsync(`solar/${serial}/cmd/power`, "0");
    // Messages arrive in order: once this one is logged, the night command has been handled.
    await sub.client.publishAsync(`solar/999999999999/cmd/power`, "0");
    await expect
      .poll(() => logs.some((l) => l.includes("Inverter not found")), {
        message: "marker command",
        timeout: 8000,
        interval: 25,
      })
      .toBe(true);
    expect(fleet.commands).toEqual([]);
    fleet.day = true;
    await sub.client.publishAsync(`solar/${serial}/cmd/power`, "1");
    await expect
      .poll(() => fleet.commands.length >= 1, { message: "day command", timeout: 8000, interval: 25 })
      .toBe(true);
    expect(fleet.commands).toEqual([{ kind: "power", serial, on: true }]);
  });
});

describe("MQTT connection", () => {
  it("reconnects after a broker restart and publishes again", async () => {
    const serial = SERIALS["HM-4CH"];
    const { broker, mqtt, logs } = await setup((f) => f.add(serial, "Roof"));
    await expect
      .poll(() => mqtt.connected(), { message: "first connection", timeout: 8000, interval: 25 })
      .toBe(true);
    const port = broker.port;
    await broker.close();
    await expect
      .poll(() => !mqtt.connected(), { message: "disconnect noticed", timeout: 8000, interval: 25 })
      .toBe(true);
    const again = await startBroker(port);
    cleanups.push(() => again.close());
    const sub = await Recorder.connect(`mqtt://127.0.0.1:${port}`);
    cleanups.push(() => sub.close());
    await sub.waitFor(
      (m) => m.some((x) => x.topic === `solar/${serial}/status/reachable`),
      "publishing again",
    );
    expect(mqtt.connected()).toBe(true);
    expect(logs.some((l) => l.includes("disconnected"))).toBe(true);
  });

  it("survives a bad broker address: no throw, not connected, a console line", async () => {
    const fleet = new FakeFleet();
    fleet.add(SERIALS["HM-1CH"], "x");
    for (const hostname of ["no-such-host.invalid", "127.0.0.1"]) {
      // Port 1 on loopback refuses connections.
      const config = makeConfig(1, fleet, { hostname });
      const logs: string[] = [];
      const mqtt = createMqtt(
        { getConfig: () => config, fleet, clock, log: (l) => logs.push(l), identity, uptimeSeconds: () => 1 },
        { publishIntervalMs: 100, reconnectPeriodMs: 100 },
      );
      cleanups.push(() => mqtt.stop());
      await expect
        .poll(() => logs.some((l) => /ENOTFOUND|EAI_AGAIN|ECONNREFUSED/.test(l)), {
          message: `error line (${hostname})`,
          timeout: 8000,
          interval: 25,
        })
        .toBe(true);
      expect(mqtt.connected()).toBe(false);
    }
  });

  it("logs a refused login and stays disconnected", async () => {
    const broker = await startBroker(0, {
      authenticate: (_client, username, password, done) => {
        const ok = username === "dtu" && password?.toString() === "right";
        done(ok ? null : Object.assign(new Error("bad login"), { returnCode: 4 as const }), ok);
      },
    });
    cleanups.push(() => broker.close());
    const fleet = new FakeFleet();
    const config = makeConfig(broker.port, fleet, { username: "dtu", password: "wrong" });
    const logs: string[] = [];
    const mqtt = createMqtt(
      { getConfig: () => config, fleet, clock, log: (l) => logs.push(l), identity, uptimeSeconds: () => 1 },
      { publishIntervalMs: 100, reconnectPeriodMs: 100 },
    );
    cleanups.push(() => mqtt.stop());
    await expect
      .poll(() => logs.some((l) => /Bad username or password/i.test(l)), {
        message: "refused login line",
        timeout: 8000,
        interval: 25,
      })
      .toBe(true);
    expect(mqtt.connected()).toBe(false);
    // Right password after a settings save: connects.
    mqtt.reconfigure(makeConfig(broker.port, fleet, { username: "dtu", password: "right" }));
    await expect
      .poll(() => mqtt.connected(), {
        message: "connection with the right password",
        timeout: 8000,
        interval: 25,
      })
      .toBe(true);
  });

  it("delivers the last will when the connection dies and online again after reconnecting", async () => {
    const { broker, sub, mqtt } = await setup((f) => f.add(SERIALS["HM-1CH"], "x"));
    await expect
      .poll(() => mqtt.connected(), { message: "connection", timeout: 8000, interval: 25 })
      .toBe(true);
    const gateway = [
      ...Object.values((broker.aedes as unknown as { clients: Record<string, unknown> }).clients),
    ];
    sub.clear();
    // Kill the gateway's socket at the broker side: an unclean loss fires the will (QoS 2, retained).
    for (const c of gateway) {
      const client = c as { id: string; conn: { destroy(): void } };
      if (client.id === identity.apSsid) client.conn.destroy();
    }
    await sub.waitFor((m) => m.some((x) => x.topic === "solar/dtu/status" && x.payload === "offline"), "LWT");
    await sub.waitFor(
      (m) => m.some((x) => x.topic === "solar/dtu/status" && x.payload === "online"),
      "online after reconnect",
    );
  });

  it("rebuilds after a save that mutated the config object in place (new base topic, commands follow)", async () => {
    const serial = SERIALS["HM-2CH"];
    const { sub, mqtt, config, fleet } = await setup((f) => f.add(serial, "Roof east"));
    await expect
      .poll(() => mqtt.connected(), { message: "connection", timeout: 8000, interval: 25 })
      .toBe(true);
    sub.clear();
    config.mqtt.topic = "moved/";
    mqtt.reconfigure(config);
    await sub.waitFor(
      (m) => m.some((x) => x.topic === "solar/dtu/status" && x.payload === "offline"),
      "offline",
    );
    await sub.waitFor((m) => m.some((x) => x.topic === `moved/${serial}/status/reachable`), "new base topic");
    expect(sub.latest().get("moved/dtu/status")).toBe("online");
    await sub.client.publishAsync(`moved/${serial}/cmd/restart`, "1");
    await expect
      .poll(() => fleet.commands.length === 1, {
        message: "command on the new base topic",
        timeout: 8000,
        interval: 25,
      })
      .toBe(true);
    expect(fleet.commands[0]).toEqual({ kind: "restart", serial });
  });

  it("drops the connection like a restart when the device reboots (uptime went back)", async () => {
    const broker = await startBroker();
    cleanups.push(() => broker.close());
    const fleet = new FakeFleet();
    const serial = SERIALS["HM-1CH"];
    fleet.add(serial, "x");
    const config = makeConfig(broker.port, fleet);
    let uptime = 500;
    const logs: string[] = [];
    const mqtt = createMqtt(
      {
        getConfig: () => config,
        fleet,
        clock,
        log: (l) => logs.push(l),
        identity,
        uptimeSeconds: () => uptime,
      },
      { publishIntervalMs: 100, reconnectPeriodMs: 200 },
    );
    cleanups.push(() => mqtt.stop());
    const sub = await Recorder.connect(`mqtt://127.0.0.1:${broker.port}`);
    cleanups.push(() => sub.close());
    await sub.waitFor((m) => m.some((x) => x.topic === `solar/${serial}/0/power`), "first values");
    sub.clear();
    uptime = 1;
    await sub.waitFor((m) => m.some((x) => x.topic === "solar/dtu/status" && x.payload === "offline"), "LWT");
    expect(logs).toContain("MQTT: device restarted, connection dropped");
    // After the reconnection the channel values are published again although no new sample arrived.
    await sub.waitFor(
      (m) => m.some((x) => x.topic === `solar/${serial}/0/power`),
      "values after the restart",
    );
    expect(sub.latest().get("solar/dtu/status")).toBe("online");
  });

  it("publishes offline and goes idle when MQTT is disabled, reconnects when enabled again", async () => {
    const { sub, mqtt, config, broker } = await setup((f) => f.add(SERIALS["HM-1CH"], "x"));
    await expect
      .poll(() => mqtt.connected(), { message: "connection", timeout: 8000, interval: 25 })
      .toBe(true);
    sub.clear();
    mqtt.reconfigure({ ...config, mqtt: { ...config.mqtt, enabled: false } });
    await sub.waitFor(
      (m) => m.some((x) => x.topic === "solar/dtu/status" && x.payload === "offline"),
      "offline",
    );
    expect(mqtt.connected()).toBe(false);
    const clients = () => (broker.aedes as unknown as { connectedClients: number }).connectedClients;
    await expect
      .poll(() => clients() === 1, { message: "gateway gone from the broker", timeout: 8000, interval: 25 })
      .toBe(true);
    mqtt.reconfigure({ ...config, mqtt: { ...config.mqtt, topic: "other/" } });
    await sub.waitFor(
      (m) => m.some((x) => x.topic === "other/dtu/status" && x.payload === "online"),
      "online",
    );
  });
});
