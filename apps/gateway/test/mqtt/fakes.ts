/**
 * Test doubles for the MQTT module: a small fleet producing realistic live documents (API.md §3.1, §4.2, §4.3), a
 * config.json, an identity, and helpers for an embedded aedes broker and a recording subscriber.
 */
import { expect } from "vitest";
import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { Aedes, type AedesOptions } from "aedes";
import { connect, type IClientOptions, type MqttClient } from "mqtt";
import { inverterType } from "@dtu/api/inverterType";
import { sampleDeviceInfo } from "@dtu/api/samples";
import type {
  Channel,
  DeviceInfo,
  EventLog,
  LimitStatus,
  LiveData,
  LiveInverter,
  PowerStatus,
} from "@dtu/api/live";
import { emptySlot, firmwareDefaults } from "../../src/config/defaults.ts";
import type { ConfigJson } from "../../src/config/types.ts";
import type { DeviceClock, DeviceIdentity, Fleet, SunInfo } from "../../src/device/contracts.ts";

/** One serial per family (API.md §4.1 examples). */
export const SERIALS = {
  "HM-1CH": "112182123456",
  "HM-2CH": "114182123456",
  "HM-4CH": "116182123456",
  "HMS-2CH": "114412345678",
  "HMS-4CH": "116482345678",
  "HMT-6CH": "138212345678",
} as const;

export interface FakeInverter {
  serial: string;
  name: string;
  pollEnabled: boolean;
  reachable: boolean;
  on: boolean;
  limitRelative: number;
  /** 0 = model unknown (limit_absolute -1). */
  maxPower: number;
  /** ms, 0 = no statistics since boot. */
  lastUpdate: number;
  /** Scales all measured values; bumped by newSample. */
  sample: number;
  stringNames: string[];
  stringMax: number[];
}

export type Command =
  | { kind: "limit"; serial: string; value: number; type: number }
  | { kind: "power"; serial: string; on: boolean }
  | { kind: "restart"; serial: string };

const field = (v: number, u: string, d: number) => ({ v, u, d });

export class FakeFleet implements Fleet {
  inverters: FakeInverter[] = [];
  commands: Command[] = [];
  day = true;
  private version = 0;

  add(serial: string, name: string, partial: Partial<FakeInverter> = {}): FakeInverter {
    const dc = inverterType(serial)?.dcInputs ?? 1;
    const inv: FakeInverter = {
      serial,
      name,
      pollEnabled: true,
      reachable: true,
      on: true,
      limitRelative: 100,
      maxPower: 800,
      lastUpdate: 1_700_000_000_000,
      sample: 1,
      stringNames: Array.from({ length: dc }, (_, i) => (i === 0 ? "South panel" : "")),
      stringMax: Array.from({ length: dc }, (_, i) => (i === 0 ? 400 : 0)),
      ...partial,
    };
    this.inverters.push(inv);
    return inv;
  }

  remove(serial: string): void {
    this.inverters = this.inverters.filter((i) => i.serial !== serial);
  }

  /** A new statistics sample: values change and lastUpdate moves. */
  newSample(serial: string): void {
    const inv = this.get(serial);
    inv.sample += 1;
    inv.lastUpdate += 5000;
    this.version++;
  }

  get(serial: string): FakeInverter {
    const inv = this.inverters.find((i) => i.serial === serial);
    if (!inv) throw new Error(`no fake inverter ${serial}`);
    return inv;
  }

