/**
 * The state the parts of the MQTT client share (connection, publisher, command topics, discovery): one typed object
 * made by `createMqttState`, passed to each part, instead of variables captured by one long closure.
 */
import type { MqttClient } from "mqtt";
import type { ConfigJson } from "../config/types.ts";
import type { MqttDeps } from "../device/contracts.ts";

/** Knobs for tests; production uses the device's values. */
export interface MqttOptions {
  /** Publish period in ms instead of `mqtt.publish_interval` seconds (the API forbids < 5 s). */
  publishIntervalMs?: number;
  /** Delay between reconnection attempts; the device retries every 2 s (MQTT.md §1). */
  reconnectPeriodMs?: number;
  /** Give up a connection attempt (TCP + TLS + CONNACK) after this long, then retry. */
  connectTimeoutMs?: number;
}

export type MqttSettings = ConfigJson["mqtt"];

/** One QoS 0 publication (§2, §5.1): what the publishers need of a connection. */
export type Send = (topic: string, payload: string, retain: boolean) => void;

export interface MqttState {
  readonly deps: MqttDeps;
  readonly options: MqttOptions;
  /**
   * The MQTT settings the current connection was built from (a copy: the web server may mutate its config object
   * in place). Everything else (inverters, DTU poll interval) is read fresh from `getConfig()` when needed.
   */
  settings: MqttSettings;
  /** Inverter slots and poll interval at the last `reconfigure`, to notice changes that need discovery. */
  inverterSnapshot: string;
  client: MqttClient | null;
  /** Bumped per client so that late events of a replaced client are ignored. */
  generation: number;
  connected: boolean;
  /** The last console line about a problem, so that a 2 s retry loop logs it once. */
  lastError: string;
  stopped: boolean;
  /** Uptime at the previous publish cycle; going backwards means the device rebooted. */
  lastUptime: number;
  /** lastUpdate (ms) of the statistics last published per serial: channel topics only for new samples (§3.3). */
  readonly publishedStats: Map<string, number>;
  /** Discovery topics with a non-empty payload on the current broker, to remove them later. */
  readonly announced: Set<string>;
  /** Fingerprint of the discovery set last published, to republish when the inverter list changes. */
  discoverySignature: string;
  /** Command filters of the gateway's features subscribed on the current connection (features attach later). */
  readonly additionFilters: Set<string>;
  cycleTimer: NodeJS.Timeout | null;
  discoveryTimer: NodeJS.Timeout | null;
}

export const inverterFingerprint = (c: ConfigJson): string =>
  JSON.stringify([c.inverters, c.dtu.poll_interval]);

export function createMqttState(deps: MqttDeps, options: MqttOptions = {}): MqttState {
  const config = deps.getConfig();
  return {
    deps,
    options,
    settings: structuredClone(config.mqtt),
    inverterSnapshot: inverterFingerprint(config),
    client: null,
    generation: 0,
    connected: false,
    lastError: "",
    stopped: false,
    lastUptime: deps.uptimeSeconds(),
    publishedStats: new Map(),
    announced: new Set(),
    discoverySignature: "",
    additionFilters: new Set(),
    cycleTimer: null,
    discoveryTimer: null,
  };
}

/** The device's configuration with the MQTT settings of the current connection. */
export const configView = (state: MqttState): ConfigJson => ({
  ...state.deps.getConfig(),
  mqtt: state.settings,
});

export const brokerKey = (m: MqttSettings): string => `${m.hostname}:${m.port}`;

/** One console line per distinct problem, not one per 2 s retry. */
export function logError(state: MqttState, message: string): void {
  const text = message.replace(/\s+/g, " ").trim();
  if (text === state.lastError) return;
  state.lastError = text;
  state.deps.log(`MQTT: ${text}`);
}

/** QoS 0 for everything the device publishes (§2, §5.1); only the last will uses QoS 2. */
export function sender(target: MqttClient): Send {
  return (topic, payload, retain) => {
    target.publish(topic, payload, { qos: 0, retain }, () => {
      // Errors of single publications surface as connection errors; nothing to do per message.
    });
  };
}

/** The current connection's sender, or null while there is no usable connection. */
export function liveSender(state: MqttState): Send | null {
  const target = state.client;
  return target && state.connected && target.connected ? sender(target) : null;
}
