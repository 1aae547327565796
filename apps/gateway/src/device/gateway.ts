/**
 * The device's runtime state behind the web server: config store, identity, pins, clock, fleet, MQTT, uptime, the
 * console log and the reboot simulation (API.md §8.6). Routes and sockets read everything through it.
 */
import type { ConfigStore } from "../config/store.ts";
import { readPinMapping } from "../config/store.ts";
import type { ConfigJson } from "../config/types.ts";
import type { ConsoleListener, DeviceConsole } from "./console.ts";
import type { Clock, DeviceClock, DeviceIdentity, Fleet, MqttService } from "./contracts.ts";
import { activePins, type ActivePins } from "./pins.ts";

export type SettableClock = DeviceClock & { setTimezone(rule: string): void };

export interface GatewayParts {
  store: ConfigStore;
  identity: DeviceIdentity;
  hostClock: Clock;
  clock: SettableClock;
  fleet: Fleet;
  /** Makes the MQTT client, which reads the uptime of this gateway (MQTT.md dtu/uptime, the reboot's last will). */
  mqtt: (uptimeSeconds: () => number) => MqttService;
  console: DeviceConsole;
  dataDir: string;
  webRoot: string;
  zonesFile: string;
  rebootDelayMs: number;
  outageMs: number;
}

export class Gateway {
  readonly store: ConfigStore;
  readonly identity: DeviceIdentity;
  readonly hostClock: Clock;
  readonly clock: SettableClock;
  readonly fleet: Fleet;
  readonly mqtt: MqttService;
  readonly dataDir: string;
  readonly webRoot: string;
  readonly zonesFile: string;
  pins: ActivePins = activePins(null, "");
  /** Host-clock ms of the (simulated) boot. */
  bootAt: number;
  /** Host-clock ms when the admin AP was (re-)enabled. */
  apSince: number;
  /** Simulated software reboots since the process started (reset reason). */
  softResets = 0;
  private readonly rebootDelayMs: number;
  private readonly outageMs: number;
  private rebootTimer: NodeJS.Timeout | null = null;
  private rebooting: Promise<void> = Promise.resolve();
  /** Host-clock instant the simulated reboot's outage ends (0: none); on the host clock so tests can drive it. */
  private outageUntil = 0;
  private closed = false;
  private readonly console: DeviceConsole;
  /** Called at the moment of a reboot, to drop sockets and connections. */
  onReboot: Array<() => void> = [];
  /**
   * Prometheus text of gateway features beyond the device (the meter, issue 31 §6), appended to the device's metrics
   * (API.md §3.20) at each scrape; each ends in a newline.
   */
  metrics: Array<() => string> = [];

  constructor(parts: GatewayParts) {
    this.store = parts.store;
    this.identity = parts.identity;
    this.hostClock = parts.hostClock;
    this.clock = parts.clock;
    this.fleet = parts.fleet;
    this.console = parts.console;
    this.dataDir = parts.dataDir;
    this.webRoot = parts.webRoot;
    this.zonesFile = parts.zonesFile;
    this.rebootDelayMs = parts.rebootDelayMs;
    this.outageMs = parts.outageMs;
    this.bootAt = parts.hostClock.now();
    this.apSince = this.bootAt;
    this.mqtt = parts.mqtt(() => this.uptimeSeconds());
  }

  get config(): ConfigJson {
    return this.store.config;
  }

  /** Console line (API.md §3.3): raw text ending in \r\n to every console client. */
  log = (text: string): void => this.console.log(text);

  onLog(listener: ConsoleListener): () => void {
    return this.console.onLog(listener);
  }

  uptimeSeconds(): number {
    return Math.max(0, Math.floor((this.hostClock.now() - this.bootAt) / 1000));
  }

  /** Boot-time reading of pin_mapping.json: pins change only with a reboot, as on the device. */
  async loadPins(): Promise<void> {
    this.pins = activePins(await readPinMapping(this.dataDir), this.config.device.pinmapping);
  }

  /** True while the simulated reboot refuses connections. */
  inOutage(): boolean {
    return this.hostClock.now() < this.outageUntil;
  }

  /** After a successful settings save: apply the new settings everywhere (no reboot). */
  applyConfig(): void {
    this.clock.setTimezone(this.config.ntp.timezone);
    this.fleet.reconfigure(this.config);
    this.mqtt.reconfigure(this.config);
  }

  rebootPending(): boolean {
    return this.rebootTimer !== null;
  }

  /** Answer first, reboot ~1 s later (API.md §8.6). */
  scheduleReboot(): void {
    if (this.rebootTimer || this.closed) return;
    this.rebootTimer = setTimeout(() => {
      this.rebootTimer = null;
      this.rebooting = this.reboot().catch((err: unknown) => {
        this.log(`Reboot failed: ${err instanceof Error ? err.message : String(err)}`);
      });
    }, this.rebootDelayMs);
  }

  /** The simulated reboot: sockets dropped, connections refused for a while, state reloaded from disk. */
  async reboot(): Promise<void> {
    if (this.closed) return;
    this.log("Restarting...");
    for (const drop of this.onReboot) drop();
    this.outageUntil = this.hostClock.now() + this.outageMs;
    await this.persistFleet();
    await this.store.flush();
    await this.store.load();
    await this.loadPins();
    this.bootAt = this.hostClock.now();
    this.apSince = this.bootAt;
    this.softResets += 1;
    this.clock.setTimezone(this.config.ntp.timezone);
    this.fleet.reboot();
    this.fleet.reconfigure(this.config);
    this.mqtt.reconfigure(this.config);
    this.log(`OpenDTU ${this.identity.gitHash} started, hostname ${this.identity.hostname()}`);
  }

  /** Saves the fleet's state file; a failed write (disk full) is logged and the totals stay in memory for the next try. */
  async persistFleet(): Promise<void> {
    await this.fleet
      .persist()
      .catch((err: unknown) => this.log(`Fleet state not saved: ${(err as Error).message}`));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.rebootTimer) clearTimeout(this.rebootTimer);
    this.rebootTimer = null;
    this.outageUntil = 0;
    await this.rebooting;
    await this.store.flush();
    await this.persistFleet();
    await this.mqtt.stop().catch(() => undefined);
  }
}
