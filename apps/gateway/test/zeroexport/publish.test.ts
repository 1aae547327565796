/**
 * Zero export on MQTT, in Home Assistant and in Prometheus (issue 32 §6): the pure topics, discovery and metric
 * lines; then a simulated gateway with a real mosquitto publishes the topics, announces sensors and a switch Home
 * Assistant accepts, takes the switch's command through the API's setter (on, off; a refused turn-on leaves it off)
 * and a real Prometheus scrapes the gauges. Skipped with the reason where mosquitto or Prometheus is missing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_ZERO_EXPORT_CONFIG,
  type ZeroExportConfig,
  type ZeroExportResult,
  type ZeroExportStatus,
} from "@dtu/api/zeroexport";
import { buildApp, type GatewayApp } from "../../src/app.ts";
import { gatewayDefaults } from "../../src/config/defaults.ts";
import { createMqtt } from "../../src/mqtt/index.ts";
import { ZERO_EXPORT_FILE } from "../../src/storage/dataFiles.ts";
import {
  enabledCommand,
  zeroExportDiscovery,
  zeroExportMetrics,
  zeroExportTopics,
} from "../../src/zeroexport/publish.ts";
import { freePort } from "../helpers/ports.ts";
import { prometheusMissing, startPrometheus, type TestPrometheus } from "../helpers/prometheus.ts";
import { skipUnlessAvailable } from "../helpers/requires.ts";
import { identity, Recorder } from "../mqtt/fakes.ts";
import { haProblems } from "../mqtt/haRules.ts";

const MOSQUITTO = process.env.MOSQUITTO_PATH ?? "/usr/sbin/mosquitto";
const missing = [existsSync(MOSQUITTO) ? "" : `${MOSQUITTO} missing`, prometheusMissing]
  .filter((why) => why !== "")
  .join(", ");

const status = (over: Partial<ZeroExportStatus>): ZeroExportStatus => ({
  state: "active",
  reason: { code: "in_band", params: {}, message: "in band" },
  grid_w: 18.26,
  target_w: 20,
  deadband_w: 10,
  output_w: 700,
  limit_total_w: 750,
  commands_last_hour: 4,
  inverters: [],
  log: [],
  ...over,
});
const ON: ZeroExportConfig = { ...DEFAULT_ZERO_EXPORT_CONFIG, enabled: true };

describe("zero export topics, discovery and metrics (pure)", () => {
  it("publishes state, enabled, grid, target, total limit and commands; grid and limit only once known", () => {
    const topics = (s: ZeroExportStatus, c: ZeroExportConfig) =>
      Object.fromEntries(zeroExportTopics(s, c).map((m) => [m.topic, m.payload]));
    expect(topics(status({}), ON)).toEqual({
      "zeroexport/state": "active",
      "zeroexport/enabled": "1",
      "zeroexport/grid": "18.3",
      "zeroexport/target": "20",
      "zeroexport/limit_total": "750",
      "zeroexport/commands_last_hour": "4",
    });
    const off = topics(
      status({ state: "off", grid_w: null, limit_total_w: null }),
      DEFAULT_ZERO_EXPORT_CONFIG,
    );
    expect(off).toEqual({
      "zeroexport/state": "off",
      "zeroexport/enabled": "0",
      "zeroexport/target": "20",
      "zeroexport/commands_last_hour": "4",
    });
  });

  it("announces sensors and a switch Home Assistant accepts, on the DTU's device", () => {
    const config = gatewayDefaults(identity.chipId);
    const serial = String(config.dtu.serial);
    const messages = zeroExportDiscovery(config, identity);
    expect(messages.flatMap((m) => haProblems(m.topic, m.payload))).toEqual([]);
    const byTopic = new Map(messages.map((m) => [m.topic, JSON.parse(m.payload) as Record<string, unknown>]));
    const at = (platform: string, id: string) =>
      byTopic.get(`homeassistant/${platform}/dtu_${serial}/zeroexport_${id}/config`);
    expect(at("switch", "enabled")).toMatchObject({
      cmd_t: "solar/zeroexport/enabled/set",
      stat_t: "solar/zeroexport/enabled",
      pl_on: "1",
      pl_off: "0",
      dev: { ids: serial },
    });
    expect(at("sensor", "grid")).toMatchObject({ stat_t: "solar/zeroexport/grid", dev_cla: "power" });
    for (const id of ["state", "target", "limit_total", "commands_last_hour"])
      expect(at("sensor", id)).toMatchObject({ stat_t: `solar/zeroexport/${id}` });
    expect(messages).toHaveLength(6);
  });

  it("writes the gauges, the state as one labelled gauge, nothing for what is not known", () => {
    const text = zeroExportMetrics({ status: () => status({}), config: () => ON });
    const lines = text.split("\n").filter((l) => !l.startsWith("#") && l !== "");
    expect(lines).toEqual([
      "opendtu_zeroexport_enabled 1",
      'opendtu_zeroexport_state{state="off"} 0',
      'opendtu_zeroexport_state{state="waiting"} 0',
      'opendtu_zeroexport_state{state="active"} 1',
      'opendtu_zeroexport_state{state="fallback"} 0',
      'opendtu_zeroexport_state{state="paused"} 0',
      "opendtu_zeroexport_grid_power 18.26",
      "opendtu_zeroexport_target_power 20",
      "opendtu_zeroexport_limit_total 750",
      "opendtu_zeroexport_commands_last_hour 4",
    ]);
    const unknown = zeroExportMetrics({
      status: () => status({ grid_w: null, limit_total_w: null }),
      config: () => ON,
    });
    expect(unknown).not.toMatch(/grid_power|limit_total/);
  });

  it("the switch's command: through the setter in order; retained, negative and refused ones change nothing", async () => {
    let config = DEFAULT_ZERO_EXPORT_CONFIG;
    let refuse = false;
    const posted: ZeroExportConfig[] = [];
    const lines: string[] = [];
    const service = {
      config: () => config,
      post: (data: string | undefined) => {
        const body = JSON.parse(data ?? "") as ZeroExportConfig;
        posted.push(body);
        if (refuse) {
          const refusal: ZeroExportResult = { type: "danger", code: "not_written", message: "not written" };
          return Promise.resolve({ status: 500, body: refusal });
        }
        config = body;
        const saved: ZeroExportResult = { type: "success", code: "saved", message: "Settings saved" };
        return Promise.resolve({ status: 200, body: saved });
      },
    };
    const commands = enabledCommand(service, (l) => lines.push(l));
    commands.receive("zeroexport/enabled/set", "1", true);
    commands.receive("zeroexport/enabled/set", "-1", false);
    expect(posted).toEqual([]);
    commands.receive("zeroexport/enabled/set", "1", false);
    commands.receive("zeroexport/enabled/set", "0", false);
    commands.receive("zeroexport/enabled/set", "2", false);
    await vi.waitFor(() => expect(posted.map((c) => c.enabled)).toEqual([true, false, true]));
    expect(config.enabled).toBe(true);
    refuse = true;
    config = DEFAULT_ZERO_EXPORT_CONFIG;
    commands.receive("zeroexport/enabled/set", "1", false);
    await vi.waitFor(() => expect(lines.at(-1)).toBe("MQTT: zero export on refused: not written"));
    expect(config.enabled).toBe(false);
    expect(lines.slice(0, 2)).toEqual([
      "MQTT: zeroexport/enabled/set: Ignored because retained",
      "MQTT: zeroexport/enabled/set: Negative value",
    ]);
  });
});

describe.skipIf(skipUnlessAvailable(missing))(
  `zero export on mosquitto and Prometheus${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let dir: string;
    let app: GatewayApp;
    let broker: ChildProcess;
    let prometheus: TestPrometheus;
    let sub: Recorder;
    const consoleText: string[] = [];
    /** Noon of a June day: the simulated inverters produce. */
    const clock = { t: Date.UTC(2026, 5, 21, 10, 0, 0), now: () => clock.t };
    const setTopic = "solar/zeroexport/enabled/set";
    const zeroExport = () => {
      if (!app.zeroExport) throw new Error("zero export not attached");
      return app.zeroExport;
    };

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "dtu-zx-pub-"));
      const [mqttPort, gwPort] = [await freePort(), await freePort()];
      await writeFile(
        join(dir, "mosquitto.conf"),
        `allow_anonymous true\npersistence false\nlistener ${mqttPort} 127.0.0.1\n`,
      );
      broker = spawn(MOSQUITTO, ["-c", join(dir, "mosquitto.conf")], { stdio: "ignore" });
      prometheus = await startPrometheus(dir, gwPort);
      const config = gatewayDefaults(identity.chipId);
      config.mqtt.enabled = true;
      config.mqtt.hostname = "127.0.0.1";
      config.mqtt.port = mqttPort;
      config.mqtt.hass.enabled = true;
      await mkdir(join(dir, "gw"));
      await writeFile(join(dir, "gw", "config.json"), JSON.stringify(config));
      await vi.waitFor(
        async () => {
          sub = await Recorder.connect(`mqtt://127.0.0.1:${mqttPort}`, { reconnectPeriod: 0 });
        },
        { timeout: 8000, interval: 100 },
      );
      app = await buildApp({
        dataDir: join(dir, "gw"),
        webRoot: join(dir, "no-web"),
        clock,
        meter: true,
        zeroExport: true,
        onConsole: (chunk) => consoleText.push(chunk),
        createMqtt: (deps) => createMqtt(deps, { publishIntervalMs: 100 }),
      });
      await app.listen({ port: gwPort, host: "127.0.0.1" });
    }, 30_000);
    afterAll(async () => {
      prometheus?.stop();
      await sub?.close();
      await app?.close();
      broker?.kill();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it("publishes zero export's topics, a valid discovery with the switch, and is off", async () => {
      await vi.waitFor(
        () => {
          const latest = sub.latest();
          expect(latest.get("solar/zeroexport/state")).toBe("off");
          expect(latest.get("solar/zeroexport/enabled")).toBe("0");
          expect(latest.get("solar/zeroexport/target")).toBe("20");
          expect(latest.get("solar/zeroexport/commands_last_hour")).toBe("0");
        },
        { timeout: 10_000, interval: 50 },
      );
      const discovery = [...sub.latest()].filter(([topic]) => /\/zeroexport_[a-z_]+\/config$/.test(topic));
      expect(discovery.map(([topic]) => topic.split("/").slice(1, 4).join("/")).sort()).toEqual(
        [
          "sensor/zeroexport_commands_last_hour",
          "sensor/zeroexport_grid",
          "sensor/zeroexport_limit_total",
          "sensor/zeroexport_state",
          "sensor/zeroexport_target",
          "switch/zeroexport_enabled",
        ].map((id) => id.replace("/", `/dtu_${String(app.gateway.config.dtu.serial)}/`)),
      );
      expect(discovery.flatMap(([t, p]) => haProblems(t, p))).toEqual([]);
    });

    it("the switch turns the controller on and off through the settings file", async () => {
      const file = join(dir, "gw", ZERO_EXPORT_FILE);
      await sub.client.publishAsync(setTopic, "1");
      await vi.waitFor(() => expect(sub.latest().get("solar/zeroexport/enabled")).toBe("1"), {
        timeout: 5000,
        interval: 20,
      });
      expect(zeroExport().config().enabled).toBe(true);
      expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ enabled: true });
      // The simulated house's meter is read as the host clock walks: the grid topic follows.
      await vi.waitFor(
        () => {
          clock.t += 1000;
          expect(sub.latest().get("solar/zeroexport/state")).not.toBe("off");
          expect(sub.latest().get("solar/zeroexport/grid")).toMatch(/^-?\d+\.\d$/);
        },
        { timeout: 5000, interval: 50 },
      );
      await sub.client.publishAsync(setTopic, "0");
      await vi.waitFor(
        () => {
          expect(sub.latest().get("solar/zeroexport/enabled")).toBe("0");
          expect(sub.latest().get("solar/zeroexport/state")).toBe("off");
        },
        { timeout: 5000, interval: 20 },
      );
      expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ enabled: false });
    });

    it("a turn-on the setter refuses (settings not writable) is logged and leaves it off", async () => {
      const file = join(dir, "gw", ZERO_EXPORT_FILE);
      // A directory (not empty) where the file goes: the atomic rename fails, the service answers not_written.
      await rm(file);
      await mkdir(join(file, "blocked"), { recursive: true });
      try {
        await sub.client.publishAsync(setTopic, "1");
        await vi.waitFor(() => expect(consoleText.join("")).toContain("MQTT: zero export on refused"), {
          timeout: 5000,
          interval: 20,
        });
        expect(zeroExport().config().enabled).toBe(false);
        expect(zeroExport().status().state).toBe("off");
      } finally {
        await rm(file, { recursive: true, force: true });
      }
    });

    it("is scraped by Prometheus: enabled, the state gauge, target and commands", async () => {
      const metrics = await app.inject({ url: "/api/prometheus/metrics" });
      expect(metrics.body).toContain('opendtu_zeroexport_state{state="off"} 1');
      await vi.waitFor(
        async () => {
          expect(await prometheus.query("opendtu_zeroexport_enabled")).toBe(0);
          expect(await prometheus.query('opendtu_zeroexport_state{state="off"}')).toBe(1);
          expect(await prometheus.query('opendtu_zeroexport_state{state="active"}')).toBe(0);
          expect(await prometheus.query("opendtu_zeroexport_target_power")).toBe(20);
          expect(await prometheus.query("opendtu_zeroexport_commands_last_hour")).toBe(0);
        },
        { timeout: 20_000, interval: 100 },
      );
    }, 30_000);
  },
);
