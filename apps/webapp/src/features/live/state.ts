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
/**
 * The reason, when the data tells: idle — no light on the strings, or a limit of 0 %; off — night (poll at night
 * off) or the inverter's poll setting; lost — never read since the DTU started.
 */
export type IdleWhy = "dark" | "limit0" | "night" | "setting" | "never" | undefined;

/** What the live document does not say but the states need, from the device's other read-access answers. */
export interface DeviceFacts {
  /** Local time (ms) the device started: receipt − `uptime` of /api/system/status (API.md §3.17). */
  readonly bootAt?: number | undefined;
  /** /api/ntp/status `sun_isDayPeriod` false: the device counts it as night (API.md §4.8). */
  readonly night?: boolean | undefined;
}

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
 * Tolerance between "last contact" and the device's start for an inverter never read: `data_age` and `uptime` are
 * whole seconds (up to 1 s off each) and come in two answers whose latencies differ on a busy phone or device. 1.5 s
 * missed the state in a CI run; an inverter read in the first 3 s after boot is called unread until its next poll.
 */
const BOOT_SLACK_MS = 3000;

export function inverterStatus(
  entry: InverterEntry | undefined,
  now: number,
  facts: DeviceFacts = {},
): InvStatus {
  if (!entry) return { state: "unknown", why: undefined, seen: 0, stale: true };
  const inv = entry.data;
  const seen = entry.receivedAt - entry.ageAtReceiptMs;
  // Values older than a few missed polls are not current even when the flags still say reachable.
  const old = ageAt(entry, now) > timing.absoluteTimeAfterS;
  const out = (state: InvState, why?: IdleWhy): InvStatus => ({
    state,
    why,
    seen,
    stale: old || (state !== "producing" && state !== "idle"),
  });
  // Never read since the DTU started: its data age is then the DTU's uptime (API.md §3.1 `data_age`).
  const never = facts.bootAt !== undefined && Math.abs(seen - facts.bootAt) < BOOT_SLACK_MS;
  // Older firmware has no poll_enabled: polling is then on (issue 13 item 4). Off by day: the inverter's setting;
  // at night it may be "poll at night" off (API.md §3.1 `poll_enabled`, §4.8).
  if (inv.poll_enabled === false)
    return out("off", facts.night === undefined ? undefined : facts.night ? "night" : "setting");
  if (inv.reachable === false) return out("lost", never ? "never" : undefined);
  if (never) return out("unread");
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
