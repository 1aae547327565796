/**
 * Zero export beyond the web API (issue 32 §6), for the simulated device's own MQTT and Prometheus (proxy mode has
 * neither: the real device publishes its own). Pure functions of the service's status and settings, plus the
 * switch's command:
 *
 * MQTT, under the base topic and with its retain flag (MQTT.md §2, plain-text payloads), every cycle:
 * - `zeroexport/state`: `off` / `waiting` / `active` / `fallback` / `paused`;
 * - `zeroexport/grid`: the last meter reading in W (+ import, − export), 1 decimal, once there is one;
 * - `zeroexport/target`: the target in W; `zeroexport/limit_total`: the controlled inverters' limits summed, in W,
 *   once known; `zeroexport/commands_last_hour`: limits sent in the last hour;
 * - `zeroexport/enabled`: `1` / `0`, the settings' `enabled` (the switch's state).
 *
 * Command `zeroexport/enabled/set`, payload as the device's `power` command (MQTT.md §4: decimal integer, > 0 on,
 * 0 off, negative ignored): the settings with `enabled` changed go through the service's setter, the same checks
 * and atomic save as `POST /api/zeroexport/config`; a refusal is a console line and leaves the settings as they
 * were. Retained messages are ignored: a retained "on" would undo, at each reconnection, a turn-off made since in
 * the web app.
 *
 * Home Assistant discovery (always while zero export is attached): sensors on the DTU's device under
 * `<hass>sensor/dtu_<serial>/zeroexport_<name>/config` and a switch `<hass>switch/dtu_<serial>/zeroexport_enabled/config`.
 *
 * Prometheus (appended to API.md §3.20's text): `opendtu_zeroexport_enabled`, `opendtu_zeroexport_state{state=…}`
 * (1 for the current state, 0 for the others), `opendtu_zeroexport_grid_power` (W, once read),
 * `opendtu_zeroexport_target_power` (W), `opendtu_zeroexport_limit_total` (W, once known),
 * `opendtu_zeroexport_commands_last_hour`.
 */
import { ZeroExportState, type ZeroExportConfig, type ZeroExportStatus } from "@dtu/api/zeroexport";
import type { ConfigJson } from "../config/types.ts";
import type { DeviceIdentity, MqttAddition, MqttCommands, MqttMessage } from "../device/contracts.ts";
import { dtuDevice, featureSensors, type SensorSpec } from "../meter/publish.ts";
import { strtol } from "../mqtt/commands.ts";
import type { ZeroExportService } from "./service.ts";

const FEATURE = "zeroexport";
export const ZERO_EXPORT_TOPIC = `${FEATURE}/`;
/** The switch's command sub-topic. */
export const ENABLED_SET_TOPIC = `${ZERO_EXPORT_TOPIC}enabled/set`;

/** The topics of one cycle (sub-topics under the base topic). */
export function zeroExportTopics(status: ZeroExportStatus, config: ZeroExportConfig): MqttMessage[] {
  const out: MqttMessage[] = [];
  const add = (name: string, payload: string): void => {
    out.push({ topic: `${ZERO_EXPORT_TOPIC}${name}`, payload });
  };
  add("state", status.state);
  add("enabled", config.enabled ? "1" : "0");
  if (status.grid_w !== null) add("grid", status.grid_w.toFixed(1));
  add("target", status.target_w.toFixed(0));
  if (status.limit_total_w !== null) add("limit_total", status.limit_total_w.toFixed(0));
  add("commands_last_hour", String(status.commands_last_hour));
  return out;
}

const SENSORS: readonly SensorSpec[] = [
  { id: "state", name: "Zero Export State", topic: "state", icon: "mdi:transmission-tower-off" },
  {
    id: "grid",
    name: "Zero Export Grid Power",
    topic: "grid",
    unit: "W",
    deviceClass: "power",
    stateClass: "measurement",
  },
  {
    id: "target",
    name: "Zero Export Target",
    topic: "target",
    unit: "W",
    deviceClass: "power",
    stateClass: "measurement",
    category: "diagnostic",
  },
  {
    id: "limit_total",
    name: "Zero Export Limit Total",
    topic: "limit_total",
    unit: "W",
    deviceClass: "power",
    stateClass: "measurement",
  },
  {
    id: "commands_last_hour",
    name: "Zero Export Commands Last Hour",
    topic: "commands_last_hour",
    stateClass: "measurement",
    icon: "mdi:counter",
    category: "diagnostic",
  },
];