  liveInverter(inv: FakeInverter, order: number): LiveInverter {
    const running = inv.on && inv.pollEnabled && inv.reachable;
    const k = running ? 1 + (inv.sample - 1) / 100 : 0;
    const dcCount = inv.stringNames.length;
    const DC: Record<string, Channel> = {};
    let dcPower = 0;
    for (let i = 0; i < dcCount; i++) {
      const power = (i === 0 ? 220.4 : 211.5) * k;
      dcPower += power;
      const ch: Channel = {
        name: { u: inv.stringNames[i] ?? "" },
        Power: field(power, "W", 1),
        Voltage: field(running ? 33.9 - i * 0.7 : 0, "V", 1),
        Current: field(running ? 6.5 - i * 0.13 : 0, "A", 2),
        YieldDay: field(951 - i * 28, "Wh", 0),
        YieldTotal: field(460.112 - i * 7.778, "kWh", 3),
      };
      const max = inv.stringMax[i] ?? 0;
      if (max > 0) ch["Irradiation"] = { v: (power / max) * 100, u: "%", d: 3, max };
      DC[String(i)] = ch;
    }
    const acPower = dcPower * 0.95462;
    return {
      serial: inv.serial,
      name: inv.name,
      order,
      data_age: 3,
      poll_enabled: inv.pollEnabled,
      reachable: inv.pollEnabled && inv.reachable,
      producing: inv.pollEnabled && acPower > 0,
      limit_relative: inv.limitRelative,
      limit_absolute: inv.maxPower > 0 ? (inv.limitRelative * inv.maxPower) / 100 : -1,
      AC: {
        "0": {
          Power: field(acPower, "W", 1),
          Voltage: field(running ? 231.8 : 0, "V", 1),
          Current: field(running ? 1.78 : 0, "A", 2),
          "Power DC": field(dcPower, "W", 1),
          YieldDay: field(1874, "Wh", 0),
          YieldTotal: field(912.446, "kWh", 3),
          Frequency: field(running ? 50.01 : 0, "Hz", 2),
          PowerFactor: field(running ? 0.999 : 0, "", 3),
          ReactivePower: field(running ? 2.1 : 0, "var", 1),
          Efficiency: field(dcPower > 0 ? 95.462 : 0, "%", 3),
        },
      },
      DC,
      INV: { "0": { Temperature: field(38.4, "°C", 1) } },
      events: 3,
    };
  }

  liveData(): LiveData {
    const inverters = this.inverters.map((inv, i) => this.liveInverter(inv, i));
    const sum = (key: string) =>
      inverters.reduce((acc, inv) => {
        const f = inv.AC?.["0"]?.[key];
        return acc + (f && "v" in f ? f.v : 0);
      }, 0);
    return {
      inverters,
      total: {
        Power: field(sum("Power"), "W", 1),
        YieldDay: field(sum("YieldDay"), "Wh", 0),
        YieldTotal: field(sum("YieldTotal"), "kWh", 3),
      },
      hints: { time_sync: false, radio_problem: false, default_password: true },
    };
  }
  statsVersion(): number {
    return this.version;
  }
  limitStatus(): LimitStatus {
    return Object.fromEntries(
      this.inverters.map((i) => [
        i.serial,
        { limit_relative: i.limitRelative, max_power: i.maxPower, limit_set_status: "Ok" as const },
      ]),
    );
  }
  powerStatus(): PowerStatus {
    return Object.fromEntries(this.inverters.map((i) => [i.serial, { power_set_status: "Ok" as const }]));
  }
  eventLog(): EventLog | null {
    return null;
  }
  deviceInfo(serial: string): DeviceInfo | null {
    const inv = this.inverters.find((i) => i.serial === serial);
    if (!inv) return null;
    return { ...sampleDeviceInfo, max_power: inv.maxPower };
  }
  gridProfile(): { raw: number[] } | null {
    return null;
  }
  lastUpdate(serial: string): number {
    return this.inverters.find((i) => i.serial === serial)?.lastUpdate ?? 0;
  }
  has(serial: string): boolean {
    return this.inverters.some((i) => i.serial === serial);
  }
  setLimit(serial: string, value: number, type: number): void {
    this.commands.push({ kind: "limit", serial, value, type });
    const inv = this.get(serial);
    inv.limitRelative = type & 1 ? Math.min(100, value) : inv.maxPower > 0 ? (value / inv.maxPower) * 100 : 0;
  }
  setPower(serial: string, on: boolean): void {
    this.commands.push({ kind: "power", serial, on });
    this.get(serial).on = on;
  }
  restart(serial: string): void {
    this.commands.push({ kind: "restart", serial });
  }
  reconfigure(): void {}
  tick(): void {}
  reboot(): void {}
  sun(): SunInfo {
    return { available: true, sunrise: null, sunset: null, isDayPeriod: this.day };
  }
  async persist(): Promise<void> {}
}

