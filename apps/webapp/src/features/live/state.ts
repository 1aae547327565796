/**
 * One state per inverter, derived in one place from its live document and the data age (issue 13 item 1). Pure:
 * the caller passes the local time, so tests drive the clock.
 */
import { timing } from "@dtu/api/limits";
import type { LiveInverter } from "@dtu/api/live";
import type { NtpStatus } from "@dtu/api/settings";
import { ageAt, inverterField, type InverterEntry } from "./merge";

/**
 * producing; idle = reachable, not producing; lost = unreachable while it should answer ("not answering"); asleep =
 * unreachable while the sun is down (issue 25 item 3: micro-inverters are powered by their panels); off = polling
 * switched off (configured or at night, API.md §3.1 `poll_enabled`); unread = not read since the DTU started;
 * unknown = a configured serial no model matches (API.md §4.1: listed in /api/inverter/list only, never polled).
 */
export type InvState = "producing" | "idle" | "lost" | "asleep" | "off" | "unread" | "unknown";
/**
 * The reason, when the data tells: idle — no light on the strings, or a limit of 0 %; off — night (poll at night
 * off) or the inverter's poll setting; lost — never read since the DTU started.
 */
export type IdleWhy = "dark" | "limit0" | "night" | "setting" | "never" | undefined;

/** What the live document does not say but the states need, from the device's other read-access answers. */
export interface DeviceFacts {
  /** Local time (ms) the device started: receipt − `uptime` of /api/system/status (API.md §3.17). */
  readonly bootAt?: number | undefined;
  /**
   * The device's sun (API.md §4.8 /api/ntp/status): `rise` a local time (ms) of a sunrise, `day` the ms from rise
   * to set; null when the device has none (clock not set, no sunrise at that sunset type), undefined until asked.
   */
  readonly sun?: { readonly rise: number; readonly day: number } | null | undefined;
}

export interface InvStatus {
  state: InvState;
  why: IdleWhy;
  /** Local time (ms) the shown values are from: now − data age. */
  seen: number;
  /** Its values are not current (shown muted with "last seen"). */
  stale: boolean;
  /** Not read since the DTU started (API.md §3.1 `data_age` = uptime): its values are the device's zeros. */
  never?: boolean;
  /** Asleep: the local time (ms) the inverters wake near sunrise, for "expected back around" (its time of day counts). */
  back?: number;
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

const DAY_MS = 86_400_000;
/**
 * How far the device's sunrise and sunset may lie from the inverters' own waking and sleeping. The device's day
 * period follows its sunset type (API.md §4.8; default nautical, the sun 12° below the horizon), while a
 * micro-inverter runs only while its panels give enough voltage, around the true sunrise and sunset: in June at 51° N
 * nautical dawn is 1 h 45 min before sunrise. Within this margin of the device's sunrise an inverter not yet heard
 * that day is waking, and within it before sunset one that went quiet at low power is going to sleep.
 */
const TWILIGHT_MS = 2 * 3_600_000;
/** AC power (W) below which an inverter that goes quiet near sunset is taken as gone to sleep, not failed. */
const DUSK_W = 10;

/** Seconds of the day of an /api/ntp/status time ("Sunday, June 02 2024 04:17:00"; "--" when none, §4.8). */
function daySeconds(text: string): number | undefined {
  const m = / (\d\d):(\d\d):(\d\d)$/.exec(text);
  return m ? (Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3]) : undefined;
}

/**
 * The device's sun from /api/ntp/status received at local time `at` (ms): the times are the device's local clock,
 * placed on the browser's clock through `ntp_localtime`, so a device in another time zone still works.
 */
export function sunFacts(n: NtpStatus, at: number): DeviceFacts["sun"] {
  const now = daySeconds(n.ntp_localtime);
  const rise = daySeconds(n.sun_risetime);
  const set = daySeconds(n.sun_settime);
  if (
    !n.ntp_status ||
    !n.sun_isSunsetAvailable ||
    now === undefined ||
    rise === undefined ||
    set === undefined
  )
    return null;
  return { rise: at + (rise - now) * 1000, day: ((set - rise + 86_400) % 86_400) * 1000 };
}

