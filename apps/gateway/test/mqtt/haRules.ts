/**
 * What Home Assistant's MQTT discovery accepts (the device's entities, the gateway's meter and zero export), written from its
 * documentation: the abbreviations it expands ("Supported abbreviations in MQTT discovery messages") and the
 * configuration variables of each platform.
 */
const ABBREVIATIONS: Record<string, string> = {
  avty: "availability",
  avty_mode: "availability_mode",
  avty_t: "availability_topic",
  avty_tpl: "availability_template",
  cmd_t: "command_topic",
  cmd_tpl: "command_template",
  dev: "device",
  dev_cla: "device_class",
  e: "encoding",
  en: "enabled_by_default",
  ent_cat: "entity_category",
  ent_pic: "entity_picture",
  exp_aft: "expire_after",
  frc_upd: "force_update",
  ic: "icon",
  json_attr_t: "json_attributes_topic",
  json_attr_tpl: "json_attributes_template",
  obj_id: "object_id",
  o: "origin",
  off_dly: "off_delay",
  opt: "optimistic",
  p: "platform",
  pl_avail: "payload_available",
  pl_not_avail: "payload_not_available",
  pl_off: "payload_off",
  pl_on: "payload_on",
  pl_prs: "payload_press",
  pl_rst: "payload_reset",
  ret: "retain",
  stat_cla: "state_class",
  stat_off: "state_off",
  stat_on: "state_on",
  stat_t: "state_topic",
  sug_dsp_prc: "suggested_display_precision",
  uniq_id: "unique_id",
  unit_of_meas: "unit_of_measurement",
  val_tpl: "value_template",
};
const DEVICE_ABBREVIATIONS: Record<string, string> = {
  cns: "connections",
  cu: "configuration_url",
  hw: "hw_version",
  ids: "identifiers",
  mdl: "model",
  mf: "manufacturer",
  name: "name",
  sa: "suggested_area",
  sn: "serial_number",
  sw: "sw_version",
  via_device: "via_device",
};
const COMMON = [
  "availability",
  "availability_mode",
  "availability_template",
  "availability_topic",
  "device",
  "enabled_by_default",
  "encoding",
  "entity_category",
  "entity_picture",
  "icon",
  "json_attributes_template",
  "json_attributes_topic",
  "name",
  "object_id",
  "origin",
  "payload_available",
  "payload_not_available",
  "platform",
  "qos",
  "unique_id",
];
const PLATFORM_KEYS: Record<string, string[]> = {
  button: [...COMMON, "command_template", "command_topic", "device_class", "payload_press", "retain"],
  number: [
    ...COMMON,
    "command_template",
    "command_topic",
    "device_class",
    "max",
    "min",
    "mode",
    "optimistic",
    "payload_reset",
    "retain",
    "state_topic",
    "step",
    "unit_of_measurement",
    "value_template",
  ],
  binary_sensor: [
    ...COMMON,
    "device_class",
    "expire_after",
    "force_update",
    "off_delay",
    "payload_off",
    "payload_on",
    "state_topic",
    "value_template",
  ],
  switch: [
    ...COMMON,
    "command_topic",
    "device_class",
    "optimistic",
    "payload_off",
    "payload_on",
    "retain",
    "state_off",
    "state_on",
    "state_topic",
    "value_template",
  ],
  sensor: [
    ...COMMON,
    "device_class",
    "expire_after",
    "force_update",
    "last_reset_value_template",
    "options",
    "state_class",
    "state_topic",
    "suggested_display_precision",
    "unit_of_measurement",
    "value_template",
  ],
};
/** Sensor device classes used here and the units HA allows for them (None = no unit). */
const SENSOR_UNITS: Record<string, (string | undefined)[]> = {
  power: ["W", "kW"],
  energy: ["Wh", "kWh", "MWh"],
  voltage: ["V", "mV"],
  current: ["A", "mA"],
  frequency: ["Hz", "kHz"],
  power_factor: [undefined, "%"],
  reactive_power: ["var"],
  temperature: ["°C", "°F", "K"],
};
const BUTTON_CLASSES = ["identify", "restart", "update"];
const SWITCH_CLASSES = ["outlet", "switch"];
const STATE_CLASSES = ["measurement", "total", "total_increasing"];

/** Returns the problems of one discovery message; [] = Home Assistant accepts it. */
export function haProblems(topic: string, payload: string): string[] {
  const problems: string[] = [];
  const match =
    /^homeassistant\/(button|number|binary_sensor|sensor|switch)\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)\/config$/.exec(
      topic,
    );
  if (!match) return [`bad topic ${topic}`];
  const platform = match[1] ?? "";
  const body = JSON.parse(payload) as Record<string, unknown>;
  const expanded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const full = ABBREVIATIONS[key] ?? key;
    if (!PLATFORM_KEYS[platform]?.includes(full)) problems.push(`${platform}: unknown key ${key}`);
    expanded[full] = value;
  }
  const device = expanded["device"] as Record<string, unknown> | undefined;
  if (!device) problems.push("no device");
  for (const key of Object.keys(device ?? {})) {
    if (!DEVICE_ABBREVIATIONS[key]) problems.push(`device: unknown key ${key}`);
  }
  if (typeof expanded["unique_id"] !== "string") problems.push("no unique_id");
  const cls = expanded["device_class"] as string | undefined;
  const unit = expanded["unit_of_measurement"] as string | undefined;
  if (platform === "sensor" && cls !== undefined) {
    const units = SENSOR_UNITS[cls];
    if (!units) problems.push(`sensor device class ${cls}`);
    else if (!units.includes(unit)) problems.push(`unit ${unit} for ${cls}`);
  }
  if (platform === "button" && cls !== undefined && !BUTTON_CLASSES.includes(cls))
    problems.push(`button ${cls}`);
  if (platform === "switch" && cls !== undefined && !SWITCH_CLASSES.includes(cls))
    problems.push(`switch ${cls}`);
  if (platform === "switch" && typeof expanded["command_topic"] !== "string")
    problems.push("switch without command_topic");
  const stateClass = expanded["state_class"];
  if (stateClass !== undefined && !STATE_CLASSES.includes(stateClass as string))
    problems.push(`${String(stateClass)}`);
  const category = expanded["entity_category"];
  if (category !== undefined && category !== "config" && category !== "diagnostic")
    problems.push("entity_category");
  for (const key of ["state_topic", "command_topic"]) {
    const t = expanded[key];
    if (t !== undefined && (typeof t !== "string" || /[#+]/.test(t))) problems.push(`${key} ${String(t)}`);
  }
  if (expanded["expire_after"] !== undefined && !(Number(expanded["expire_after"]) > 0))
    problems.push("expire");
  return problems;
}
