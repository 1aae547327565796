/**
 * MQTT client of the gateway (MQTT.md): connection with last will, the periodic topic tree, the command topics and
 * Home Assistant discovery. Nothing here throws into the caller or blocks: broker problems become console lines and
 * `connected() === false`, and mqtt.js keeps retrying.
 */
import { createSecureContext } from "node:tls";
import { connect, type IClientOptions, type MqttClient } from "mqtt";
import type { LiveData } from "@dtu/api/live";
import type { ConfigJson } from "../config/types.ts";
import type { MqttDeps, MqttService } from "../device/contracts.ts";
import { sameSerial } from "../device/serial.ts";
import { commandFilters, parseCommand, type CommandAction } from "./commands.ts";
import { fleetDiscovery } from "./discovery.ts";
import {
  configInverter,
  dtuMessages,
  inverterChannelMessages,
  inverterStatusMessages,
  totalsMessages,
  type Outgoing,
} from "./topics.ts";

export { certInfo } from "./certInfo.ts";

/** Knobs for tests; production uses the device's values. */
export interface MqttOptions {
  /** Publish period in ms instead of `mqtt.publish_interval` seconds (the API forbids < 5 s). */
  publishIntervalMs?: number;
  /** Delay between reconnection attempts; the device retries every 2 s (MQTT.md §1). */
  reconnectPeriodMs?: number;
  /** Give up a connection attempt (TCP + TLS + CONNACK) after this long, then retry. */
  connectTimeoutMs?: number;
}

type MqttSettings = ConfigJson["mqtt"];

const brokerKey = (m: MqttSettings): string => `${m.hostname}:${m.port}`;

