/**
 * The broker connection (MQTT.md §1): client options with the last will, TLS and certificate login, connecting with
 * the device's retry period, what happens on every (re)connection, the goodbye on a settings change, and the
 * dropped socket of a simulated reboot.
 */
import { createSecureContext } from "node:tls";
import { connect, type IClientOptions, type MqttClient } from "mqtt";
import type { DeviceIdentity } from "../device/contracts.ts";
import { announceNow, discoveryDue } from "./announce.ts";
import { commandFilters } from "./commands.ts";
import { onCommandMessage, subscribeAdditions } from "./dispatch.ts";
import { cycle } from "./publisher.ts";
import { brokerKey, logError, sender, type MqttOptions, type MqttSettings, type MqttState } from "./state.ts";

/** TLS material is checked up front: a broken PEM must become a console line, not an exception (issue 7). */
export function tlsOptions(m: MqttSettings): Partial<IClientOptions> | string {
  if (!m.tls.enabled) return {};
  const tls: Partial<IClientOptions> = { rejectUnauthorized: true };
  if (m.tls.root_ca_cert) tls.ca = m.tls.root_ca_cert; // empty: the host's trusted roots
  if (m.tls.certlogin) {
    tls.cert = m.tls.client_cert;
    tls.key = m.tls.client_key;
  }
  try {
    createSecureContext({
      ca: tls.ca as string | undefined,
      cert: tls.cert as string,
      key: tls.key as string,
    });
  } catch (error) {
    return `invalid TLS certificate or key: ${(error as Error).message}`;
  }
  return tls;
}

/** The mqtt.js options for `m`, or the reason no connection can be attempted. */
export function clientOptions(
  m: MqttSettings,
  identity: DeviceIdentity,
  options: MqttOptions,
): IClientOptions | string {
  const tls = tlsOptions(m);
  if (typeof tls === "string") return tls;
  const opts: IClientOptions = {
    host: m.hostname,
    port: m.port,
    protocol: m.tls.enabled ? "mqtts" : "mqtt",
    protocolVersion: 4,
    clientId: identity.apSsid,
    clean: m.clean_session,
    reconnectPeriod: options.reconnectPeriodMs ?? 2000,
    connectTimeout: options.connectTimeoutMs ?? 10000,
    // Subscriptions are made on every connect (§1); offline QoS 0 messages are dropped like the device.
    resubscribe: false,
    queueQoSZero: false,
    will: {
      topic: m.topic + m.lwt.topic,
      payload: Buffer.from(m.lwt.value_offline),
      qos: 2,
      retain: m.retain,
    },
    ...tls,
  };
  // With TLS certificate login the client certificate replaces username/password (§1).
  if (!(m.tls.enabled && m.tls.certlogin) && m.username !== "") {
    opts.username = m.username;
    if (m.password !== "") opts.password = m.password;
  }
  return opts;
}

/** Every (re)connection: online payload, command subscriptions, discovery, and a full cycle right away (§1). */
function onConnect(state: MqttState, created: MqttClient, mine: number): void {
  const m = state.settings;
  state.connected = true;
  state.lastError = "";
  state.deps.log(`MQTT: connected to ${brokerKey(m)}`);
  const send = sender(created);
  send(m.topic + m.lwt.topic, m.lwt.value_online, m.retain);
  created.subscribe(commandFilters(m.topic), { qos: 0 }, (error) => {
    if (error && mine === state.generation) logError(state, `subscribe failed: ${error.message}`);
  });
  state.additionFilters.clear();
  subscribeAdditions(state);
  if (discoveryDue(state)) announceNow(state, send, true);
  cycle(state);
}

/** Connects with the current settings (when enabled); mqtt.js then retries on its own. */
export function start(state: MqttState): void {
  const m = state.settings;
  if (state.stopped || !m.enabled) return;
  const opts = clientOptions(m, state.deps.identity, state.options);
  if (typeof opts === "string") {
    logError(state, opts);
    return;
  }
  const mine = ++state.generation;
  let created: MqttClient;
  try {
    created = connect(opts);
  } catch (error) {
    logError(state, `cannot connect to ${brokerKey(m)}: ${(error as Error).message}`);
    return;
  }
  state.client = created;
  state.deps.log(`MQTT: connecting to ${brokerKey(m)}${m.tls.enabled ? " (TLS)" : ""}`);
  // Events of a client replaced by a later `start` are ignored (`mine` is no longer the generation).
  created.on("connect", () => {
    if (mine === state.generation) onConnect(state, created, mine);
  });
  created.on("message", (topic, payload, packet) => {
    if (mine === state.generation) onCommandMessage(state, topic, payload, packet.retain);
  });
  created.on("close", () => {
    if (mine !== state.generation) return;
    if (state.connected) state.deps.log(`MQTT: disconnected from ${brokerKey(m)}, retrying`);
    state.connected = false;
  });
  created.on("error", (error) => {
    if (mine === state.generation) logError(state, `${brokerKey(m)}: ${error.message}`);
  });
}

/**
 * Say goodbye on the old connection (offline payload, §1; with `removeAll` the announced entities are removed
 * first) and close it; a broker that does not answer is dropped after 2 s.
 */
export async function shutdownClient(state: MqttState, old: MqttSettings, removeAll: boolean): Promise<void> {
  const target = state.client;
  state.client = null;
  state.generation++;
  const wasConnected = state.connected && target?.connected === true;
  state.connected = false;
  const removals = removeAll ? [...state.announced] : [];
  // Cleared now, not after the close: a following connection starts its own bookkeeping right away.
  if (removeAll) state.announced.clear();
  if (!target) return;
  if (wasConnected) {
    const send = sender(target);
    for (const topic of removals) send(topic, "", true);
    send(old.topic + old.lwt.topic, old.lwt.value_offline, old.retain);
  }
  await new Promise<void>((resolve) => {
    const guard = setTimeout(() => {
      target.end(true, () => resolve());
    }, 2000);
    guard.unref();
    target.end(!wasConnected, () => {
      clearTimeout(guard);
      resolve();
    });
  });
}

/**
 * A simulated device reboot (uptime went backwards) drops the connection the way a real restart does: without
 * DISCONNECT, so the broker publishes the last will; mqtt.js reconnects 2 s later and the device comes back online
 * with discovery and a full set of channel values.
 */
export function noticeReboot(state: MqttState): void {
  const uptime = state.deps.uptimeSeconds();
  const rebooted = uptime < state.lastUptime;
  state.lastUptime = uptime;
  if (!rebooted) return;
  state.publishedStats.clear();
  state.discoverySignature = "";
  const target = state.client;
  if (target && state.connected) {
    state.deps.log("MQTT: device restarted, connection dropped");
    state.connected = false; // nothing more goes to the dying socket; mqtt.js reconnects after its period
    target.stream.destroy();
  }
}