/** Discovery of zero export's sensors and its on/off switch. */
export function zeroExportDiscovery(config: ConfigJson, identity: DeviceIdentity): MqttMessage[] {
  const serial = String(config.dtu.serial);
  const base = config.mqtt.topic;
  const body = {
    name: "Zero Export",
    cmd_t: `${base}${ENABLED_SET_TOPIC}`,
    stat_t: `${base}${ZERO_EXPORT_TOPIC}enabled`,
    uniq_id: `${serial}_${FEATURE}_enabled`,
    pl_on: "1",
    pl_off: "0",
    ic: "mdi:transmission-tower-export",
    ent_cat: "config",
    dev: dtuDevice(config, identity),
  };
  return [
    ...featureSensors(config, identity, FEATURE, SENSORS),
    {
      topic: `${config.mqtt.hass.topic}switch/dtu_${serial}/${FEATURE}_enabled/config`,
      payload: JSON.stringify(body),
    },
  ];
}

type Switchable = Pick<ZeroExportService, "config" | "post">;

/** Turns the controller on or off through the service's setter (the API's checks); a refusal is logged. */
async function setEnabled(service: Switchable, on: boolean, log: (line: string) => void): Promise<void> {
  const { status, body } = await service.post(JSON.stringify({ ...service.config(), enabled: on }));
  if (status === 200) log(`MQTT: zero export ${on ? "on" : "off"}`);
  else log(`MQTT: zero export ${on ? "on" : "off"} refused: ${body.message}`);
}

/**
 * The switch's command handler. Commands run one after the other (each reads the settings when its turn comes), so
 * a quick on-off-on ends as the last one says.
 */
export function enabledCommand(service: Switchable, log: (line: string) => void): MqttCommands {
  let queue = Promise.resolve();
  return {
    topics: [ENABLED_SET_TOPIC],
    receive(topic, payload, retained) {
      if (retained) return log(`MQTT: ${topic}: Ignored because retained`);
      const value = strtol(payload);
      if (value < 0) return log(`MQTT: ${topic}: Negative value`);
      queue = queue
        .then(() => setEnabled(service, value > 0, log))
        .catch((err: unknown) => log(`MQTT: ${topic} failed: ${(err as Error).message}`));
    },
  };
}

/** Zero export as an addition to the device's MQTT (mqtt/publisher.ts, mqtt/announce.ts, mqtt/dispatch.ts). */
export function zeroExportMqtt(
  service: Pick<ZeroExportService, "status" | "config" | "post">,
  log: (line: string) => void,
): MqttAddition {
  return {
    topics: () => zeroExportTopics(service.status(), service.config()),
    discovery: (config, identity) => zeroExportDiscovery(config, identity),
    commands: enabledCommand(service, log),
  };
}

/** Zero export's Prometheus lines, after the device's (API.md §3.20 style: HELP and TYPE before each metric). */
export function zeroExportMetrics(service: Pick<ZeroExportService, "status" | "config">): string {
  const status = service.status();
  const out: string[] = [];
  const head = (name: string, help: string): void => {
    out.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`);
  };
  const gauge = (name: string, help: string, value: number | null): void => {
    if (value === null) return;
    head(name, help);
    out.push(`${name} ${value}`);
  };
  gauge(
    "opendtu_zeroexport_enabled",
    "zero export is turned on (1) or off (0)",
    service.config().enabled ? 1 : 0,
  );
  head("opendtu_zeroexport_state", "zero export's state: 1 for the current one");
  for (const state of ZeroExportState.options)
    out.push(`opendtu_zeroexport_state{state="${state}"} ${state === status.state ? 1 : 0}`);
  gauge("opendtu_zeroexport_grid_power", "last grid reading in W, + import, - export", status.grid_w);
  gauge("opendtu_zeroexport_target_power", "grid power the controller holds, in W", status.target_w);
  gauge("opendtu_zeroexport_limit_total", "controlled inverters' limits summed, in W", status.limit_total_w);
  gauge("opendtu_zeroexport_commands_last_hour", "limits sent in the last hour", status.commands_last_hour);
  return out.join("\n") + "\n";
}
