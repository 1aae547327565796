/**
 * Home Assistant discovery messages (MQTT.md §5). Payloads are compact JSON with the abbreviated keys, in the key
 * order of the device. An empty payload removes an entity in Home Assistant.
 */
import { deviceLimits } from "@dtu/api/limits";
import type { LiveInverter } from "@dtu/api/live";
import { inverterType } from "@dtu/api/inverterType";
import type { ConfigJson } from "../config/types.ts";
import type { DeviceIdentity } from "../device/contracts.ts";
import { AC_FIELDS, DC_FIELDS, INV_FIELDS, type FieldSpec } from "./fields.ts";
import { configInverter, type Outgoing } from "./topics.ts";

interface DeviceObject {
  name: string;
  ids: string;
  cu: string;
  mf: string;
  mdl: string;
  sw: string;
}

export interface DiscoveryContext {
  config: ConfigJson;
  identity: DeviceIdentity;
  /** Inverters known to the radio layer (supported type), from the live document. */
  inverters: readonly LiveInverter[];
}

const BUTTONS = [
  {
    id: "turn_inverter_off",
    name: "Turn Inverter Off",
    icon: "mdi:power-plug-off",
    cmd: "power",
    press: "0",
  },
  { id: "turn_inverter_on", name: "Turn Inverter On", icon: "mdi:power-plug", cmd: "power", press: "1" },
  { id: "restart_inverter", name: "Restart Inverter", deviceClass: "restart", cmd: "restart", press: "1" },
] as const;

const NUMBERS = [
  {
    id: "limit_nonpersistent_relative",
    name: "Limit NonPersistent Relative",
    state: "limit_relative",
    unit: "%",
  },
  { id: "limit_persistent_relative", name: "Limit Persistent Relative", state: "limit_relative", unit: "%" },
  {
    id: "limit_nonpersistent_absolute",
    name: "Limit NonPersistent Absolute",
    state: "limit_absolute",
    unit: "W",
  },
  { id: "limit_persistent_absolute", name: "Limit Persistent Absolute", state: "limit_absolute", unit: "W" },
] as const;

const BINARY_SENSORS = [
  { id: "reachable", name: "Reachable" },
  { id: "producing", name: "Producing" },
] as const;

/** One inverter's discovery messages in the device's order (§5.2). Removals (individual panels off) are "" payloads. */
export function inverterDiscovery(ctx: DiscoveryContext, inv: LiveInverter): Outgoing[] {
  const { config, identity } = ctx;
  const base = config.mqtt.topic;
  const hass = config.mqtt.hass.topic;
  const s = inv.serial;
  const node = `dtu_${s}`;
  const dev: DeviceObject = {
    name: inv.name,
    ids: s,
    cu: `http://${identity.ip}`,
    mf: "OpenDTU",
    mdl: inverterType(s)?.typeName ?? "Unknown",
    sw: identity.gitHash,
  };
  const out: Outgoing[] = [];

  for (const b of BUTTONS) {
    const body: Record<string, unknown> = { name: b.name, uniq_id: `${s}_${b.id}` };
    if ("icon" in b) body["ic"] = b.icon;
    if ("deviceClass" in b) body["dev_cla"] = b.deviceClass;
    body["ent_cat"] = "config";
    body["cmd_t"] = `${base}${s}/cmd/${b.cmd}`;
    body["payload_press"] = b.press;
    body["dev"] = dev;
    out.push({ topic: `${hass}button/${node}/${b.id}/config`, payload: JSON.stringify(body) });
  }

  for (const n of NUMBERS) {
    const relative = n.unit === "%";
    const body = {
      name: n.name,
      uniq_id: `${s}_${n.id}`,
      ic: "mdi:speedometer",
      ent_cat: "config",
      cmd_t: `${base}${s}/cmd/${n.id}`,
      stat_t: `${base}${s}/status/${n.state}`,
      unit_of_meas: n.unit,
      min: relative ? 1 : 10,
      max: relative ? 100 : deviceLimits.limitValueMax,
      dev,
    };
    out.push({ topic: `${hass}number/${node}/${n.id}/config`, payload: JSON.stringify(body) });
  }

  for (const b of BINARY_SENSORS) {
    const body = {
      name: b.name,
      uniq_id: `${s}_${b.id}`,
      stat_t: `${base}${s}/status/${b.id}`,
      pl_on: "1",
      pl_off: "0",
      dev,
    };
    out.push({ topic: `${hass}binary_sensor/${node}/${b.id}/config`, payload: JSON.stringify(body) });
  }

  const expireAfter = expireSeconds(ctx, s);
  const sensor = (field: FieldSpec, channel: number, dc: boolean): Outgoing => {
    const objectId = `ch${channel}_${field.hass}`;
    const body: Record<string, unknown> = {
      name: dc ? `CH${channel} ${field.hass}` : field.hass,
      stat_t: `${base}${s}/${channel}/${field.topic}`,
      uniq_id: `${s}_${objectId}`,
    };
    if (field.unit !== "") body["unit_of_meas"] = field.unit;
    body["dev"] = dev;
    if (expireAfter !== null) body["exp_aft"] = expireAfter;
    if (field.deviceClass) body["dev_cla"] = field.deviceClass;
    if (field.stateClass) body["stat_cla"] = field.stateClass;
    return { topic: `${hass}sensor/${node}/${objectId}/config`, payload: JSON.stringify(body) };
  };

  for (const f of AC_FIELDS) out.push(sensor(f, 0, false));
  const dcCount = Object.keys(inv.DC ?? {}).length;
  for (let channel = 1; channel <= dcCount; channel++) {
    for (const f of DC_FIELDS) {
      const message = sensor(f, channel, true);
      // Individual panels off: an empty payload clears any DC entity created earlier (§5.2).
      out.push(config.mqtt.hass.individual_panels ? message : { topic: message.topic, payload: "" });
    }
  }
  for (const f of INV_FIELDS) out.push(sensor(f, 0, false));
  return out;
}

/** `exp_aft` (§5.2): inverters × max(poll interval, publish interval) × reachable threshold; null when off. */
function expireSeconds(ctx: DiscoveryContext, serial: string): number | null {
  const { config } = ctx;
  if (!config.mqtt.hass.expire) return null;
  const threshold = configInverter(config, serial)?.reachable_threshold ?? 2;
  return ctx.inverters.length * Math.max(config.dtu.poll_interval, config.mqtt.publish_interval) * threshold;
}

/** All discovery messages of the fleet, inverters in live-document order. */
export function fleetDiscovery(ctx: DiscoveryContext): Outgoing[] {
  return ctx.inverters.flatMap((inv) => inverterDiscovery(ctx, inv));
}
