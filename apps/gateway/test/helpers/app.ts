/** Builds a gateway on a fresh temporary data folder with fakes for the fleet and MQTT. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp, type BuildOptions, type GatewayApp } from "../../src/app.ts";
import type { MqttService } from "../../src/device/contracts.ts";
import { createFakeFleet, type FakeFleet } from "./fakeFleet.ts";

export const ADMIN = `Basic ${Buffer.from("admin:openDTU42").toString("base64")}`;
export const WRONG = `Basic ${Buffer.from("admin:nope-nope").toString("base64")}`;

export interface TestGateway {
  app: GatewayApp;
  dataDir: string;
  fleet: () => FakeFleet;
  mqttCalls: string[];
  close(): Promise<void>;
}

export async function makeDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), "dtu-gw-test-"));
}

export async function startGateway(options: Partial<BuildOptions> = {}): Promise<TestGateway> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  let fleet: FakeFleet | null = null;
  const mqttCalls: string[] = [];
  const mqtt: MqttService = {
    connected: () => false,
    reconfigure: () => void mqttCalls.push("reconfigure"),
    stop: async () => void mqttCalls.push("stop"),
  };
  const app = await buildApp({
    webRoot: join(dataDir, "no-webapp"),
    rebootDelayMs: 50,
    outageMs: 200,
    createFleet: async (deps) => (fleet = createFakeFleet(deps)),
    createMqtt: () => mqtt,
    ...options,
    dataDir,
  });
  return {
    app,
    dataDir,
    fleet: () => fleet as FakeFleet,
    mqttCalls,
    async close() {
      await app.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Resolves at the first console line containing `text` from now on: tests wait for what the gateway does (a reboot
 * starting or done) instead of sleeping for about as long as it takes.
 */
export function consoleLine(app: GatewayApp, text: string, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no console line with "${text}" within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = app.gateway.onLog((chunk) => {
      if (!chunk.includes(text)) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/** urlencoded POST body with the `data` field. */
export function form(data: unknown): string {
  return `data=${encodeURIComponent(typeof data === "string" ? data : JSON.stringify(data))}`;
}

export const FORM = { "content-type": "application/x-www-form-urlencoded" };
