/**
 * One state per inverter, derived in one place from its live document and the data age (issue 13 item 1). Pure:
 * the caller passes the local time, so tests drive the clock.
 */
import { timing } from "@dtu/api/limits";
import type { LiveInverter } from "@dtu/api/live";
import { ageAt, inverterField, type InverterEntry } from "./merge";

/**
 * producing; idle = reachable, not producing; lost = unreachable; off = polling switched off (configured or at
 * night, API.md §3.1 `poll_enabled`); unread = not read since the DTU started; unknown = a configured serial no model
 * matches (API.md §4.1: listed in /api/inverter/list only, never polled).
 */
export type InvState = "producing" | "idle" | "lost" | "off" | "unread" | "unknown";
/** Why an idle inverter does not produce, when the data tells: no light on the strings, or a limit of 0 %. */
export type IdleWhy = "dark" | "limit0" | undefined;

export interface InvStatus {
  state: InvState;
  why: IdleWhy;
  /** Local time (ms) the shown values are from: now − data age. */
  seen: number;
  /** Its values are not current (shown muted with "last seen"). */
  stale: boolean;
}

/** DC voltage below this on every string: no light (night, snow); an awake string shows tens of volts. */
const DARK_V = 5;

function sumDc(inv: LiveInverter, name: string): number {
  let s = 0;
  for (const ch of Object.values(inv.DC ?? {})) {
    const f = ch[name];
    if (f && "v" in f) s += f.v;
  }
  return s;
}

/**
 * Never read since the DTU started: data_age then equals the uptime (API.md §3.1) and nothing is known yet — the
 * limit reads 0 until read and the yield total, which never goes back to 0 once read, is still 0.
 */
function unread(inv: LiveInverter): boolean {
  return inv.limit_relative === 0 && !((inverterField(inv, "YieldTotal")?.v ?? 0) > 0);
}

export function inverterStatus(entry: InverterEntry | undefined, now: number): InvStatus {
  if (!entry) return { state: "unknown", why: undefined, seen: 0, stale: true };
  const inv = entry.data;
  // Values older than a few missed polls are not current even when the flags still say reachable.
  const old = ageAt(entry, now) > timing.absoluteTimeAfterS;
  const out = (state: InvState, why?: IdleWhy): InvStatus => ({
    state,
    why,
    seen: entry.receivedAt - entry.ageAtReceiptMs,
    stale: old || (state !== "producing" && state !== "idle"),
  });
  // Older firmware has no poll_enabled: polling is then on (issue 13 item 4).
  if (inv.poll_enabled === false) return out("off");
  if (inv.reachable === false) return out("lost");
  if (unread(inv)) return out("unread");
  const power = inverterField(inv, "Power")?.v ?? 0;
  if (inv.producing ?? power > 0) return out("producing");
  if (inv.limit_relative === 0) return out("idle", "limit0");
  // Only with detail: a summary without DC says nothing about light.
  return out("idle", inv.DC && sumDc(inv, "Voltage") < DARK_V ? "dark" : undefined);
}

/** Bootstrap colour of each state, the same in the tab list, the panel header and the legend. */
export const stateColour: Record<InvState, string> = {
  producing: "primary",
  idle: "warning",
  lost: "danger",
  off: "secondary",
  unread: "info",
  unknown: "dark",
};
