/**
 * What the MQTT channel publishes, as pure functions (topics, payloads, Home Assistant discovery). All alert topics
 * live under `<base topic>alerts/`; one target per inverter (its serial) and one for the DTU (`dtu`):
 *
 * - `<base>alerts/<target>/problem`: `ON` while the target has an open alert, else `OFF` (retained);
 * - `<base>alerts/<target>/text`: the newest open alert's title, `""` when none (retained: the empty payload removes
 *   the retained message);
 * - `<base>alerts/<target>/attributes`: JSON with the open alerts (retained; Home Assistant's `json_attr_t`);
 * - `<base>alerts/event`: every message as it is sent, JSON `AlertStreamMessage` (not retained);
 * - `<base>alerts/availability`: `online` / `offline` (retained; `offline` is the connection's last will).
 *
 * With discovery on, `<hass>binary_sensor/dtu_<serial>/alert/config` announces a `problem` binary sensor per target
 * (MQTT.md §5: same topic scheme and device ids as the gateway's own discovery, so Home Assistant puts the sensor on
 * the inverter's existing device).
 */
import type { Alert, AlertStreamMessage } from "@dtu/api/alerts";
import type { AlertSite } from "./types.ts";

export const DTU_TARGET = "dtu";

export interface Publication {
  topic: string;
  payload: string;
}

export interface TopicConfig {
  /** Base topic, ending in `/`. */
  topic: string;
  hass: boolean;
  /** Home Assistant discovery prefix, ending in `/`. */
  hass_prefix: string;
}

export const alertsRoot = (c: TopicConfig): string => `${c.topic}alerts/`;
export const availabilityTopic = (c: TopicConfig): string => `${alertsRoot(c)}availability`;
export const eventTopic = (c: TopicConfig): string => `${alertsRoot(c)}event`;
export const targetOf = (alert: Alert): string => alert.serial ?? DTU_TARGET;

/** Attributes Home Assistant shows on the problem sensor (and automations read, e.g. `text`). */
export interface ProblemAttributes {
  /** Newest open alert's title; "" when none. */
  text: string;
  /** Its detail; "" when none. */
  detail: string;
  count: number;
  alerts: Pick<Alert, "id" | "kind" | "severity" | "channel" | "title" | "detail" | "started">[];
}

/** State topics of one target from its open alerts (any order; the newest by `started` names the state). */
export function targetState(c: TopicConfig, target: string, open: readonly Alert[]): Publication[] {
  const sorted = [...open].sort((a, b) => b.started - a.started || b.id - a.id);
  const newest = sorted[0];
  const attributes: ProblemAttributes = {
    text: newest?.title ?? "",
    detail: newest?.detail ?? "",
    count: sorted.length,
    alerts: sorted.map(({ id, kind, severity, channel, title, detail, started }) => ({
      id,
      kind,
      severity,
      channel,
      title,
      detail,
      started,
    })),
  };
  const base = `${alertsRoot(c)}${target}/`;
  return [
    // Attributes before the state, so an automation triggered by ON reads the new text.
    { topic: `${base}attributes`, payload: JSON.stringify(attributes) },
    { topic: `${base}text`, payload: attributes.text },
    { topic: `${base}problem`, payload: sorted.length > 0 ? "ON" : "OFF" },
  ];
}

export function eventPayload(m: AlertStreamMessage): string {
  const { event, alert, severity, title, text, sent } = m;
  return JSON.stringify({ event, alert, severity, title, text, sent });
}

/** The discovery config of one target's problem sensor. */
export function problemDiscovery(c: TopicConfig, site: AlertSite, target: string): Publication {
  const isDtu = target === DTU_TARGET;
  const serial = isDtu ? site.dtuSerial : target;
  const name = isDtu ? site.dtuName : (site.inverters.find((i) => i.serial === target)?.name ?? target);
  const base = `${alertsRoot(c)}${target}/`;
  const body = {
    name: "Alert",
    uniq_id: `${serial}_alert`,
    dev_cla: "problem",
    stat_t: `${base}problem`,
    pl_on: "ON",
    pl_off: "OFF",
    json_attr_t: `${base}attributes`,
    avty_t: availabilityTopic(c),
    // Same `ids` as the gateway's own discovery for an inverter (MQTT.md §5.1): one device in Home Assistant.
    dev: isDtu ? { name, ids: serial, mdl: "DTU" } : { name, ids: serial },
  };
  return { topic: `${c.hass_prefix}binary_sensor/dtu_${serial}/alert/config`, payload: JSON.stringify(body) };
}
