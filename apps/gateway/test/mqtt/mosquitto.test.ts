/**
 * Interop with Debian's mosquitto over TLS: server verification with the configured root CA, certificate login
 * (mosquitto takes the client certificate's CN as user name), a wrong CA and a missing client certificate.
 * Skipped with a visible reason when /usr/sbin/mosquitto or openssl is absent (`.ci/run` installs mosquitto); a
 * failure instead when CI=true.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { connect as tcpConnect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMqtt } from "../../src/mqtt/index.ts";
import type { MqttService } from "../../src/device/contracts.ts";
import type { ConfigJson } from "../../src/config/types.ts";
import { hasOpenssl, makePki, type Pki } from "./certs.ts";
import { FakeFleet, Recorder, SERIALS, clock, identity, makeConfig } from "./fakes.ts";
import { freePort } from "../helpers/ports.ts";
import { skipUnlessAvailable } from "../helpers/requires.ts";

// MOSQUITTO_PATH lets a test prove the CI rule below by pointing at a missing binary.
const MOSQUITTO = process.env.MOSQUITTO_PATH ?? "/usr/sbin/mosquitto";
const missing = !existsSync(MOSQUITTO)
  ? `${MOSQUITTO} not installed`
  : !hasOpenssl()
    ? "openssl CLI not installed"
    : "";

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe.skipIf(skipUnlessAvailable(missing))(
  `mosquitto interop over TLS${missing ? ` (skipped: ${missing})` : ""}`,
  () => {
    let pki: Pki;
    let broker: ChildProcess | undefined;
    let port = 0;
    let brokerLog = "";
    const services: MqttService[] = [];

    beforeAll(async () => {
      pki = makePki(identity.apSsid);
      port = await freePort();
      const conf = pki.file("mosquitto.conf");
      writeFileSync(
        conf,
        [
          "per_listener_settings false",
          "allow_anonymous false",
          "persistence false",
          "log_dest stderr",
          "log_type error",
          "log_type warning",
          "log_type notice",
          "user root",
          `listener ${port} 127.0.0.1`,
          `cafile ${pki.file("ca.crt")}`,
          `certfile ${pki.file("server.crt")}`,
          `keyfile ${pki.file("server.key")}`,
          "require_certificate true",
          "use_identity_as_username true",
          "",
        ].join("\n"),
      );
      broker = spawn(MOSQUITTO, ["-c", conf], { stdio: ["ignore", "pipe", "pipe"] });
      broker.stderr?.on("data", (chunk: Buffer) => (brokerLog += chunk.toString()));
      broker.stdout?.on("data", (chunk: Buffer) => (brokerLog += chunk.toString()));
      const started = Date.now();
      while (!(await portOpen(port))) {
        if (broker.exitCode !== null || Date.now() - started > 8000) {
          throw new Error(`mosquitto did not start:\n${brokerLog}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });

    afterAll(async () => {
      for (const s of services) await s.stop();
      if (broker && broker.exitCode === null) {
        const exited = new Promise((resolve) => broker?.once("exit", resolve));
        broker.kill("SIGTERM");
        await exited;
      }
      pki?.remove();
    });

    const tlsConfig = (fleet: FakeFleet, tls: Partial<ConfigJson["mqtt"]["tls"]>): ConfigJson => {
      const config = makeConfig(port, fleet, {
        // Certificate login: username/password must not be sent (mosquitto would then reject the login).
        username: "ignored-user",
        password: "ignored-password",
      });
      config.mqtt.tls = {
        enabled: true,
        root_ca_cert: pki.caCert,
        certlogin: true,
        client_cert: pki.clientCert,
        client_key: pki.clientKey,
        ...tls,
      };
      return config;
    };

    const start = (config: ConfigJson, fleet: FakeFleet, logs: string[]) => {
      const service = createMqtt(
        {
          getConfig: () => config,
          fleet,
          clock,
          log: (l) => logs.push(l),
          identity,
          uptimeSeconds: () => 99,
        },
        { publishIntervalMs: 150, reconnectPeriodMs: 200 },
      );
      services.push(service);
      return service;
    };

    const subscriber = () =>
      Recorder.connect(`mqtts://127.0.0.1:${port}`, {
        ca: pki.caCert,
        cert: pki.clientCert,
        key: pki.clientKey,
        clientId: "test-subscriber",
      });

    it("publishes the topic tree over TLS with certificate login", async () => {
      const fleet = new FakeFleet();
      const serial = SERIALS["HM-2CH"];
      fleet.add(serial, "Roof east");
      const sub = await subscriber();
      try {
        const logs: string[] = [];
        const config = tlsConfig(fleet, {});
        config.mqtt.hass.enabled = true;
        const mqtt = start(config, fleet, logs);
        await sub.waitFor((m) => m.some((x) => x.topic === `solar/${serial}/0/power`), "values over TLS");
        expect(mqtt.connected()).toBe(true);
        const latest = sub.latest();
        expect(latest.get("solar/dtu/status")).toBe("online");
        expect(latest.get(`solar/${serial}/2/voltage`)).toBe("33.2");
        expect(latest.get("solar/dtu/uptime")).toBe("99");
        await sub.waitFor(
          (m) => m.some((x) => x.topic === `homeassistant/sensor/dtu_${serial}/ch0_Power/config`),
          "discovery over TLS",
        );
        // A command through mosquitto reaches the inverter.
        await sub.client.publishAsync(`solar/${serial}/cmd/power`, "0");
        await expect
          .poll(() => fleet.commands.length > 0, {
            message: "command via mosquitto",
            timeout: 8000,
            interval: 25,
          })
          .toBe(true);
        expect(fleet.commands[0]).toEqual({ kind: "power", serial, on: false });
        expect(logs.some((l) => l.includes("connected to 127.0.0.1"))).toBe(true);
        await mqtt.stop();
        await sub.waitFor(
          (m) => m.some((x) => x.topic === "solar/dtu/status" && x.payload === "offline"),
          "offline on stop",
        );
      } finally {
        await sub.close();
      }
    });

    it("refuses a broker whose certificate does not verify against the root CA", async () => {
      const fleet = new FakeFleet();
      const logs: string[] = [];
      const mqtt = start(tlsConfig(fleet, { root_ca_cert: pki.otherCaCert }), fleet, logs);
      await expect
        .poll(() => logs.some((l) => /certificate/i.test(l)), {
          message: "certificate error line",
          timeout: 8000,
          interval: 25,
        })
        .toBe(true);
      expect(mqtt.connected()).toBe(false);
    });

    it("is refused without a client certificate and logs it", async () => {
      const fleet = new FakeFleet();
      const logs: string[] = [];
      const mqtt = start(tlsConfig(fleet, { certlogin: false }), fleet, logs);
      await expect
        .poll(() => logs.some((l) => /certificate required/.test(l)), {
          message: "error line",
          timeout: 8000,
          interval: 25,
        })
        .toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      expect(mqtt.connected()).toBe(false);
    });

    it("logs an unusable client key instead of throwing", async () => {
      const fleet = new FakeFleet();
      const logs: string[] = [];
      const mqtt = start(tlsConfig(fleet, { client_key: "not a key" }), fleet, logs);
      await expect
        .poll(() => logs.some((l) => l.includes("invalid TLS certificate or key")), {
          message: "key error line",
          timeout: 8000,
          interval: 25,
        })
        .toBe(true);
      expect(mqtt.connected()).toBe(false);
    });
  },
);
