/**
 * The meter on MQTT, in Home Assistant and in Prometheus (issue 31 §6): a simulated gateway with a loopback HTTP
 * meter publishes the meter's topics on a real mosquitto, announces sensors Home Assistant accepts (energy with
 * `total_increasing`, so its energy dashboard takes them), and a real Prometheus scrapes the meter's gauges and
 * counters. Skipped with the reason where mosquitto or Prometheus is missing (not under CI).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { MeterStatus } from "@dtu/api/meter";
import { buildApp, type GatewayApp } from "../../src/app.ts";
import { gatewayDefaults } from "../../src/config/defaults.ts";
import { meterDiscovery, meterTopics } from "../../src/meter/publish.ts";
import { createMqtt } from "../../src/mqtt/index.ts";
import { freePort } from "../helpers/ports.ts";
import { prometheusMissing, startPrometheus, type TestPrometheus } from "../helpers/prometheus.ts";
import { skipUnlessAvailable } from "../helpers/requires.ts";
import { identity, Recorder } from "../mqtt/fakes.ts";
import { haProblems } from "../mqtt/haRules.ts";
import { json, serve, type TestServer } from "./servers.ts";

const MOSQUITTO = process.env.MOSQUITTO_PATH ?? "/usr/sbin/mosquitto";
const missing = [existsSync(MOSQUITTO) ? "" : `${MOSQUITTO} missing`, prometheusMissing]
  .filter((why) => why !== "")
  .join(", ");

const TODAY = {
  import_wh: 1234.4,
  export_wh: 56.7,
  production_wh: 800,
  home_wh: 1977.7,
  self_consumption_pct: 92.9,
  autarky_pct: 37.6,
};
const status = (over: Partial<MeterStatus>): MeterStatus => ({
  state: "ok",
  power_w: -321.25,
  phases_w: null,
  age_ms: 0,
  error: null,
  today: TODAY,
  ...over,
});

describe("meter topics and discovery (pure)", () => {
  it("publishes power only while fresh, and today's figures once known", () => {
    const topics = (s: MeterStatus) => Object.fromEntries(meterTopics(s).map((m) => [m.topic, m.payload]));
    expect(topics(status({}))).toEqual({
      "meter/state": "ok",
      "meter/power": "-321.3",
      "meter/import_today": "1234",
      "meter/export_today": "57",
      "meter/self_consumption_today": "92.9",
      "meter/autarky_today": "37.6",
    });
    // A stale meter's last value is never published as new.
    expect(topics(status({ state: "stale" }))).not.toHaveProperty("meter/power");
    const off = topics(
      status({
        state: "off",
        power_w: null,
        today: { ...TODAY, import_wh: null, export_wh: null, self_consumption_pct: null, autarky_pct: null },
      }),
    );
    expect(off).toEqual({ "meter/state": "off" });
  });

  it("announces sensors Home Assistant accepts, energy as total_increasing; none while off", () => {
    const config = gatewayDefaults(identity.chipId);
    const messages = meterDiscovery(config, identity, true);
    expect(messages.flatMap((m) => haProblems(m.topic, m.payload))).toEqual([]);
    const byId = new Map(
      messages.map((m) => [m.topic.split("/")[3], JSON.parse(m.payload) as Record<string, unknown>]),
    );
    const serial = String(config.dtu.serial);
    expect(messages[0]?.topic).toBe(`homeassistant/sensor/dtu_${serial}/meter_power/config`);
    for (const id of ["meter_import_today", "meter_export_today"]) {
      expect(byId.get(id)).toMatchObject({
        dev_cla: "energy",
        stat_cla: "total_increasing",
        unit_of_meas: "Wh",
      });
    }
    expect(byId.get("meter_power")).toMatchObject({
      dev_cla: "power",
      unit_of_meas: "W",
      stat_t: "solar/meter/power",
      avty_t: "solar/meter/state",
    });
    expect(byId.get("meter_autarky_today")).toMatchObject({
      unit_of_meas: "%",
      stat_t: "solar/meter/autarky_today",
    });
    expect(byId.get("meter_state")).toMatchObject({ dev: { ids: serial }, ent_cat: "diagnostic" });
    expect(meterDiscovery(config, identity, false)).toEqual([]);
  });
});

describe.skipIf(skipUnlessAvailable(missing))(
  `the meter on mosquitto and Prometheus${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let dir: string;
    let app: GatewayApp;
    let meter: TestServer;
    let broker: ChildProcess;
    let prometheus: TestPrometheus;
    let sub: Recorder;
    /** Noon of a June day: the simulated inverters produce. */
    const clock = { t: Date.UTC(2026, 5, 21, 10, 0, 0), now: () => clock.t };

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "dtu-meter-pub-"));
      const [mqttPort, gwPort] = [await freePort(), await freePort()];
      await writeFile(
        join(dir, "mosquitto.conf"),
        `allow_anonymous true\npersistence false\nlistener ${mqttPort} 127.0.0.1\n`,
      );
      broker = spawn(MOSQUITTO, ["-c", join(dir, "mosquitto.conf")], { stdio: "ignore" });
      prometheus = await startPrometheus(dir, gwPort);
      meter = await serve((_req, res) => json(res, { grid: { w: 1000 } }));
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
        createMqtt: (deps) => createMqtt(deps, { publishIntervalMs: 100 }),
      });
      await app.listen({ port: gwPort, host: "127.0.0.1" });
    }, 30_000);
    afterAll(async () => {
      prometheus?.stop();
      await sub?.close();
      await app?.close();
      broker?.kill();
      await meter?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it("publishes the meter's topics and discovery on mosquitto", async () => {
      const saved = await app.meter?.post(
        JSON.stringify({ kind: "http", url: `${meter.url}/`, path: "grid.w", interval_ms: 250 }),
      );
      expect(saved).toMatchObject({ type: "success" });
      // The host clock walks a second at a time while the meter is read: today's import grows.
      await vi.waitFor(
        () => {
          clock.t += 1000;
          const latest = sub.latest();
          expect(latest.get("solar/meter/state")).toBe("ok");
          expect(latest.get("solar/meter/power")).toBe("1000.0");
          expect(Number(latest.get("solar/meter/import_today"))).toBeGreaterThan(0);
          expect(latest.get("solar/meter/export_today")).toBe("0");
          expect(latest.get("solar/meter/autarky_today")).toBeDefined();
        },
        { timeout: 10_000, interval: 50 },
      );
      const discovery = [...sub.latest()].filter(([topic]) => /\/meter_[a-z_]+\/config$/.test(topic));
      expect(discovery.map(([topic]) => topic.split("/")[3]).sort()).toEqual([
        "meter_autarky_today",
        "meter_export_today",
        "meter_import_today",
        "meter_power",
        "meter_self_consumption_today",
        "meter_state",
      ]);
      expect(discovery.flatMap(([t, p]) => haProblems(t, p))).toEqual([]);
    });

    it("is scraped by Prometheus: meter up, grid power, the import counter as the gateway counts it", async () => {
      const query = (promql: string) => prometheus.query(promql);
      // The clock stands still now: once a reading was taken at its last step, the counter stops growing, and
      // Prometheus's latest scrape holds its value.
      await vi.waitFor(() => expect(app.meter?.status().age_ms).toBe(0), { timeout: 5000, interval: 20 });
      const counted = Number((app.meter?.energy().import_wh ?? 0).toFixed(3));
      expect(counted).toBeGreaterThan(0);
      await vi.waitFor(
        async () => {
          expect(await query("opendtu_meter_up")).toBe(1);
          expect(await query("opendtu_meter_stale")).toBe(0);
          expect(await query("opendtu_meter_power")).toBe(1000);
          expect(await query("opendtu_meter_import_wh_total")).toBe(counted);
          expect(await query("opendtu_meter_export_wh_total")).toBe(0);
        },
        { timeout: 20_000, interval: 100 },
      );
    }, 30_000);
  },
);
