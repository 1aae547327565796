/**
 * The channel value fields MQTT publishes (MQTT.md §3.4) and announces to Home Assistant (§5.2), in publication
 * order, with the live-data property they come from (API.md §4.3).
 */
export interface FieldSpec {
  /** Property name in the live document (API.md §3.1); note `Power DC` with a space. */
  live: string;
  /** Last topic level (§3.4), lower case. */
  topic: string;
  /** Capitalised name used in discovery object ids and entity names (§5.2). */
  hass: string;
  decimals: number;
  /** Unit for `unit_of_meas`; "" means the key is omitted. */
  unit: string;
  deviceClass?: string;
  stateClass?: string;
}

const measurement = "measurement";
const increasing = "total_increasing";

/**
 * Most fields use the same word for the live property and the discovery name, and its lower case as the topic;
 * only "Power DC" differs (it is spelt apart in AC_FIELDS).
 */
function field(
  name: string,
  decimals: number,
  unit: string,
  deviceClass?: string,
  stateClass?: string,
): FieldSpec {
  const spec: FieldSpec = { live: name, topic: name.toLowerCase(), hass: name, decimals, unit };
  if (deviceClass !== undefined) spec.deviceClass = deviceClass;
  if (stateClass !== undefined) spec.stateClass = stateClass;
  return spec;
}

// Fields an AC phase and a DC input share, with the same decimals and classes (§3.4, §5.2).
const VOLTAGE = field("Voltage", 1, "V", "voltage", measurement);
const CURRENT = field("Current", 2, "A", "current", measurement);
const POWER = field("Power", 1, "W", "power", measurement);
const YIELD_DAY = field("YieldDay", 0, "Wh", "energy", increasing);
const YIELD_TOTAL = field("YieldTotal", 3, "kWh", "energy", increasing);

export const AC_FIELDS: readonly FieldSpec[] = [
  {
    live: "Power DC",
    topic: "powerdc",
    hass: "PowerDC",
    decimals: 1,
    unit: "W",
    deviceClass: "power",
    stateClass: measurement,
  },
  YIELD_DAY,
  YIELD_TOTAL,
  VOLTAGE,
  CURRENT,
  POWER,
  field("Frequency", 2, "Hz", "frequency", measurement),
  field("PowerFactor", 3, "", "power_factor", measurement),
  // Efficiency has neither device nor state class on the device (§5.2).
  field("Efficiency", 3, "%"),
  field("ReactivePower", 1, "var", "reactive_power", measurement),
];

/** DC inputs; the string `name` topic is handled apart (it is text, published before these). */
export const DC_FIELDS: readonly FieldSpec[] = [
  VOLTAGE,
  CURRENT,
  POWER,
  YIELD_DAY,
  YIELD_TOTAL,
  // Published for every input, 0.000 without a configured max power (§3.4 notes).
  field("Irradiation", 3, "%"),
];

export const INV_FIELDS: readonly FieldSpec[] = [field("Temperature", 1, "°C", "temperature", measurement)];

/**
 * printf("%.*f") style formatting (§2). Float noise such as 140.7999878 is rounded away; -0 prints as 0 because
 * a sensor never means a signed zero.
 */
export function fixed(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return (0).toFixed(decimals);
  const text = value.toFixed(decimals);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}
