/** Channel properties (API.md §3.1, §4.3): label keys, listed in the device's order of the properties. */
import type { Channel } from "@dtu/api/live";
import type { MessageKey } from "../../lib/i18n";
import { decimalsOf } from "./format";

/** Property names → labels, in the order the device sends them for every family (later firmware keeps it, §9.2). */
export const LABELS: Record<string, MessageKey> = {
  Power: "live.propPower",
  Voltage: "live.propVoltage",
  Current: "live.propCurrent",
  "Power DC": "live.propPowerDc",
  YieldDay: "live.propYieldDay",
  YieldTotal: "live.propYieldTotal",
  Frequency: "live.propFrequency",
  Temperature: "live.propTemperature",
  PowerFactor: "live.propPowerFactor",
  ReactivePower: "live.propReactivePower",
  Efficiency: "live.propEfficiency",
  Irradiation: "live.propIrradiation",
};
const ORDER = Object.keys(LABELS);

/** A DC string's name set in Settings > Inverters (its channel's `name: {u}`, API.md §3.1); "" when none. */
export const stringName = (ch: Channel | undefined): string =>
  ch?.name && !("v" in ch.name) ? ch.name.u : "";
const rank = (k: string) => {
  const i = ORDER.indexOf(k);
  return i < 0 ? ORDER.length : i;
};

/** The properties in the device's order, whatever order the JSON keys arrived in; unknown ones last, as sent. */
export function ordered(ch: Channel): [string, Channel[string]][] {
  return Object.entries(ch).sort(([a], [b]) => rank(a) - rank(b));
}

/**
 * Decimals to show: the device's `d` (or the unit's usual ones without it), but percentages with at most one (no
 * "50.000 %", issue 13 item 5).
 */
export const shownDecimals = (d: number | undefined, u: string) =>
  u === "%" ? Math.min(decimalsOf(d, u), 1) : decimalsOf(d, u);
