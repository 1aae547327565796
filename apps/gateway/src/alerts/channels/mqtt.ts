/**
 * MQTT channel: its own connection to the owner's broker (url, login, base topic), independent of the gateway's
 * device MQTT. Keeps the problem state of each inverter and of the DTU (topics in mqttTopics.ts) and, with `hass` on,
 * announces a Home Assistant `problem` binary sensor for each. Publishes with QoS 1: a send succeeds when the broker
 * acknowledged every message.
 */
import { randomBytes } from "node:crypto";
import { connect, type IClientOptions, type MqttClient } from "mqtt";
import type { Alert, AlertConfigPost } from "@dtu/api/alerts";
import { CodedError, coded } from "../codes.ts";
import type { Channel, ChannelMessage } from "../contracts.ts";
import { errorText } from "./errors.ts";
import {
  DTU_TARGET,
  availabilityTopic,
  eventPayload,
  eventTopic,
  problemDiscovery,
  targetOf,
  targetState,
  type Publication,
} from "./mqttTopics.ts";
import type { AlertSite, ChannelDeps } from "./types.ts";

type MqttConfig = AlertConfigPost["channels"]["mqtt"];

/** How long a send waits for the first connection attempt (a fresh channel) before it fails. */
const CONNECT_WAIT_MS = 5_000;
const RECONNECT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 8_000;
/** How long close() waits for the broker to take `offline` and the DISCONNECT before it drops the connection. */
const CLOSE_WAIT_MS = 2_000;

/**
 * Live channels per broker and availability topic. A config save creates the new channel before the old one closes;
 * the old one must then not publish `offline` over the new one's `online`.
 */
const liveChannels = new Map<string, number>();

const DEFAULT_SITE: AlertSite = { dtuName: "DTU", dtuSerial: "dtu", inverters: [] };

export interface MqttChannelOptions {
  /** Wait between reconnection attempts (tests shorten it). */
  reconnectMs?: number;
}

/** The connection: its own client id, the login, the `offline` will on the availability topic, extra CAs. */
function clientOptions(config: MqttConfig, deps: ChannelDeps, opts: MqttChannelOptions): IClientOptions {
  const password = config.password ?? "";
  return {
    clientId: `dtu-alerts-${randomBytes(4).toString("hex")}`,
    username: config.username !== "" ? config.username : undefined,
    password: password !== "" ? password : undefined,
    reconnectPeriod: opts.reconnectMs ?? RECONNECT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    clean: true,
    will: { topic: availabilityTopic(config), payload: Buffer.from("offline"), qos: 1, retain: true },
    ca: deps.ca !== undefined && deps.ca.length > 0 ? [...deps.ca] : undefined,
  };
}

