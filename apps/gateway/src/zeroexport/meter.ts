/** The meter's side of a decision: is it fresh, and how noisy is it (the automatic band). Pure. */
import type { MeterView } from "./types.ts";

/** A meter is stale after three of its intervals, and never before 10 s (issue 32 §2). */
export const STALE_MIN_MS = 10_000;
export const STALE_INTERVALS = 3;
/** The automatic band is never narrower than this. */
export const MIN_DEADBAND_W = 10;
/** Samples the noise is judged over. */
export const NOISE_WINDOW = 30;

export const staleAfterMs = (intervalMs: number): number =>
  Math.max(STALE_INTERVALS * intervalMs, STALE_MIN_MS);

/**
 * A meter late by this much (but not stale yet) gets no new command: what is in flight is answered before the
 * fallback may be due, so the fallback never waits behind a command (one in flight per inverter).
 */
export const lateAfterMs = (intervalMs: number): number =>
  Math.max(2 * intervalMs, staleAfterMs(intervalMs) - 5_000);

export type MeterVerdict = "ok" | "none" | "stale" | "error";

/** `none` before the first sample; `error` while the meter reports one; `stale` when the last sample is too old. */
export function meterVerdict(meter: MeterView, now: number): MeterVerdict {
  if (meter.error !== null) return "error";
  const last = meter.samples.at(-1);
  if (!last) return "none";
  return now - last.at > staleAfterMs(meter.interval_ms) ? "stale" : "ok";
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * The automatic band: twice the median step between successive samples of the last 30 (a median, so a load step
 * does not widen it), rounded up, at least 10 W.
 */
export function automaticDeadband(meter: MeterView): number {
  const recent = meter.samples.slice(-NOISE_WINDOW);
  const steps: number[] = [];
  for (let i = 1; i < recent.length; i++) {
    steps.push(Math.abs((recent[i]?.grid_w ?? 0) - (recent[i - 1]?.grid_w ?? 0)));
  }
  return steps.length === 0 ? MIN_DEADBAND_W : Math.max(MIN_DEADBAND_W, Math.ceil(2 * median(steps)));
}

export const deadbandOf = (settingW: number, meter: MeterView): number =>
  settingW > 0 ? settingW : automaticDeadband(meter);
