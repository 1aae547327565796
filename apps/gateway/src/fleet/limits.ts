/**
 * How a simulated inverter holds a limit (issue 32 §1; figures and their sources in README "Realistic limits"):
 *
 * - after the acknowledgement the output moves in a straight line from what it was to the new limit, in a time fixed
 *   per inverter and run (3–7 s, from the fleet's seed);
 * - a low limit is not held exactly: below 15 % of the rating the inverter gives less than the limit, by up to a
 *   per-inverter share (10–20 %) that grows as the limit falls; below 2 % it does not go lower than about 2 %;
 * - the sun stays the ceiling: physics.ts clips the sun's power at the limit this module returns, never the reverse.
 *
 * Pure functions of the inverter's setup (its seeded key), its side and the instant.
 */
import type { InverterSetup, OutputState } from "./physics.ts";
import { unit } from "./random.ts";
import type { InverterSide } from "./state.ts";

export const RAMP_MIN_MS = 3000;
export const RAMP_MAX_MS = 7000;
/** At and above this share of the rating (percent) a limit is held exactly. */
export const EXACT_FROM_PERCENT = 15;
/** The lowest limit (percent of the rating) the inverter regulates to; below it holds about this. */
export const LOWEST_PERCENT = 2;
/** Range of the per-inverter shortfall at the lowest limit (share of the limit). */
export const SHORTFALL_MIN = 0.1;
export const SHORTFALL_MAX = 0.2;

/** Time from the acknowledgement to the output at the new limit (ms), fixed per inverter and run. */
export const rampMsOf = (setup: Pick<InverterSetup, "key">): number =>
  Math.round(RAMP_MIN_MS + (RAMP_MAX_MS - RAMP_MIN_MS) * unit(setup.key, 0x72));

/** Share of a limit at 2 % of the rating that this inverter falls short by (0.1–0.2), fixed per inverter and run. */
export const shortfallOf = (setup: Pick<InverterSetup, "key">): number =>
  SHORTFALL_MIN + (SHORTFALL_MAX - SHORTFALL_MIN) * unit(setup.key, 0x73);

/**
 * The limit (percent of the rating) the inverter actually holds for a commanded `limitPercent`: exact from 15 %;
 * below, short by `shortfall × (15 − p) / 13` of it (0 at 15 %, the whole shortfall at 2 %); below 2 %, what it holds
 * at 2 %. Continuous and rising in `limitPercent`.
 */
export function heldPercent(setup: Pick<InverterSetup, "key">, limitPercent: number): number {
  const p = Math.min(100, Math.max(0, limitPercent));
  if (p >= EXACT_FROM_PERCENT) return p;
  const q = Math.max(p, LOWEST_PERCENT);
  const depth = (EXACT_FROM_PERCENT - q) / (EXACT_FROM_PERCENT - LOWEST_PERCENT);
  return q * (1 - shortfallOf(setup) * depth);
}

/** The ceiling (percent of the rating) the inverter applies at `at`: on its way along a ramp, else the held limit. */
export function ceilingPercent(
  setup: Pick<InverterSetup, "key">,
  inv: Pick<InverterSide, "limitPercent" | "ramp">,
  at: number,
): number {
  const target = heldPercent(setup, inv.limitPercent);
  const ramp = inv.ramp;
  if (!ramp) return target;
  const progress = (at - ramp.start) / rampMsOf(setup);
  if (progress >= 1) return target;
  if (progress <= 0) return ramp.fromPercent;
  return ramp.fromPercent + (target - ramp.fromPercent) * progress;
}

/** What the power model is given (physics.ts `sample`): on/off and the ceiling of this instant. */
export const outputState = (
  setup: Pick<InverterSetup, "key">,
  inv: Pick<InverterSide, "on" | "limitPercent" | "ramp">,
  at: number,
): OutputState => ({ on: inv.on, limitPercent: ceilingPercent(setup, inv, at) });
