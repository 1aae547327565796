/** One inverter's side of a decision: may it be commanded now, and what will its output be once it settles. Pure. */
import type { ZeroExportInverterConfig } from "@dtu/api/zeroexport";
import type { InverterView } from "./types.ts";

/** Assumed response time (command → output moved) until the commissioning check measured it. */
export const DEFAULT_RESPONSE_MS = 10_000;
export const MAX_COMMANDS_PER_HOUR = 60;
const HOUR_MS = 3600_000;
/** "Well below its limit": short of it by more than this many W and this share of the limit. */
export const SUN_MARGIN_W = 20;
export const SUN_MARGIN_SHARE = 0.1;

export interface Controlled {
  inv: InverterView;
  cfg: ZeroExportInverterConfig;
}

export const commandsLastHour = (inv: InverterView, now: number): number =>
  inv.command_times.filter((t) => now - t < HOUR_MS).length;

/** Rating, limit and output are known (read from the device since it started). */
export const factsKnown = (inv: InverterView): boolean =>
  inv.rating_w !== null && inv.rating_w > 0 && inv.limit_w !== null && inv.output_w !== null;

/** The limit in force or on its way: the one sent while it is pending, else the device's. */
export const limitOf = (inv: InverterView): number =>
  (inv.pending ? inv.commanded_w : null) ?? inv.limit_w ?? 0;

/**
 * Its last command had its measured response: answered, the response time passed, and a reading taken after that.
 * An inverter never commanded is settled.
 */
export function settled(inv: InverterView, now: number): boolean {
  if (inv.pending) return false;
  if (inv.last_command_at === null) return true;
  const due = inv.last_command_at + (inv.response_ms ?? DEFAULT_RESPONSE_MS);
  return now >= due && inv.read_at !== null && inv.read_at >= due;
}

/** Producing well below its limit: the sun, not the limit, decides its output (never raised then). */
export function sunLimited(inv: InverterView): boolean {
  const limit = limitOf(inv);
  const output = inv.output_w ?? 0;
  return limit - output > Math.max(SUN_MARGIN_W, SUN_MARGIN_SHARE * limit);
}

/** May get a command now: reachable, facts known, settled, nothing in flight, within the hourly budget. */
export const commandable = (inv: InverterView, now: number): boolean =>
  inv.reachable && factsKnown(inv) && settled(inv, now) && commandsLastHour(inv, now) < MAX_COMMANDS_PER_HOUR;

/**
 * The output once its last command took effect: a cut brings it down to the new limit, a raise lifts it by what
 * the limit rose (at most to the limit). Equal to the output for a settled inverter.
 */
export function expectedOutput(inv: InverterView, now: number): number {
  const output = inv.output_w ?? 0;
  if (settled(inv, now) || inv.commanded_w === null) return output;
  const to = inv.commanded_w;
  const from = inv.commanded_from_w ?? to;
  return Math.min(to, output + Math.max(0, to - from));
}

/** The highest limit the controller gives it: its `max_w`, never above its rating. */
export const ceilingOf = (c: Controlled): number => Math.min(c.cfg.max_w, c.inv.rating_w ?? c.cfg.max_w);
