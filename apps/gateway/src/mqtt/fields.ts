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
  {
    live: "YieldDay",
    topic: "yieldday",
    hass: "YieldDay",
    decimals: 0,
    unit: "Wh",
    deviceClass: "energy",
    stateClass: increasing,
  },
  {
    live: "YieldTotal",
    topic: "yieldtotal",
    hass: "YieldTotal",
    decimals: 3,
    unit: "kWh",
    deviceClass: "energy",
    stateClass: increasing,
  },
  {
    live: "Voltage",
    topic: "voltage",
    hass: "Voltage",
    decimals: 1,
    unit: "V",
    deviceClass: "voltage",
    stateClass: measurement,
  },
  {
    live: "Current",
    topic: "current",
    hass: "Current",
    decimals: 2,
    unit: "A",
    deviceClass: "current",
    stateClass: measurement,
  },
  {
    live: "Power",
    topic: "power",
    hass: "Power",
    decimals: 1,
    unit: "W",
    deviceClass: "power",
    stateClass: measurement,
  },
  {
    live: "Frequency",
    topic: "frequency",
    hass: "Frequency",
    decimals: 2,
    unit: "Hz",
    deviceClass: "frequency",
    stateClass: measurement,
  },
  {
    live: "PowerFactor",
    topic: "powerfactor",
    hass: "PowerFactor",
    decimals: 3,
    unit: "",
    deviceClass: "power_factor",
    stateClass: measurement,
  },
  // Efficiency has neither device nor state class on the device (§5.2).
  { live: "Efficiency", topic: "efficiency", hass: "Efficiency", decimals: 3, unit: "%" },
  {
    live: "ReactivePower",
    topic: "reactivepower",
    hass: "ReactivePower",
    decimals: 1,
    unit: "var",
    deviceClass: "reactive_power",
    stateClass: measurement,
  },
];

/** DC inputs; the string `name` topic is handled apart (it is text, published before these). */
export const DC_FIELDS: readonly FieldSpec[] = [
  {
    live: "Voltage",
    topic: "voltage",
    hass: "Voltage",
    decimals: 1,
    unit: "V",
    deviceClass: "voltage",
    stateClass: measurement,
  },
  {
    live: "Current",
    topic: "current",
    hass: "Current",
    decimals: 2,
    unit: "A",
    deviceClass: "current",
    stateClass: measurement,
  },
  {
    live: "Power",
    topic: "power",
    hass: "Power",
    decimals: 1,
    unit: "W",
    deviceClass: "power",
    stateClass: measurement,
  },
  {
    live: "YieldDay",
    topic: "yieldday",
    hass: "YieldDay",
    decimals: 0,
    unit: "Wh",
    deviceClass: "energy",
    stateClass: increasing,
  },
  {
    live: "YieldTotal",
    topic: "yieldtotal",
    hass: "YieldTotal",
    decimals: 3,
    unit: "kWh",
    deviceClass: "energy",
    stateClass: increasing,
  },
  // Published for every input, 0.000 without a configured max power (§3.4 notes).
  { live: "Irradiation", topic: "irradiation", hass: "Irradiation", decimals: 3, unit: "%" },
];

export const INV_FIELDS: readonly FieldSpec[] = [
  {
    live: "Temperature",
    topic: "temperature",
    hass: "Temperature",
    decimals: 1,
    unit: "°C",
    deviceClass: "temperature",
    stateClass: measurement,
  },
];

/**
 * printf("%.*f") style formatting (§2). Float noise such as 140.7999878 is rounded away; -0 prints as 0 because
 * a sensor never means a signed zero.
 */
export function fixed(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return (0).toFixed(decimals);
  const text = value.toFixed(decimals);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}
