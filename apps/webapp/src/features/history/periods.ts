/** Calendar helpers of the History screen: periods of each view and local clock times from the API's offsets. */
import type { HistoryInterval } from "@dtu/api/history";

export type View = "day" | "month" | "year" | "all";

const iso = (d: Date): string => d.toISOString().slice(0, 10);
const utc = (day: string): Date => new Date(`${day}T00:00:00Z`);

export function addDays(day: string, n: number): string {
  const d = utc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return iso(d);
}

/** First day of the month `n` months away. */
export function addMonths(day: string, n: number): string {
  const d = utc(`${day.slice(0, 7)}-01`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return iso(d);
}

/** Query range and interval of a view around `date` (`first` = first recorded day, for "all"). */
export function rangeOf(
  view: Exclude<View, "day">,
  date: string,
  first: string,
): { from: string; to: string; interval: HistoryInterval } {
  if (view === "month")
    return { from: `${date.slice(0, 7)}-01`, to: addDays(addMonths(date, 1), -1), interval: "day" };
  if (view === "year")
    return { from: `${date.slice(0, 4)}-01-01`, to: `${date.slice(0, 4)}-12-31`, interval: "month" };
  return { from: `${first.slice(0, 4)}-01-01`, to: `${date.slice(0, 4)}-12-31`, interval: "year" };
}

/** The same place one period earlier (−1) or later (+1). */
export function step(view: View, date: string, dir: -1 | 1): string {
  if (view === "day") return addDays(date, dir);
  if (view === "month") return addMonths(date, dir);
  if (view === "year") return `${Number(date.slice(0, 4)) + dir}${date.slice(4, 7)}-01`;
  return date;
}

/** Offset (s) in force at `ts` from the API's list of [from, offset] pairs. */
export function offsetAt(offsets: [number, number][], ts: number): number {
  let off = offsets[0]?.[1] ?? 0;
  for (const [from, o] of offsets) if (ts >= from) off = o;
  return off;
}

/** `HH:MM` of the device's local time. */
export function clock(offsets: [number, number][], ts: number): string {
  return new Date((ts + offsetAt(offsets, ts)) * 1000).toISOString().slice(11, 16);
}

/** Tick positions at local 00:00, 03:00, … (the day may have 23 or 25 hours). */
export function dayTicks(xs: number[], offsets: [number, number][]): number[] {
  return xs.filter((ts) => {
    const local = (ts + offsetAt(offsets, ts)) % 86_400;
    return local % 10_800 === 0;
  });
}