/**
 * When the inverters wake (issue 34 §8): near sunrise (the sun about 1° below the horizon, as the simulated ones do),
 * not at the device's dawn, which by default is nautical (12° below, API.md §4.8), an hour or two earlier. The
 * device's nautical day length and the sun's declination on that date give the latitude, and both the sunrise:
 * within 3 minutes of astronomy-engine from 40° S to 54° N over the year (state.test.ts).
 */
export function wakeAt({ rise, day }: { rise: number; day: number }): number {
  const { PI, sin, cos, acos, atan2, hypot } = Math;
  // The declination (23.44° = 0.409 rad) on that date; half the device's day as an hour angle; sin(-1°) = -0.01745.
  const dec = -0.409 * cos(((2 * PI) / 365.24) * ((rise + day / 2) / DAY_MS + 11));
  const half = (day / DAY_MS) * PI;
  const y = sin(dec);
  const x = cos(half) * cos(dec);
  // sin(-12°) = x·cos(lat) + y·sin(lat): the latitude's root within ±90°.
  const a = atan2(y, x);
  const b = acos(-0.2079 / hypot(y, x)); // sin(-12°)
  const lat = Math.abs(a - b) < PI / 2 ? a - b : a + b;
  const woke = rise + ((half - acos((-0.01745 - sin(lat) * y) / (cos(lat) * cos(dec)))) / PI / 2) * DAY_MS;
  // No nautical dawn fits that day (another sunset type, far north in winter; NaN fails too): the device's own time.
  return woke >= rise && woke <= rise + TWILIGHT_MS ? woke : rise;
}

/** Time (ms) since the device's last sunrise. */
const sinceRise = (sun: { rise: number }, now: number) => (((now - sun.rise) % DAY_MS) + DAY_MS) % DAY_MS;

/** Whether a silent inverter sleeps for want of sun rather than fails (issue 25 item 3); see TWILIGHT_MS. */
function asleep(sun: DeviceFacts["sun"], now: number, seen: number, never: boolean, power: number): boolean {
  if (!sun) return false; // no sun data: the device's day period is then always on (API.md §4.8)
  const t = sinceRise(sun, now);
  const heardToday = !never && seen >= now - t;
  return (
    t >= sun.day ||
    (t < TWILIGHT_MS && !heardToday) ||
    (t >= sun.day - TWILIGHT_MS && heardToday && power < DUSK_W)
  );
}

export function inverterStatus(
  entry: InverterEntry | undefined,
  now: number,
  facts: DeviceFacts = {},
): InvStatus {
  if (!entry) return { state: "unknown", why: undefined, seen: 0, stale: true };
  const inv = entry.data;
  const sun = facts.sun;
  const seen = entry.receivedAt - entry.ageAtReceiptMs;
  // Values older than a few missed polls are not current even when the flags still say reachable.
  const old = ageAt(entry, now) > timing.absoluteTimeAfterS;
  // Never read since the DTU started: its data age is then the DTU's uptime (API.md §3.1 `data_age`).
  const never = facts.bootAt !== undefined && Math.abs(seen - facts.bootAt) < BOOT_SLACK_MS;
  const out = (state: InvState, why?: IdleWhy): InvStatus => ({
    state,
    why,
    seen,
    stale: old || (state !== "producing" && state !== "idle"),
    never,
    back: sun ? wakeAt(sun) : undefined,
  });
  // Older firmware has no poll_enabled: polling is then on (issue 13 item 4). Off by day: the inverter's setting;
  // at night it may be "poll at night" off (API.md §3.1 `poll_enabled`, §4.8).
  if (inv.poll_enabled === false)
    return out(
      "off",
      sun === undefined ? undefined : sun && sinceRise(sun, now) >= sun.day ? "night" : "setting",
    );
  const power = inverterField(inv, "Power")?.v ?? 0;
  if (inv.reachable === false)
    return out(asleep(sun, now, seen, never, power) ? "asleep" : "lost", never ? "never" : undefined);
  if (never) return out("unread");
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
  asleep: "secondary",
  off: "secondary",
  unread: "info",
  unknown: "dark",
};