export function mqttChannel(config: MqttConfig, deps: ChannelDeps, opts: MqttChannelOptions = {}): Channel {
  const password = config.password ?? "";
  const secrets = [password];
  const site = (): AlertSite => deps.site?.() ?? DEFAULT_SITE;
  /** Open alerts by target, then by id. */
  const open = new Map<string, Map<number, Alert>>();
  const announced = new Set<string>();
  let lastError = "";
  /** Connection problems are logged once each, not once per reconnect attempt. */
  let lastLogged = "";

  for (const alert of deps.openAlerts?.() ?? []) track(open, alert, true);

  const client: MqttClient = connect(config.url, clientOptions(config, deps, opts));
  const liveKey = `${config.url}|${availabilityTopic(config)}`;
  liveChannels.set(liveKey, (liveChannels.get(liveKey) ?? 0) + 1);
  let closed = false;

  const problem = (text: string): void => {
    const safe = errorText(text, secrets);
    lastError = safe;
    if (safe !== lastLogged) deps.log(`Alerts: MQTT ${safe}`);
    lastLogged = safe;
  };
  client.on("error", (error) => problem(error.message));
  client.on("offline", () => problem(lastError === "" ? "broker not reachable" : lastError));
  client.on("connect", () => {
    lastError = "";
    lastLogged = "";
    deps.log("Alerts: MQTT connected");
    // Everything retained is published again: a broker without persistence may have lost it.
    const all = [
      { topic: availabilityTopic(config), payload: "online" },
      ...announce(targets(), true),
      ...targets().flatMap((t) => targetState(config, t, openOf(t))),
    ];
    void publishAll(all).catch((error: unknown) => problem(errorText(error)));
  });

  const openOf = (target: string): Alert[] => [...(open.get(target)?.values() ?? [])];
  const targets = (): string[] => [
    ...new Set([DTU_TARGET, ...site().inverters.map((i) => i.serial), ...open.keys()]),
  ];

  /**
   * Discovery configs not yet sent on this connection (all of them when `force`). With discovery off, a forced call
   * gives empty payloads instead, which remove sensors announced while it was on (Home Assistant and the broker).
   */
  const announce = (list: readonly string[], force: boolean): Publication[] => {
    if (!config.hass) {
      return force
        ? list.map((t) => ({ topic: problemDiscovery(config, site(), t).topic, payload: "" }))
        : [];
    }
    const fresh = list.filter((t) => force || !announced.has(t));
    for (const t of fresh) announced.add(t);
    return fresh.map((t) => problemDiscovery(config, site(), t));
  };

  const publishAll = async (list: readonly Publication[], retain = true): Promise<void> => {
    await Promise.all(list.map((p) => client.publishAsync(p.topic, p.payload, { qos: 1, retain })));
  };

  return {
    name: "mqtt",
    async send(message: ChannelMessage, signal: AbortSignal) {
      const alert = message.alert;
      const changed: Publication[] = [];
      if (alert !== null && (message.event === "raised" || message.event === "cleared")) {
        track(open, alert, message.event === "raised");
        const target = targetOf(alert);
        changed.push(...targetState(config, target, openOf(target)));
      }
      await waitConnected(client, signal, () => lastError);
      try {
        if (alert !== null) await publishAll(announce([targetOf(alert)], false));
        await publishAll(changed);
        await publishAll([{ topic: eventTopic(config), payload: eventPayload(message) }], false);
      } catch (error) {
        const reason = errorText(error, secrets);
        throw new CodedError(
          `broker did not take the message: ${reason}`,
          coded("broker_refused", { reason }),
        );
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      const others = (liveChannels.get(liveKey) ?? 1) - 1;
      if (others > 0) liveChannels.set(liveKey, others);
      else liveChannels.delete(liveKey);
      await closeClient(client, others === 0 ? availabilityTopic(config) : null);
    },
  };
}

/** Adds (raised) or removes (cleared) an alert in the open set of its target. */
function track(open: Map<string, Map<number, Alert>>, alert: Alert, isOpen: boolean): void {
  const target = targetOf(alert);
  const set = open.get(target) ?? new Map<number, Alert>();
  if (isOpen && alert.cleared === null) set.set(alert.id, alert);
  else set.delete(alert.id);
  if (set.size > 0) open.set(target, set);
  else open.delete(target);
}

/** Whether the promise settled within `ms` (a rejection counts as settled: close() goes on either way). */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = await Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]);
  clearTimeout(timer);
  return settled;
}

/**
 * Resolves once connected; fails at once with the reason when the last attempt failed (the dispatcher retries), and
 * waits a few seconds for a fresh channel's first attempt.
 */
function waitConnected(client: MqttClient, signal: AbortSignal, reason: () => string): Promise<void> {
  if (client.connected) return Promise.resolve();
  if (reason() !== "") return Promise.reject(offline(reason()));
  return new Promise((resolve, reject) => {
    const done = (error: Error | null) => {
      clearTimeout(timer);
      client.off("connect", onConnect);
      signal.removeEventListener("abort", onAbort);
      if (error === null) resolve();
      else reject(error);
    };
    const onAbort = () => done(offline(reason()));
    const onConnect = () => done(null);
    const timer = setTimeout(onAbort, CONNECT_WAIT_MS);
    client.on("connect", onConnect);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Not connected: the last attempt's reason, "" while the first is still under way. */
function offline(reason: string): CodedError {
  return new CodedError(
    `not connected to the broker: ${reason || "connecting"}`,
    coded("broker_offline", { reason }),
  );
}

/**
 * A clean DISCONNECT, so the broker does not publish the last will over a successor's `online`; before it `offline`
 * when this was the last channel on that broker (`offlineTopic`). Dropped hard if the broker does not answer.
 */
async function closeClient(client: MqttClient, offlineTopic: string | null): Promise<void> {
  if (client.connected) {
    const polite = async () => {
      if (offlineTopic !== null) await client.publishAsync(offlineTopic, "offline", { qos: 1, retain: true });
      await client.endAsync(false);
    };
    if (await within(polite(), CLOSE_WAIT_MS)) return;
  }
  await client.endAsync(true);
}
