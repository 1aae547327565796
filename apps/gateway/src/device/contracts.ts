/**
 * The seams between the gateway's parts, so that the web server (routes, sockets, persistence), the simulated fleet
 * (fleet/, time/) and MQTT (mqtt/) can be built and tested apart. Each part receives what it needs through these
 * interfaces; nothing reaches into another part's internals.
 */
import type { DeviceInfo, EventLog, LimitStatus, LiveData, PowerStatus } from "@dtu/api/live";
import type { ConfigJson } from "../config/types.ts";

/** Wall time source; tests inject a fake one. Milliseconds since the Unix epoch. */
export interface Clock {
  now(): number;
}

/**
 * The device clock (API.md §3.18): starts from the host clock (as if NTP had synced), can be set by POST
 * /api/ntp/time, and formats times in the configured POSIX time zone.
 */
export interface DeviceClock extends Clock {
  /** Set the clock from local date parts in the configured zone (month 1–12). */
  setLocal(parts: {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
  }): void;
  /** Clock valid (year after 2016). */
  synced(): boolean;
  /** Local date parts in the configured zone, for GET /api/ntp/time. */
  localParts(at?: number): {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
  };
  /** English `<Weekday>, <Month> <dd> <yyyy> <HH>:<MM>:<SS>` in the configured zone (API.md §3.18). */
  formatLocal(at?: number): string;
  /** Offset of local time from UTC in seconds at the given instant. */
  utcOffsetSeconds(at?: number): number;
}

/** Sun data for today (API.md §3.18, §4.8). */
export interface SunInfo {
  available: boolean;
  sunrise: number | null;
  sunset: number | null;
  isDayPeriod: boolean;
}

/** One console line sink; the web server turns lines into `/console` frames ending in \r\n (API.md §3.3). */
export type LogLine = (text: string) => void;

/**
 * The simulated inverter fleet (issue 2 §6). Pure state machine advanced by `tick()`; the web server calls `tick`
 * from a timer and reads the documents below. Serial arguments are hex-digit strings as on the wire.
 */
export interface Fleet {
  /** The live document of API.md §3.1 (what GET /api/livedata/status and the socket send). */
  liveData(): LiveData;
  /** Bumped whenever any inverter's statistics changed; the live socket pushes when it moves (API.md §3.2). */
  statsVersion(): number;
  limitStatus(): LimitStatus;
  powerStatus(): PowerStatus;
  /** null for an unknown serial (the route answers `{}`). */
  eventLog(serial: string, locale: string): EventLog | null;
  deviceInfo(serial: string): DeviceInfo | null;
  gridProfile(serial: string): { raw: number[] } | null;
  /** Unix time in ms of the last statistics reception of that inverter, 0 if none since boot (MQTT.md §3.3). */
  lastUpdate(serial: string): number;
  /** Supported inverter with that serial configured. */
  has(serial: string): boolean;
  /** Commands answer immediately; the status goes Pending → Ok after a realistic delay (API.md §3.7, §3.8). */
  setLimit(serial: string, value: number, type: number): void;
  setPower(serial: string, on: boolean): void;
  restart(serial: string): void;
  /** Apply a new configuration (inverter slots, DTU, NTP); called after every successful save. */
  reconfigure(config: ConfigJson): void;
  /** Advance the simulation to the clock's now. */
  tick(): void;
  /** Forget all runtime values as on a device reboot (yield totals survive). */
  reboot(): void;
  /** Sun data the fleet is using (for /api/ntp/status). */
  sun(): SunInfo;
  /**
   * The lifetime yield (Wh) per DC string the inverter with this hex serial keeps, null when unknown: for the
   * first-start backfill's last reading (history/backfill.ts, issue 25). Optional: fakes need not have it.
   */
  yieldTotalsWh?(serial: string): readonly number[] | null;
  /** Persist what must survive a restart (yield totals); called on a timer and on shutdown. */
  persist(): Promise<void>;
}

/** MQTT client state for GET /api/mqtt/status (issue 7). */
export interface MqttService {
  connected(): boolean;
  /** Re-read settings, reconnect, re-publish discovery. */
  reconfigure(config: ConfigJson): void;
  stop(): Promise<void>;
}

/** What the fleet factory receives. `stateFile` keeps yield totals across restarts (null: in memory only). */
export interface FleetDeps {
  config: ConfigJson;
  clock: DeviceClock;
  log: LogLine;
  stateFile: string | null;
  /** Seeded randomness for clouds, events and failures; tests pass a fixed one. */
  random?: () => number;
}
/** Implemented in fleet/index.ts as `export async function createFleet(deps: FleetDeps): Promise<Fleet>`. */
export type CreateFleet = (deps: FleetDeps) => Promise<Fleet>;

/**
 * Implemented in time/index.ts as `export function createDeviceClock(deps): DeviceClock & { setTimezone(rule) }`.
 * `timezone` is the POSIX rule of config.ntp.timezone.
 */
export interface DeviceClockDeps {
  clock: Clock;
  timezone: string;
}

/** Identity and network values of the (simulated) device (API.md §4.9, §3.17, §3.19). */
export interface DeviceIdentity {
  mac: string;
  chipId: number;
  /** Resolved hostname (template applied, sanitised). */
  hostname(): string;
  /** `OpenDTU-` + chip id in decimal; also the MQTT client id. */
  apSsid: string;
  ip: string;
  bssid: string;
  rssi: number;
  gitHash: string;
}

/**
 * Implemented in mqtt/index.ts as `export function createMqtt(deps: MqttDeps): MqttService`. The web server calls
 * `reconfigure` after every successful settings save and `stop` on close.
 */
export interface MqttDeps {
  getConfig(): ConfigJson;
  fleet: Fleet;
  clock: DeviceClock;
  log: LogLine;
  identity: DeviceIdentity;
  uptimeSeconds(): number;
  /** Topics of gateway features beyond the device (the meter, issue 31 §6), read at each cycle: may grow later. */
  additions?: readonly MqttAddition[];
}

/** One MQTT message: a topic and its plain-text payload. */
export interface MqttMessage {
  topic: string;
  payload: string;
}

/**
 * What a gateway feature adds to the device's MQTT, in plain messages (the feature knows nothing of the client): its
 * topics, published with the topic tree each cycle under the base topic and its retain flag (MQTT.md §2), and its
 * Home Assistant discovery, published and removed with the inverters' (MQTT.md §5).
 */
export interface MqttAddition {
  /** Sub-topics under the base topic (no leading `/`) and their payloads, for this cycle. */
  topics(): MqttMessage[];
  /** Discovery messages (whole topics under `config.mqtt.hass.topic`); [] when the feature announces nothing now. */
  discovery(config: ConfigJson, identity: DeviceIdentity): MqttMessage[];
  /**
   * Command topics the feature takes (sub-topics under the base topic, subscribed with the device's on every
   * connection, MQTT.md §4) and what a message on one does; `receive` must not throw (zero export's switch).
   */
  commands?: MqttCommands;
}

export interface MqttCommands {
  topics: readonly string[];
  /** `topic` is the sub-topic (one of `topics`), `payload` the message as text. */
  receive(topic: string, payload: string, retained: boolean): void;
}
