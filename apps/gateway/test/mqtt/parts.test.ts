/**
 * The parts of the MQTT client one by one, without a broker: each gets a `MqttState` and, where it publishes, a
 * recording `Send`. The broker tests (publish, discovery, mosquitto) cover the parts working together.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { announceNow, publishDiscovery } from "../../src/mqtt/announce.ts";
import { clientOptions, noticeReboot } from "../../src/mqtt/connection.ts";
import { onCommandMessage } from "../../src/mqtt/dispatch.ts";
import { publishCycle, publishPeriodMs } from "../../src/mqtt/publisher.ts";
import { createMqttState, logError, type MqttOptions, type MqttState } from "../../src/mqtt/state.ts";
import type { ConfigJson } from "../../src/config/types.ts";
import { hasOpenssl } from "./certs.ts";
import { FakeFleet, SERIALS, clock, identity, makeConfig } from "./fakes.ts";

interface Sent {
  topic: string;
  payload: string;
  retain: boolean;
}

function setup(options: MqttOptions = {}, uptime = { s: 100 }) {
  const fleet = new FakeFleet();
  fleet.add(SERIALS["HM-2CH"], "Garage");
  fleet.add(SERIALS["HMS-4CH"], "Roof");
  const config: ConfigJson = makeConfig(1883, fleet);
  const logs: string[] = [];
  const state: MqttState = createMqttState(
    {
      getConfig: () => config,
      fleet,
      clock,
      log: (l) => logs.push(l),
      identity,
      uptimeSeconds: () => uptime.s,
    },
    options,
  );
  const sent: Sent[] = [];
  const send = (topic: string, payload: string, retain: boolean) => sent.push({ topic, payload, retain });
  return { fleet, config, logs, state, sent, send, uptime };
}

describe("MQTT state", () => {
  it("logs one console line per distinct problem", () => {
    const { state, logs } = setup();
    logError(state, "127.0.0.1:1883: connect ECONNREFUSED");
    logError(state, "127.0.0.1:1883:   connect\nECONNREFUSED");
    logError(state, "other");
    expect(logs).toEqual(["MQTT: 127.0.0.1:1883: connect ECONNREFUSED", "MQTT: other"]);
  });

  it("copies the MQTT settings, so that a config mutated in place is noticed by reconfigure", () => {
    const { state, config } = setup();
    config.mqtt.topic = "changed/";
    expect(state.settings.topic).toBe("solar/");
  });
});

describe("MQTT connection", () => {
  it("sets the last will under the base topic with QoS 2 and the retain flag (§1)", () => {
    const { state } = setup();
    const opts = clientOptions({ ...state.settings, retain: false }, identity, {});
    if (typeof opts === "string") throw new Error(opts);
    expect(opts.will).toEqual({
      topic: "solar/dtu/status",
      payload: Buffer.from("offline"),
      qos: 2,
      retain: false,
    });
    expect(opts).toMatchObject({ clientId: "OpenDTU-3825436", protocol: "mqtt", reconnectPeriod: 2000 });
  });

  it("sends username and password, but not with TLS certificate login (§1)", () => {
    const { state } = setup();
    const login = { ...state.settings, username: "dtu", password: "pw" };
    expect(clientOptions(login, identity, {})).toMatchObject({ username: "dtu", password: "pw" });
    const tls = { ...login.tls, enabled: true, certlogin: true, client_cert: "x", client_key: "y" };
    expect(clientOptions({ ...login, tls }, identity, {})).toMatch(/^invalid TLS certificate or key: /);
    if (!hasOpenssl()) return; // the broker suites need openssl too and say so
    const dir = mkdtempSync(join(tmpdir(), "mqtt-login-"));
    try {
      const pem = (name: string) => readFileSync(join(dir, name), "utf8");
      execFileSync(
        "openssl",
        [
          ..."req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=dtu".split(
            " ",
          ),
          ...["-keyout", join(dir, "k.pem"), "-out", join(dir, "c.pem")],
        ],
        { stdio: "pipe" },
      );
      const certLogin = { ...tls, client_cert: pem("c.pem"), client_key: pem("k.pem") };
      const opts = clientOptions({ ...login, tls: certLogin }, identity, {});
      expect(opts).toMatchObject({
        protocol: "mqtts",
        cert: certLogin.client_cert,
        key: certLogin.client_key,
      });
      expect(opts).not.toHaveProperty("username");
      expect(opts).not.toHaveProperty("password");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a reboot (uptime went back) forgets what was published, so everything goes out again", () => {
    const { state, uptime } = setup();
    state.publishedStats.set(SERIALS["HM-2CH"], 5);
    state.discoverySignature = "x";
    uptime.s = 150;
    noticeReboot(state);
    expect(state.publishedStats.size).toBe(1);
    uptime.s = 3;
    noticeReboot(state);
    expect(state.publishedStats.size).toBe(0);
    expect(state.discoverySignature).toBe("");
  });
});

describe("MQTT topic tree publisher", () => {
  it("publishes under the base topic with the retain flag, channel values only for a new sample", () => {
    const { state, sent, send, fleet } = setup();
    publishCycle(state, send);
    const topics = sent.map((m) => m.topic);
    expect(topics).toContain("solar/dtu/uptime");
    expect(topics).toContain(`solar/${SERIALS["HMS-4CH"]}/4/power`);
    expect(sent.every((m) => m.retain === state.settings.retain)).toBe(true);
    sent.length = 0;
    fleet.newSample(SERIALS["HM-2CH"]);
    publishCycle(state, send);
    const channels = sent.filter((m) => /\/\d\/power$/.test(m.topic)).map((m) => m.topic);
    expect(channels).toEqual([
      `solar/${SERIALS["HM-2CH"]}/0/power`,
      ...[1, 2].map((c) => `solar/${SERIALS["HM-2CH"]}/${c}/power`),
    ]);
  });

  it("turns a failing fleet into one console line", () => {
    const { state, send, fleet, logs } = setup();
    fleet.liveData = () => {
      throw new Error("radio gone");
    };
    publishCycle(state, send);
    publishCycle(state, send);
    expect(logs).toEqual(["MQTT: publishing failed: radio gone"]);
  });

  it("uses publish_interval seconds, at least 5, unless a test sets the period", () => {
    expect(publishPeriodMs(setup().state)).toBe(5000);
    const { state } = setup();
    state.settings.publish_interval = 30;
    expect(publishPeriodMs(state)).toBe(30_000);
    expect(publishPeriodMs(setup({ publishIntervalMs: 150 }).state)).toBe(150);
  });
});

describe("MQTT command topics", () => {
  const limitTopic = `solar/${SERIALS["HM-2CH"]}/cmd/limit_nonpersistent_relative`;

  it("hands a command to the fleet, and logs why one is ignored", () => {
    const { state, fleet, logs } = setup();
    onCommandMessage(state, limitTopic, Buffer.from("50.7"), false);
    onCommandMessage(state, limitTopic, Buffer.from("50"), true);
    expect(fleet.commands).toEqual([{ kind: "limit", serial: SERIALS["HM-2CH"], value: 50, type: 1 }]);
    expect(logs).toEqual([
      `MQTT: limit 50 type 1 for ${SERIALS["HM-2CH"]}`,
      `MQTT: ${limitTopic}: Ignored because retained`,
    ]);
  });

  it("drops commands silently for an inverter with commands off, or at night without night commands (§4)", () => {
    const { state, fleet, config, logs } = setup();
    config.inverters[0]!.command_enable = false;
    onCommandMessage(state, limitTopic, Buffer.from("50"), false);
    config.inverters[0]!.command_enable = true;
    config.inverters[0]!.command_enable_night = false;
    fleet.day = false;
    onCommandMessage(state, limitTopic, Buffer.from("50"), false);
    expect(fleet.commands).toEqual([]);
    expect(logs).toEqual([]);
  });

  it("a failing fleet becomes a console line, not an exception in mqtt.js", () => {
    const { state, fleet, logs } = setup();
    fleet.liveData = () => {
      throw new Error("busy");
    };
    expect(() => onCommandMessage(state, limitTopic, Buffer.from("50"), false)).not.toThrow();
    expect(logs).toEqual([`MQTT: command ${limitTopic} failed: busy`]);
  });
});

describe("MQTT discovery bookkeeping", () => {
  it("publishes only a changed set unless forced, and removes a deleted inverter's entities", () => {
    const { state, sent, send, fleet } = setup();
    state.settings.hass.enabled = true;
    publishDiscovery(state, send, fleet.liveData(), false);
    const first = sent.length;
    expect(first).toBeGreaterThan(0);
    publishDiscovery(state, send, fleet.liveData(), false);
    expect(sent.length).toBe(first);
    publishDiscovery(state, send, fleet.liveData(), true);
    expect(sent.length).toBe(2 * first);

    const roof = (topic: string) => topic.includes(`dtu_${SERIALS["HMS-4CH"]}/`);
    const roofEntities = [...state.announced].filter(roof);
    expect(roofEntities.length).toBeGreaterThan(0);
    sent.length = 0;
    fleet.remove(SERIALS["HMS-4CH"]);
    publishDiscovery(state, send, fleet.liveData(), false);
    expect(sent.filter((m) => roof(m.topic))).toEqual(
      roofEntities.map((topic) => ({ topic, payload: "", retain: true })),
    );
    expect([...state.announced].some(roof)).toBe(false);
  });

  it("switching discovery off removes every announced entity", () => {
    const { state, sent, send } = setup();
    state.settings.hass.enabled = true;
    announceNow(state, send, true);
    const announced = new Set(state.announced);
    sent.length = 0;
    state.settings.hass.enabled = false;
    announceNow(state, send, false);
    expect(new Set(sent.map((m) => m.topic))).toEqual(announced);
    expect(sent.every((m) => m.payload === "" && m.retain)).toBe(true);
    expect(state.announced.size).toBe(0);
  });
});
