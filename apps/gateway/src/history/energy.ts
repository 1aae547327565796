/**
 * Daily energy from yield-total differences (issue 14 §3). The yield-day counter alone is unreliable (an inverter
 * restart resets it, a device reboot reports 0 until the next poll), so energy is the growth of the lifetime
 * counter between two readings, credited to the local day of the later reading. What cannot be known is not
 * invented:
 * - a total of 0 or none (device just rebooted, inverter not yet read) is no reading: skipped, the base is kept;
 * - a total that went down, or grew faster than the inverter can produce (a swapped inverter, a counter reset), is a
 *   new base: no energy credited for that step, never a negative;
 * - a step across midnight gives the new day at most its own yield-day counter, the rest goes to the previous day if
 *   the last reading was on it; across a longer gap (gateway or device down for days) the rest is not spread over
 *   days nobody saw.
 * Each step's credit and the new base are written in one transaction (store.ts), so nothing is counted twice.
 */
import { addDays } from "./days.ts";

export interface EnergyBase {
  /** Unix ms of the reading. */
  t: number;
  totalWh: number;
  day: string;
}

export interface EnergyReading extends EnergyBase {
  yieldDayWh: number | null;
}

export interface EnergyStep {
  /** The base to keep (unchanged when the reading was unusable). */
  base: EnergyBase | null;
  credits: { day: string; wh: number }[];
}

/** Counters move in 1 Wh steps (YieldTotal has 3 kWh decimals); allow that much on top of the power cap. */
const ROUNDING_WH = 2;

export function energyStep(base: EnergyBase | null, r: EnergyReading, capW: number): EnergyStep {
  if (!(r.totalWh > 0)) return { base, credits: [] };
  const next: EnergyBase = { t: r.t, totalWh: r.totalWh, day: r.day };
  if (!base || r.t <= base.t) return { base: next, credits: [] };
  const delta = r.totalWh - base.totalWh;
  const possible = (capW * (r.t - base.t)) / 3_600_000 + ROUNDING_WH;
  if (delta < 0 || delta > possible) return { base: next, credits: [] };
  if (delta === 0) return { base: next, credits: [] };
  if (base.day === r.day) return { base: next, credits: [{ day: r.day, wh: delta }] };
  const today = Math.min(delta, Math.max(0, r.yieldDayWh ?? 0));
  const credits = today > 0 ? [{ day: r.day, wh: today }] : [];
  const rest = delta - today;
  if (rest > 0 && base.day === addDays(r.day, -1)) credits.push({ day: base.day, wh: rest });
  return { base: next, credits };
}
