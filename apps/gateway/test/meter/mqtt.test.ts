/**
 * The MQTT meter on a real mosquitto (plain TCP on loopback, anonymous): a number payload, a JSON payload with a
 * path, a bad payload named, the broker gone named. Skipped with its reason where mosquitto is missing (not under CI).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MeterPoller } from "../../src/meter/poller.ts";
import { mqttReader } from "../../src/meter/readers/mqtt.ts";
import { freePort } from "../helpers/ports.ts";
import { skipUnlessAvailable } from "../helpers/requires.ts";

const MOSQUITTO = process.env.MOSQUITTO_PATH ?? "/usr/sbin/mosquitto";
const missing = existsSync(MOSQUITTO) ? "" : `${MOSQUITTO} not installed`;

describe.skipIf(skipUnlessAvailable(missing))(
  `MQTT meter on mosquitto${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let broker: ChildProcess;
    let port = 0;
    let publisher: mqtt.MqttClient;

    beforeAll(async () => {
      port = await freePort();
      const conf = join(mkdtempSync(join(tmpdir(), "meter-mqtt-")), "mosquitto.conf");
      writeFileSync(
        conf,
        ["allow_anonymous true", "persistence false", `listener ${port} 127.0.0.1`, ""].join("\n"),
      );
      broker = spawn(MOSQUITTO, ["-c", conf], { stdio: "ignore" });
      await vi.waitFor(
        async () => {
          publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
            reconnectPeriod: 0,
            connectTimeout: 500,
          });
        },
        { timeout: 8000, interval: 100 },
      );
    });
    afterAll(async () => {
      await publisher?.endAsync(true);
      broker?.kill();
    });

    it("reads a JSON payload at a path, names a bad payload, and goes stale when the broker stops", async () => {
      let now = 0;
      const reader = mqttReader({
        url: `mqtt://127.0.0.1:${port}`,
        topic: "home/meter/SENSOR",
        path: "ENERGY.Power",
        unit: "W",
        invert: false,
        username: "",
        password: "",
        now: () => now,
      });
      const poller = new MeterPoller({
        reader,
        intervalMs: 1000,
        now: () => now,
        timers: { setTimeout: () => 0, clearTimeout: () => undefined },
      });
      await poller.poll();
      expect(poller.status().error).toMatchObject({
        code: "no_message",
        params: { topic: "home/meter/SENSOR" },
      });
      await vi.waitFor(
        async () => {
          await publisher.publishAsync("home/meter/SENSOR", JSON.stringify({ ENERGY: { Power: -420 } }));
          await poller.poll();
          expect(poller.status()).toMatchObject({ state: "ok", power_w: -420 });
        },
        { timeout: 5000, interval: 100 },
      );
      await publisher.publishAsync("home/meter/SENSOR", "<html>");
      await vi.waitFor(async () => {
        await poller.poll();
        expect(poller.status().error?.code).toBe("not_json");
      });
      broker.kill();
      await vi.waitFor(async () => {
        await poller.poll();
        expect(poller.status().error?.code).toBe("broker");
      });
      now += 10_001;
      expect(poller.status()).toMatchObject({ state: "stale", power_w: -420 });
      await poller.stop();
    });
  },
);

describe("MQTT payloads", () => {
  it("a bare number needs no path", async () => {
    const { payloadValue } = await import("../../src/meter/readers/mqtt.ts");
    expect(payloadValue(Buffer.from(" 1234.5 "), "")).toBe(1234.5);
    expect(payloadValue(Buffer.from('{"p":[1,2]}'), "p[1]")).toBe(2);
    expect(() => payloadValue(Buffer.from("on"), "")).toThrow("not a number");
  });
});