/** The firmware's default config.json (API.md §5.1) with MQTT enabled towards `port` and the fleet's inverters in the slots. */
export function makeConfig(
  port: number,
  fleet: FakeFleet,
  mqtt: Partial<ConfigJson["mqtt"]> = {},
): ConfigJson {
  const config = firmwareDefaults(identity.chipId);
  config.inverters.splice(
    0,
    fleet.inverters.length,
    ...fleet.inverters.map((inv, order) => ({
      ...emptySlot(),
      serial: Number.parseInt(inv.serial, 16),
      name: inv.name,
      order,
    })),
  );
  config.mqtt = { ...config.mqtt, enabled: true, hostname: "127.0.0.1", port, ...mqtt };
  return config;
}

export const identity: DeviceIdentity = {
  mac: "24:6F:28:3A:5F:1C",
  chipId: 3825436,
  hostname: () => "OpenDTU-3A5F1C",
  apSsid: "OpenDTU-3825436",
  ip: "192.168.20.57",
  bssid: "A4:2B:8C:11:22:33",
  rssi: -61,
  gitHash: "v23.11.16",
};

export const clock: DeviceClock = {
  now: () => Date.now(),
  setLocal: () => {},
  synced: () => true,
  localParts: () => ({ year: 2026, month: 1, day: 1, hour: 12, minute: 0, second: 0 }),
  formatLocal: () => "",
  utcOffsetSeconds: () => 0,
};

export interface Broker {
  aedes: Aedes;
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** aedes v1 on 127.0.0.1; `port` 0 picks a free one. */
export async function startBroker(port = 0, options: AedesOptions = {}): Promise<Broker> {
  const aedes = await Aedes.createBroker(options);
  const server = createServer(aedes.handle);
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    aedes,
    server,
    port: actual,
    close: async () => {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      // Drop the gateway's socket too, like a broker process going away.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Received {
  topic: string;
  payload: string;
  retain: boolean;
}

/** A subscriber on `#` that records everything. */
export class Recorder {
  readonly messages: Received[] = [];
  private constructor(
    readonly client: MqttClient,
    /** The filter subscribed to; ends in `#`, so a marker below it comes back (settle). */
    private readonly filter: string,
  ) {
    client.on("message", (topic, payload, packet) => {
      this.messages.push({ topic, payload: payload.toString("utf8"), retain: packet.retain });
    });
  }

  static async connect(url: string, options: IClientOptions = {}, filter = "#"): Promise<Recorder> {
    const client = connect(url, { reconnectPeriod: 200, ...options });
    const recorder = new Recorder(client, filter);
    await new Promise<void>((resolve, reject) => {
      client.once("connect", () => resolve());
      client.once("error", (error) => {
        // A failed attempt's client would go on reconnecting: with a fixed clientId it and the caller's next attempt
        // (a broker still starting) would take the session from each other for the rest of the test.
        client.end(true);
        reject(error);
      });
    });
    await client.subscribeAsync(filter, { qos: 0 });
    return recorder;
  }

  /** Latest payload per topic. */
  latest(): Map<string, string> {
    const map = new Map<string, string>();
    for (const m of this.messages) map.set(m.topic, m.payload);
    return map;
  }

  clear(): void {
    this.messages.length = 0;
  }

  /**
   * Resolves once everything the broker had queued for this subscriber before the call has arrived: a marker it
   * publishes to itself under its filter comes back after those (the broker keeps the order per client). For
   * negative checks ("nothing retained", "no removal") without a fixed wait.
   */
  async settle(): Promise<void> {
    const topic = `${this.filter.replace(/#$/, "")}marker-${Math.random().toString(36).slice(2)}`;
    await this.client.publishAsync(topic, "", { qos: 0 });
    await this.waitFor((messages) => messages.some((m) => m.topic === topic), "the marker");
    const at = this.messages.findIndex((m) => m.topic === topic);
    this.messages.splice(at, 1);
  }

  async waitFor(predicate: (messages: Received[]) => boolean, what: string, timeoutMs = 8000): Promise<void> {
    await expect
      .poll(() => predicate(this.messages), { message: what, timeout: timeoutMs, interval: 25 })
      .toBe(true);
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}
