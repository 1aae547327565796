/** Where a device is and its local date, for both implementations (./contract.ts `PortPlace`). */
import { partsOf, safeParse } from "../time/clock.ts";
import type { PosixTz } from "../time/posixTz.ts";

const two = (n: number): string => String(n).padStart(2, "0");

/** The local date `YYYY-MM-DD` of an instant in a zone (the days history cuts, history/days.ts). */
export function localDay(zone: PosixTz, atMs: number): string {
  const p = partsOf(zone, atMs);
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
}

/** The zone of a POSIX rule read on every use, parsed again only when the rule changes (an unparsable one is UTC). */
export function zoneOf(rule: () => string): () => PosixTz {
  let text = "";
  let tz: PosixTz = safeParse("UTC0");
  return () => {
    const r = rule();
    if (r !== text) {
      text = r;
      tz = safeParse(r);
    }
    return tz;
  };
}

/** Minutes since local midnight of the device's `… <yyyy> <HH>:<MM>:<SS>` (API.md §3.18), null for "--". */
export function minuteOf(text: unknown): number | null {
  const m = typeof text === "string" ? / (\d{2}):(\d{2}):\d{2}$/.exec(text) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Sunrise and sunset of `/api/ntp/status` (API.md §3.18) in minutes since local midnight; null without sun data. */
export function sunTimesOf(status: Record<string, unknown>): { rise: number; set: number } | null {
  const rise = minuteOf(status.sun_risetime);
  const set = minuteOf(status.sun_settime);
  if (rise === null || set === null || status.sun_isSunsetAvailable === false) return null;
  return { rise, set };
}
