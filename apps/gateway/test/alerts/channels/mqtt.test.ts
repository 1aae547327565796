/**
 * The MQTT channel against Debian's mosquitto with password login: problem state per inverter and for the DTU,
 * Home Assistant discovery, the event topic, open alerts carried over a restart, availability, and a refused login
 * whose error and log lines hold no password. Skipped with its reason without mosquitto; a failure when CI=true.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeOf } from "../../../src/alerts/codes.ts";
import type { AlertConfigPost } from "@dtu/api/alerts";
import type { Channel } from "../../../src/alerts/contracts.ts";
import { createBrowserHub, type ChannelDeps } from "../../../src/alerts/channels/index.ts";
import { mqttChannel } from "../../../src/alerts/channels/mqtt.ts";
import { Recorder } from "../../mqtt/fakes.ts";
import { skipUnlessAvailable } from "../../helpers/requires.ts";
import { deadPort, makeAlert, makeMessage } from "./helpers.ts";

const MOSQUITTO = process.env.MOSQUITTO_PATH ?? "/usr/sbin/mosquitto";
const PASSWD = "/usr/bin/mosquitto_passwd";
const missing = !existsSync(MOSQUITTO)
  ? `${MOSQUITTO} not installed`
  : !existsSync(PASSWD)
    ? `${PASSWD} not installed`
    : "";
const PASSWORD = "mqtt-SECRET-pass";
const never = new AbortController().signal;
const INV = "116482345678";
const INV2 = "114182123456";

type MqttConfig = AlertConfigPost["channels"]["mqtt"];

describe.skipIf(skipUnlessAvailable(missing))(
  `MQTT channel with mosquitto${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let dir = "";
    let broker: ChildProcess | undefined;
    let url = "";
    let brokerLog = "";
    let sub: Recorder;
    const channels: Channel[] = [];

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "alerts-mqtt-"));
      execFileSync(PASSWD, ["-c", "-b", join(dir, "passwd"), "owner", PASSWORD], { stdio: "ignore" });
      const port = await deadPort();
      url = `mqtt://127.0.0.1:${port}`;
      writeFileSync(
        join(dir, "mosquitto.conf"),
        [
          "per_listener_settings false",
          "allow_anonymous false",
          `password_file ${join(dir, "passwd")}`,
          "persistence false",
          "log_dest stderr",
          "log_type error",
          "user root",
          `listener ${port} 127.0.0.1`,
          "",
        ].join("\n"),
      );
      broker = spawn(MOSQUITTO, ["-c", join(dir, "mosquitto.conf")], { stdio: ["ignore", "pipe", "pipe"] });
      broker.stderr?.on("data", (c: Buffer) => (brokerLog += c.toString()));
      const started = Date.now();
      for (;;) {
        try {
          sub = await Recorder.connect(url, { username: "owner", password: PASSWORD, clientId: "test-sub" });
          break;
        } catch {
          if (broker.exitCode !== null || Date.now() - started > 8000)
            throw new Error(`mosquitto: ${brokerLog}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    });

    afterAll(async () => {
      for (const c of channels) await c.close();
      await sub?.close();
      if (broker && broker.exitCode === null) {
        const exited = new Promise((resolve) => broker?.once("exit", resolve));
        broker.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    });

    const config = (over: Partial<MqttConfig> = {}): MqttConfig => ({
      enabled: true,
      url,
      username: "owner",
      password: PASSWORD,
      topic: "solar/",
      hass: true,
      hass_prefix: "homeassistant/",
      ...over,
    });

    const start = (c: MqttConfig, logs: string[], extra: Partial<ChannelDeps> = {}) => {
      const channel = mqttChannel(
        c,
        {
          clock: { now: () => Date.now() },
          log: (l) => logs.push(l),
          hub: createBrowserHub(),
          site: () => ({
            dtuName: "OpenDTU-1A2B",
            dtuSerial: "199980123456",
            inverters: [
              { serial: INV, name: "Roof east" },
              { serial: INV2, name: "Garage" },
            ],
          }),
          ...extra,
        },
        { reconnectMs: 200 },
      );
      channels.push(channel);
      return channel;
    };

    // What the channel sent, not what the broker replays: should the test's subscriber reconnect (it did once on a
    // busy machine), its new subscription gets the retained messages again (retain flag set), among them those an
    // empty payload has since removed for everyone else.
    const live = () => sub.messages.filter((m) => !m.retain);
    const latest = (topic: string) => live().findLast((m) => m.topic === topic)?.payload;

    it("announces a problem sensor per inverter and the DTU, and keeps each target's state", async () => {
      const logs: string[] = [];
      const channel = start(config(), logs);
      await sub.waitFor(() => latest("solar/alerts/availability") === "online", "online");
      await sub.waitFor(() => latest(`solar/alerts/${INV2}/problem`) === "OFF", "initial states");
      const discovery = JSON.parse(latest(`homeassistant/binary_sensor/dtu_${INV}/alert/config`) ?? "{}");
      expect(discovery).toEqual({
        name: "Alert",
        uniq_id: `${INV}_alert`,
        dev_cla: "problem",
        stat_t: `solar/alerts/${INV}/problem`,
        pl_on: "ON",
        pl_off: "OFF",
        json_attr_t: `solar/alerts/${INV}/attributes`,
        avty_t: "solar/alerts/availability",
        dev: { name: "Roof east", ids: INV },
      });
      const dtu = JSON.parse(latest("homeassistant/binary_sensor/dtu_199980123456/alert/config") ?? "{}");
      expect(dtu).toMatchObject({
        stat_t: "solar/alerts/dtu/problem",
        dev: { name: "OpenDTU-1A2B", mdl: "DTU" },
      });
      expect(latest("solar/alerts/dtu/problem")).toBe("OFF");

      const silent = makeAlert({ id: 1, started: 100 });
      const weak = makeAlert({
        id: 2,
        kind: "weak_string",
        severity: "warning",
        channel: 1,
        title: "String 2 weak",
        started: 200,
      });
      await channel.send(makeMessage({ alert: silent }), never);
      // Sent with QoS 1: when send resolves the broker has every message; the subscriber may see them a moment later.
      await sub.waitFor(() => latest(`solar/alerts/${INV}/problem`) === "ON", "problem ON");
      expect(latest(`solar/alerts/${INV}/text`)).toBe("Roof east is not answering");
      await channel.send(makeMessage({ alert: weak }), never);
      await sub.waitFor(() => latest(`solar/alerts/${INV}/text`) === "String 2 weak", "newest text");
      const attributes = JSON.parse(latest(`solar/alerts/${INV}/attributes`) ?? "{}");
      expect(attributes).toMatchObject({ text: "String 2 weak", count: 2 });
      expect(attributes.alerts.map((a: { id: number }) => a.id)).toEqual([2, 1]);

      // One of two cleared: still a problem; both cleared: OFF and the text empty.
      await channel.send(makeMessage({ event: "cleared", alert: { ...weak, cleared: 300 } }), never);
      await sub.waitFor(
        () => latest(`solar/alerts/${INV}/text`) === "Roof east is not answering",
        "older text",
      );
      expect(latest(`solar/alerts/${INV}/problem`)).toBe("ON");
      await channel.send(makeMessage({ event: "cleared", alert: { ...silent, cleared: 400 } }), never);
      // Both retained topics settle; on a busy machine the text's removal may be read after the state.
      await sub.waitFor(
        () => latest(`solar/alerts/${INV}/problem`) === "OFF" && latest(`solar/alerts/${INV}/text`) === "",
        "problem OFF and the text empty",
      );

      // A DTU alert goes to the dtu target; a test message only to the event topic.
      await channel.send(
        makeMessage({ alert: makeAlert({ id: 3, kind: "dtu_silent", serial: null }) }),
        never,
      );
      await sub.waitFor(() => latest("solar/alerts/dtu/problem") === "ON", "DTU problem");
      sub.clear();
      await channel.send(makeMessage({ event: "test", alert: null, severity: "info", title: "Test" }), never);
      const events = () => live().map((m) => JSON.parse(m.payload) as { event: string });
      await sub.waitFor(() => events().some((e) => e.event === "test"), "test event");
      expect(new Set(live().map((m) => m.topic))).toEqual(new Set(["solar/alerts/event"]));
      expect(events().find((e) => e.event === "test")).toMatchObject({
        alert: null,
        title: "Test",
        severity: "info",
      });
      expect(logs).toContain("Alerts: MQTT connected");

      await channel.close();
      await sub.waitFor(() => latest("solar/alerts/availability") === "offline", "offline on close");
    });

    it("starts from the alerts open now (a restart keeps a problem ON)", async () => {
      sub.clear();
      start(config({ topic: "restart/", hass: false }), [], {
        openAlerts: () => [makeAlert({ id: 9, serial: INV2, title: "Garage is not answering" })],
      });
      await sub.waitFor(() => latest(`restart/alerts/${INV}/problem`) === "OFF", "states after restart");
      expect(latest(`restart/alerts/${INV2}/problem`)).toBe("ON");
      expect(latest(`restart/alerts/${INV2}/text`)).toBe("Garage is not answering");
      // Discovery off: sensors announced before (the first test, or an earlier run) are removed by empty payloads.
      const discovery = live().filter((m) => m.topic.startsWith("homeassistant/"));
      expect(discovery.map((m) => m.topic)).toContain(`homeassistant/binary_sensor/dtu_${INV}/alert/config`);
      expect(discovery.every((m) => m.payload === "")).toBe(true);
      // The states are retained: a client connecting later (Home Assistant after its restart) gets them at once, and
      // no discovery config is left on the broker.
      const late = await Recorder.connect(url, { username: "owner", password: PASSWORD });
      try {
        // 3 targets × (attributes, problem) + availability + the one non-empty text: an empty retained payload
        // deletes the retained message, so the targets without a problem have no text topic.
        await late.waitFor(
          (m) => m.filter((x) => x.topic.startsWith("restart/alerts/")).length >= 8,
          "retained",
        );
        expect(late.latest().get(`restart/alerts/${INV}/text`)).toBeUndefined();
        expect(late.messages.find((m) => m.topic === `restart/alerts/${INV2}/problem`)).toMatchObject({
          payload: "ON",
          retain: true,
        });
        expect(late.messages.filter((m) => m.topic.startsWith("homeassistant/"))).toEqual([]);
      } finally {
        await late.close();
      }
    });

    it("a channel replaced by a config save does not mark its successor offline", async () => {
      const logs: string[] = [];
      const before = start(config({ topic: "swap/", hass: false }), logs);
      await expect
        .poll(() => logs.length === 1, { message: "first connected", timeout: 8000, interval: 25 })
        .toBe(true);
      const after = start(config({ topic: "swap/", hass: false }), logs);
      await expect
        .poll(() => logs.length === 2, { message: "second connected", timeout: 8000, interval: 25 })
        .toBe(true);
      await before.close();
      const late = await Recorder.connect(
        url,
        { username: "owner", password: PASSWORD },
        "swap/alerts/availability",
      );
      try {
        await late.waitFor((m) => m.length > 0, "retained availability");
        expect(late.messages[0]?.payload).toBe("online");
      } finally {
        await late.close();
      }
      await after.close();
      await sub.waitFor(
        () => latest("swap/alerts/availability") === "offline",
        "offline once the last one closed",
      );
    });

    it("a send right after the channel was created waits for its first connection", async () => {
      sub.clear();
      const channel = start(config({ topic: "fresh/", hass: false }), []);
      await channel.send(makeMessage({ event: "test", alert: null, title: "First" }), never);
      await sub.waitFor((m) => m.some((x) => x.topic === "fresh/alerts/event"), "the event");
    });

    it("a refused login fails the send in words, without the password in the error or the log", async () => {
      const logs: string[] = [];
      const wrong = `${PASSWORD}-wrong`;
      const channel = start(config({ topic: "refused/", password: wrong }), logs);
      await expect
        .poll(() => logs.length > 0, { message: "a log line", timeout: 8000, interval: 25 })
        .toBe(true);
      const error = await channel.send(makeMessage(), never).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toMatch(
        /^not connected to the broker: .*(Not authorized|Bad user name or password)/i,
      );
      for (const text of [error?.message ?? "", ...logs]) expect(text).not.toContain(PASSWORD);
      expect(codeOf(error)?.code).toBe("broker_offline");
      expect(JSON.stringify(codeOf(error))).not.toContain(PASSWORD);
      expect(logs.filter((l) => /Not authorized|Bad user/i.test(l)).length).toBe(1); // once, not per retry
    });
  },
);