export function createMqtt(deps: MqttDeps, options: MqttOptions = {}): MqttService {
  const { fleet, identity, log } = deps;
  /**
   * The MQTT settings the current connection was built from (a copy: the web server may mutate its config object
   * in place). Everything else (inverters, DTU poll interval) is read fresh from `getConfig()` when needed.
   */
  let settings: MqttSettings = structuredClone(deps.getConfig().mqtt);
  const view = (): ConfigJson => ({ ...deps.getConfig(), mqtt: settings });
  const inverterFingerprint = (c: ConfigJson): string => JSON.stringify([c.inverters, c.dtu.poll_interval]);
  let inverterSnapshot = inverterFingerprint(deps.getConfig());
  let client: MqttClient | null = null;
  /** Bumped per client so that late events of a replaced client are ignored. */
  let generation = 0;
  let isConnected = false;
  let lastError = "";
  let cycleTimer: NodeJS.Timeout | null = null;
  let discoveryTimer: NodeJS.Timeout | null = null;
  let stopped = false;
  /** lastUpdate (ms) of the statistics last published per serial: channel topics only for new samples (§3.3). */
  const publishedStats = new Map<string, number>();
  /** Discovery topics with a non-empty payload on the current broker, to remove them later. */
  const announced = new Set<string>();
  /** Fingerprint of the discovery set last published, to republish when the inverter list changes. */
  let discoverySignature = "";

  const logError = (message: string): void => {
    const text = message.replace(/\s+/g, " ").trim();
    if (text === lastError) return; // one line per distinct problem, not one per 2 s retry
    lastError = text;
    log(`MQTT: ${text}`);
  };

  /** QoS 0 for everything the device publishes (§2, §5.1); only the last will uses QoS 2. */
  const send = (target: MqttClient, topic: string, payload: string, retain: boolean): void => {
    target.publish(topic, payload, { qos: 0, retain }, () => {
      // Errors of single publications surface as connection errors; nothing to do per message.
    });
  };

  const publishTree = (target: MqttClient, messages: Outgoing[]): void => {
    const { topic: base, retain } = settings;
    for (const m of messages) send(target, base + m.topic, m.payload.trim(), retain);
  };

  const discoveryContext = (live: LiveData) => ({ config: view(), identity, inverters: live.inverters });

  /** Publish discovery (when enabled) and empty payloads for entities no longer wanted (§5). */
  const publishDiscovery = (target: MqttClient, live: LiveData, force: boolean): void => {
    const hass = settings.hass;
    const messages = hass.enabled ? fleetDiscovery(discoveryContext(live)) : [];
    const signature = JSON.stringify(messages);
    if (!force && signature === discoverySignature) return;
    discoverySignature = signature;
    const wanted = new Set(messages.filter((m) => m.payload !== "").map((m) => m.topic));
    const sentEmpty = new Set<string>();
    for (const m of messages) {
      send(target, m.topic, m.payload, hass.retain);
      if (m.payload === "") sentEmpty.add(m.topic);
    }
    // Entities of deleted inverters, or all of them when discovery was switched off: an empty retained payload
    // deletes the entity in Home Assistant and the retained config on the broker.
    for (const topic of [...announced]) {
      if (wanted.has(topic)) continue;
      if (!sentEmpty.has(topic)) send(target, topic, "", true);
      announced.delete(topic);
    }
    for (const topic of wanted) announced.add(topic);
  };

  /**
   * A simulated device reboot (uptime went backwards) drops the connection the way a real restart does: without
   * DISCONNECT, so the broker publishes the last will; mqtt.js reconnects 2 s later and the device comes back online
   * with discovery and a full set of channel values.
   */
  let lastUptime = deps.uptimeSeconds();
  const noticeReboot = (): void => {
    const uptime = deps.uptimeSeconds();
    const rebooted = uptime < lastUptime;
    lastUptime = uptime;
    if (!rebooted) return;
    publishedStats.clear();
    discoverySignature = "";
    const target = client;
    if (target && isConnected) {
      log("MQTT: device restarted, connection dropped");
      isConnected = false; // nothing more goes to the dying socket; mqtt.js reconnects after its period
      target.stream.destroy();
    }
  };

  const cycle = (): void => {
    const target = client;
    if (!target || !isConnected || !target.connected) return;
    try {
      publishTree(target, dtuMessages(identity, deps.uptimeSeconds()));
      const live = fleet.liveData();
      publishTree(target, totalsMessages(live, view()));
      for (const inv of live.inverters) {
        const lastUpdate = fleet.lastUpdate(inv.serial);
        publishTree(target, inverterStatusMessages(inv, fleet.deviceInfo(inv.serial), lastUpdate));
        if (lastUpdate > 0 && publishedStats.get(inv.serial) !== lastUpdate) {
          publishTree(target, inverterChannelMessages(inv));
          publishedStats.set(inv.serial, lastUpdate);
        }
      }
      // Inverter added, renamed or deleted: the discovery set changed (§5.1).
      if (settings.hass.enabled || announced.size > 0) publishDiscovery(target, live, false);
    } catch (error) {
      logError(`publishing failed: ${(error as Error).message}`);
    }
  };

  const scheduleCycle = (): void => {
    if (stopped) return;
    // Re-read after each cycle, so a changed interval applies after the next publication (§2).
    const period = options.publishIntervalMs ?? Math.max(5, settings.publish_interval) * 1000;
    cycleTimer = setTimeout(() => {
      try {
        noticeReboot();
      } catch (error) {
        logError(`uptime: ${(error as Error).message}`);
      }
      cycle();
      scheduleCycle();
    }, period);
    cycleTimer.unref();
  };

  const act = (action: CommandAction): void => {
    const inv = configInverter(view(), action.serial);
    // Commands disabled for the inverter (or at night) are dropped silently, as on the device (§4).
    if (inv && !inv.command_enable) return;
    if (inv && !inv.command_enable_night && !fleet.sun().isDayPeriod) return;
    switch (action.kind) {
      case "limit":
        log(`MQTT: limit ${action.value} type ${action.type} for ${action.serial}`);
        fleet.setLimit(action.serial, action.value, action.type);
        break;
      case "power":
        log(`MQTT: power ${action.on ? "on" : "off"} for ${action.serial}`);
        fleet.setPower(action.serial, action.on);
        break;
      case "restart":
        log(`MQTT: restart ${action.serial}`);
        fleet.restart(action.serial);
        break;
    }
  };

  const onMessage = (topic: string, payload: Buffer, retained: boolean): void => {
    try {
      const known = (serial: string): string | null => {
        const inv = fleet.liveData().inverters.find((i) => sameSerial(i.serial, serial));
        return inv && fleet.has(inv.serial) ? inv.serial : null;
      };
      const parsed = parseCommand(settings.topic, topic, payload.toString("utf8"), retained, known);
      if ("ignored" in parsed) {
        log(`MQTT: ${topic}: ${parsed.ignored}`);
        return;
      }
      act(parsed.action);
    } catch (error) {
      log(`MQTT: command ${topic} failed: ${(error as Error).message}`);
    }
  };

  /** TLS material is checked up front: a broken PEM must become a console line, not an exception (issue 7). */
  const tlsOptions = (m: MqttSettings): Partial<IClientOptions> | string => {
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
  };

  const start = (): void => {
    const m = settings;
    if (stopped || !m.enabled) return;
    const tls = tlsOptions(m);
    if (typeof tls === "string") {
      logError(tls);
      return;
    }
    const lwtTopic = m.topic + m.lwt.topic;
    const opts: IClientOptions = {
      host: m.hostname,
      port: m.port,
      protocol: m.tls.enabled ? "mqtts" : "mqtt",
      protocolVersion: 4,
      clientId: identity.apSsid,
      clean: m.clean_session,
      reconnectPeriod: options.reconnectPeriodMs ?? 2000,
      connectTimeout: options.connectTimeoutMs ?? 10000,
      // Subscriptions are made on every connect below (§1); offline QoS 0 messages are dropped like the device.
      resubscribe: false,
      queueQoSZero: false,
      will: { topic: lwtTopic, payload: Buffer.from(m.lwt.value_offline), qos: 2, retain: m.retain },
      ...tls,
    };
    // With TLS certificate login the client certificate replaces username/password (§1).
    if (!(m.tls.enabled && m.tls.certlogin) && m.username !== "") {
      opts.username = m.username;
      if (m.password !== "") opts.password = m.password;
    }
    const mine = ++generation;
    let created: MqttClient;
    try {
      created = connect(opts);
    } catch (error) {
      logError(`cannot connect to ${brokerKey(m)}: ${(error as Error).message}`);
      return;
    }
    client = created;
    log(`MQTT: connecting to ${brokerKey(m)}${m.tls.enabled ? " (TLS)" : ""}`);
    created.on("connect", () => {
      if (mine !== generation) return;
      isConnected = true;
      lastError = "";
      log(`MQTT: connected to ${brokerKey(m)}`);
      send(created, lwtTopic, m.lwt.value_online, m.retain);
      created.subscribe(commandFilters(m.topic), { qos: 0 }, (error) => {
        if (error && mine === generation) logError(`subscribe failed: ${error.message}`);
      });
      try {
        const live = fleet.liveData();
        if (m.hass.enabled || announced.size > 0) publishDiscovery(created, live, true);
      } catch (error) {
        logError(`discovery failed: ${(error as Error).message}`);
      }
      cycle();
    });
    created.on("message", (topic, payload, packet) => {
      if (mine === generation) onMessage(topic, payload, packet.retain);
    });
    created.on("close", () => {
      if (mine !== generation) return;
      if (isConnected) log(`MQTT: disconnected from ${brokerKey(m)}, retrying`);
      isConnected = false;
    });
    created.on("error", (error) => {
      if (mine === generation) logError(`${brokerKey(m)}: ${error.message}`);
    });
  };

  /** Say goodbye on the old connection (offline payload, §1) and close it without waiting on the caller. */
  const shutdownClient = async (old: MqttSettings, removeAll: boolean): Promise<void> => {
    const target = client;
    client = null;
    generation++;
    const wasConnected = isConnected && target?.connected === true;
    isConnected = false;
    const removals = removeAll ? [...announced] : [];
    // Cleared now, not after the close: a following connection starts its own bookkeeping right away.
    if (removeAll) announced.clear();
    if (!target) return;
    if (wasConnected) {
      for (const topic of removals) send(target, topic, "", true);
      send(target, old.topic + old.lwt.topic, old.lwt.value_offline, old.retain);
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
  };

  const scheduleDiscovery = (force: boolean): void => {
    if (discoveryTimer) clearTimeout(discoveryTimer);
    // Deferred one turn, so that the fleet has applied the same saved configuration first.
    discoveryTimer = setTimeout(() => {
      discoveryTimer = null;
      const target = client;
      if (!target || !isConnected) return;
      try {
        publishDiscovery(target, fleet.liveData(), force);
      } catch (error) {
        logError(`discovery failed: ${(error as Error).message}`);
      }
    }, 0);
    discoveryTimer.unref();
  };

  start();
  scheduleCycle();

  return {
    connected: () => isConnected && client?.connected === true,
    reconfigure(next: ConfigJson): void {
      const previous = settings;
      const wanted = structuredClone(next.mqtt);
      const fingerprint = inverterFingerprint(next);
      const inverterChange = fingerprint !== inverterSnapshot;
      inverterSnapshot = fingerprint;
      if (JSON.stringify(previous) !== JSON.stringify(wanted)) {
        // Settings saved (§1): offline payload, disconnect, rebuild, reconnect. Entities announced on a broker we
        // move away from are removed there; with the same broker the new connection's discovery run removes what
        // is no longer wanted. Disabling MQTT removes nothing (the device never does; the entities just expire).
        settings = wanted;
        lastError = ""; // a problem that persists after the save is reported again
        const brokerChanged = brokerKey(previous) !== brokerKey(wanted);
        publishedStats.clear();
        discoverySignature = "";
        void shutdownClient(previous, brokerChanged).then(() => {
          if (settings === wanted) start();
        });
        return;
      }
      // Inverter added, edited or deleted: discovery once more (§5.1).
      if (inverterChange) scheduleDiscovery(true);
    },
    async stop(): Promise<void> {
      stopped = true;
      if (cycleTimer) clearTimeout(cycleTimer);
      if (discoveryTimer) clearTimeout(discoveryTimer);
      await shutdownClient(settings, false);
    },
  };
}
