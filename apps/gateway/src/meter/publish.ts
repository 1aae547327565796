/**
 * The meter beyond the web API (issue 31 §6), for the simulated device's own MQTT and Prometheus (proxy mode has
 * neither: the real device publishes its own). Pure functions of the meter's status and counters:
 *
 * MQTT, under the base topic and with its retain flag (MQTT.md §2, plain-text payloads):
 * - `meter/state`: `ok` / `stale` / `error` / `off`, every cycle;
 * - `meter/power`: grid power in W (+ import, − export), 1 decimal, only while the reading is fresh (state `ok`):
 *   a stale meter never publishes its last value as new;
 * - `meter/import_today`, `meter/export_today`: today's energy in Wh, 0 decimals (HA's energy dashboard: device
 *   class energy, `total_increasing`; the fall to 0 at local midnight is the daily reset it expects);
 * - `meter/self_consumption_today`, `meter/autarky_today`: %, 1 decimal (Home Assistant's definitions, figures.ts);
 *   each of these four only once known.
 *
 * Home Assistant discovery, while the meter is on: sensors on the DTU's device (`ids` = the DTU serial, as the
 * alerts' DTU sensor), under `<hass>sensor/dtu_<dtu serial>/meter_<name>/config`. The power sensor is unavailable
 * while the state is not `ok` (an availability template on `meter/state`).
 *
 * Prometheus (appended to API.md §3.20's text): gauges `opendtu_meter_up` (1 while fresh), `opendtu_meter_stale`,
 * `opendtu_meter_power` (W, only while fresh) and counters `opendtu_meter_import_wh_total`,
 * `opendtu_meter_export_wh_total` (Wh since the gateway started).
 */
import type { MeterStatus } from "@dtu/api/meter";
import type { ConfigJson } from "../config/types.ts";
import type { DeviceIdentity, MqttAddition, MqttMessage } from "../device/contracts.ts";
import type { MeterService } from "./service.ts";

export const METER_TOPIC = "meter/";

const fixed = (x: number, decimals: number): string => x.toFixed(decimals);

/** The topics of one cycle (sub-topics under the base topic). */
export function meterTopics(status: MeterStatus): MqttMessage[] {
  const out: MqttMessage[] = [{ topic: `${METER_TOPIC}state`, payload: status.state }];
  const add = (name: string, value: number | null, decimals: number): void => {
    if (value !== null) out.push({ topic: `${METER_TOPIC}${name}`, payload: fixed(value, decimals) });
  };
  add("power", status.state === "ok" ? status.power_w : null, 1);
  add("import_today", status.today.import_wh, 0);
  add("export_today", status.today.export_wh, 0);
  add("self_consumption_today", status.today.self_consumption_pct, 1);
  add("autarky_today", status.today.autarky_pct, 1);
  return out;
}

/** One sensor of a gateway feature in Home Assistant (featureSensors). */
export interface SensorSpec {
  id: string;
  name: string;
  topic: string;
  unit?: string;
  deviceClass?: string;
  stateClass?: string;
  icon?: string;
  category?: "diagnostic";
  /** Unavailable while the feature's `availability` says so (the meter: while its reading is not fresh). */
  fresh?: boolean;
}

const SENSORS: readonly SensorSpec[] = [
  {
    id: "power",
    name: "Grid Power",
    topic: "power",
    unit: "W",
    deviceClass: "power",
    stateClass: "measurement",
    fresh: true,
  },
  {
    id: "import_today",
    name: "Grid Import Today",
    topic: "import_today",
    unit: "Wh",
    deviceClass: "energy",
    stateClass: "total_increasing",
  },
  {
    id: "export_today",
    name: "Grid Export Today",
    topic: "export_today",
    unit: "Wh",
    deviceClass: "energy",
    stateClass: "total_increasing",
  },
  {
    id: "self_consumption_today",
    name: "Self-consumption Today",
    topic: "self_consumption_today",
    unit: "%",
    stateClass: "measurement",
    icon: "mdi:home-lightning-bolt",
  },
  {
    id: "autarky_today",
    name: "Autarky Today",
    topic: "autarky_today",
    unit: "%",
    stateClass: "measurement",
    icon: "mdi:home-battery",
  },
  { id: "state", name: "Meter State", topic: "state", icon: "mdi:meter-electric", category: "diagnostic" },
];

