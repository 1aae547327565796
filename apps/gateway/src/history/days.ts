/**
 * Local days in the device's time zone (its POSIX rule, API.md §3.18): a day runs from local midnight to the next
 * local midnight, so daylight-saving days last 23 or 25 hours. Day keys are `YYYY-MM-DD` strings (they sort and
 * compare as text); day arithmetic is done on the calendar, never by adding 86 400 s.
 */
import { localToUnix, offsetAt, type PosixTz } from "../time/posixTz.ts";

const pad = (n: number, w = 2): string => String(n).padStart(w, "0");

function fromUtcDate(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** `YYYY-MM-DD` of a real calendar date (years 2000–2199), else null. */
export function parseDay(text: string | null): string | null {
  if (text === null) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2199) return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return fromUtcDate(date) === text ? text : null;
}

/** The local day containing the instant `ms`. */
export function dayOf(tz: PosixTz, ms: number): string {
  const sec = Math.floor(ms / 1000);
  return fromUtcDate(new Date((sec + offsetAt(tz, sec)) * 1000));
}

/** Calendar arithmetic on day keys. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return fromUtcDate(d);
}

/** Whole days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Instant (ms) of the local midnight starting `day`. */
export function dayStart(tz: PosixTz, day: string): number {
  return localToUnix(tz, Date.parse(`${day}T00:00:00Z`) / 1000) * 1000;
}

/** [start, end) of a local day in ms: 23, 24 or 25 hours. */
export function dayBounds(tz: PosixTz, day: string): [number, number] {
  return [dayStart(tz, day), dayStart(tz, addDays(day, 1))];
}

/** First day of the period containing `day`. */
export function periodOf(day: string, interval: "day" | "month" | "year"): string {
  if (interval === "day") return day;
  return interval === "month" ? `${day.slice(0, 7)}-01` : `${day.slice(0, 4)}-01-01`;
}

/** Number of periods from `from` to `to` inclusive. */
export function periodCount(from: string, to: string, interval: "day" | "month" | "year"): number {
  if (interval === "day") return daysBetween(from, to) + 1;
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  if (interval === "year") return years + 1;
  return years * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
}

/** ISO 8601 local time with its offset, e.g. `2026-03-29T02:05:00+02:00` (unambiguous in the repeated hour). */
export function isoLocal(tz: PosixTz, ms: number): string {
  const sec = Math.floor(ms / 1000);
  const off = offsetAt(tz, sec);
  const d = new Date((sec + off) * 1000);
  const a = Math.abs(off);
  const zone = `${off < 0 ? "-" : "+"}${pad(Math.floor(a / 3600))}:${pad(Math.floor((a % 3600) / 60))}`;
  return `${fromUtcDate(d)}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${zone}`;
}
