/**
 * What the running controller remembers of each inverter (issue 32 §2): the commands it sent, their outcome, and
 * the response it measured; and the inverter view `decide` takes, made from the device port's snapshot. Pure apart
 * from the mutable record itself.
 */
import type { PortInverter } from "../port/contract.ts";
import type { InverterView } from "./types.ts";

export interface Sent {
  pending: boolean;
  commanded_w: number | null;
  commanded_from_w: number | null;
  last_command_at: number | null;
  command_times: number[];
  /** Host time the last command was acknowledged `ok` (its limit then stands for what we set); null otherwise. */
  confirmed_at: number | null;
  /** Measured responses (ms): command → a reading at the new limit; the last three count. */
  responses: number[];
  measured: boolean;
}

export const freshSent = (): Sent => ({
  pending: false,
  commanded_w: null,
  commanded_from_w: null,
  last_command_at: null,
  command_times: [],
  confirmed_at: null,
  responses: [],
  measured: true,
});

/** The response time used: the longest of the last three measured, plus a meter interval; null before the first. */
export const responseOf = (s: Sent | undefined, intervalMs: number): number | null =>
  s && s.responses.length > 0 ? Math.max(...s.responses) + intervalMs : null;

/** Measured on every cut (as the commissioning check does): command → the output read at (or under) the new limit. */
export function measureResponse(s: Sent, view: InverterView): void {
  if (s.measured || s.pending || s.last_command_at === null || s.commanded_w === null) return;
  if (view.output_w === null || view.read_at === null || view.read_at <= s.last_command_at) return;
  if ((s.commanded_from_w ?? 0) <= s.commanded_w) return; // only a cut shows the response for sure
  if (view.output_w > s.commanded_w + 0.02 * (view.rating_w ?? 0)) return;
  s.measured = true;
  s.responses = [...s.responses, view.read_at - s.last_command_at].slice(-3);
}

const acPower = (inv: PortInverter): number | null => {
  const p = inv.live.AC?.["0"]?.["Power"];
  return inv.read && p && "v" in p ? p.v : null;
};

/**
 * The inverter's facts from its live document: the rating from `limit_absolute` / `limit_relative` (API.md §3.1;
 * −1 while the model's max power is unknown), the limit in W, the AC output once read since the DTU started.
 */
export function viewOf(
  inv: PortInverter,
  deviceReachable: boolean,
  sent: Sent | undefined,
  intervalMs: number,
): InverterView {
  const { limit_absolute: abs, limit_relative: rel } = inv.live;
  const rating = abs > 0 && rel > 0 ? Math.round((abs * 100) / rel) : null;
  return {
    serial: inv.live.serial,
    rating_w: rating,
    limit_w: rating === null ? null : abs,
    output_w: acPower(inv),
    read_at: inv.readAt,
    reachable: deviceReachable && inv.live.reachable,
    pending: sent?.pending ?? false,
    commanded_w: sent?.commanded_w ?? null,
    commanded_from_w: sent?.commanded_from_w ?? null,
    last_command_at: sent?.last_command_at ?? null,
    response_ms: responseOf(sent, intervalMs),
    command_times: sent?.command_times ?? [],
  };
}

/** A limit differs from what we set by more than the device's rounding (1 % of the rating, at least 5 W). */
export const FOREIGN_MARGIN_SHARE = 0.01;
export const FOREIGN_MARGIN_W = 5;
/** The limit in the live data is judged only this long after our acknowledgement (the next reading carries it). */
export const FOREIGN_GRACE_MS = 3_000;

/** Someone else changed this inverter's limit: ours was acknowledged, a later reading shows another limit. */
export function foreignLimit(s: Sent, view: InverterView): boolean {
  if (s.pending || s.confirmed_at === null || s.commanded_w === null || view.limit_w === null) return false;
  if (!view.reachable || view.read_at === null || view.read_at < s.confirmed_at + FOREIGN_GRACE_MS)
    return false;
  const margin = Math.max(FOREIGN_MARGIN_W, FOREIGN_MARGIN_SHARE * (view.rating_w ?? 0));
  return Math.abs(view.limit_w - s.commanded_w) > margin;
}