/** Discovery of the meter's sensors (none while the meter is off: the bookkeeping then removes them). */
export function meterDiscovery(
  config: ConfigJson,
  identity: DeviceIdentity,
  enabled: boolean,
): MqttMessage[] {
  if (!enabled) return [];
  const stateTopic = `${config.mqtt.topic}${METER_TOPIC}state`;
  return featureSensors(config, identity, "meter", SENSORS, {
    avty_t: stateTopic,
    avty_tpl: "{{ 'online' if value == 'ok' else 'offline' }}",
  });
}

/**
 * The DTU as Home Assistant's device of a gateway feature's entities (`ids` = the DTU serial, as the alerts' DTU
 * sensor), in the device object's keys of MQTT.md §5.1.
 */
export function dtuDevice(config: ConfigJson, identity: DeviceIdentity): Record<string, string> {
  return {
    name: identity.hostname(),
    ids: String(config.dtu.serial),
    cu: `http://${identity.ip}`,
    mf: "OpenDTU",
    mdl: "DTU",
    sw: identity.gitHash,
  };
}

/**
 * Sensors of a gateway feature on the DTU's device: `<hass>sensor/dtu_<serial>/<feature>_<id>/config`, state topics
 * `<base><feature>/<topic>`; `fresh` sensors get `availability`.
 */
export function featureSensors(
  config: ConfigJson,
  identity: DeviceIdentity,
  feature: string,
  specs: readonly SensorSpec[],
  availability: { avty_t: string; avty_tpl: string } | null = null,
): MqttMessage[] {
  const serial = String(config.dtu.serial);
  const dev = dtuDevice(config, identity);
  return specs.map((s) => {
    const body = {
      name: s.name,
      stat_t: `${config.mqtt.topic}${feature}/${s.topic}`,
      uniq_id: `${serial}_${feature}_${s.id}`,
      ...(s.unit ? { unit_of_meas: s.unit } : {}),
      ...(s.icon ? { ic: s.icon } : {}),
      ...(s.category ? { ent_cat: s.category } : {}),
      ...(s.fresh && availability ? availability : {}),
      dev,
      ...(s.deviceClass ? { dev_cla: s.deviceClass } : {}),
      ...(s.stateClass ? { stat_cla: s.stateClass } : {}),
    };
    return {
      topic: `${config.mqtt.hass.topic}sensor/dtu_${serial}/${feature}_${s.id}/config`,
      payload: JSON.stringify(body),
    };
  });
}

/** The meter as an addition to the device's MQTT (mqtt/publisher.ts, mqtt/announce.ts). */
export function meterMqtt(meter: Pick<MeterService, "status" | "view">): MqttAddition {
  return {
    topics: () => meterTopics(meter.status()),
    discovery: (config, identity) => meterDiscovery(config, identity, meter.view().enabled),
  };
}

/** The meter's Prometheus lines, after the device's (API.md §3.20 style: HELP and TYPE before each metric). */
export function meterMetrics(meter: Pick<MeterService, "status" | "energy">): string {
  const status = meter.status();
  const energy = meter.energy();
  const out: string[] = [];
  const metric = (name: string, help: string, type: string, value: number): void => {
    out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, `${name} ${value}`);
  };
  metric("opendtu_meter_up", "household meter gives fresh readings (1) or not (0)", "gauge", up(status));
  metric("opendtu_meter_stale", "household meter's last reading is too old (1)", "gauge", stale(status));
  if (status.state === "ok" && status.power_w !== null)
    metric("opendtu_meter_power", "grid power in W, + import, - export", "gauge", round(status.power_w, 1));
  metric(
    "opendtu_meter_import_wh_total",
    "energy imported from the grid in Wh since the gateway started",
    "counter",
    round(energy.import_wh, 3),
  );
  metric(
    "opendtu_meter_export_wh_total",
    "energy exported to the grid in Wh since the gateway started",
    "counter",
    round(energy.export_wh, 3),
  );
  return out.join("\n") + "\n";
}

const up = (s: MeterStatus): number => (s.state === "ok" ? 1 : 0);
const stale = (s: MeterStatus): number => (s.state === "stale" ? 1 : 0);
const round = (x: number, decimals: number): number => Number(x.toFixed(decimals));
