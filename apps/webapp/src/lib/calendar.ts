/**
 * Calendar days as `YYYY-MM-DD` strings, the form the History and overview APIs take (issue 30 §6: once, for a
 * device's History and the History of all devices). Computed on UTC dates, so the browser's zone never moves a day.
 */

/** A History view: a day's curve, the days of a month, the months of a year, or the years. */
export type PeriodView = "day" | "month" | "year" | "all";

/** The bars a view of several days shows, one per `interval`. */
export type BarsInterval = "day" | "month" | "year";

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

/** Query range and bar interval of a view around `day`; "all" starts with `firstYear`. */
export function periodRange(
  view: Exclude<PeriodView, "day">,
  day: string,
  firstYear: number,
): { from: string; to: string; interval: BarsInterval } {
  const year = day.slice(0, 4);
  if (view === "month")
    return { from: `${day.slice(0, 7)}-01`, to: addDays(addMonths(day, 1), -1), interval: "day" };
  if (view === "year") return { from: `${year}-01-01`, to: `${year}-12-31`, interval: "month" };
  return { from: `${firstYear}-01-01`, to: `${year}-12-31`, interval: "year" };
}

/**
 * One period earlier (−1) or later (+1): the next day, or the first day of the month one month or one year away
 * (the month kept, so that a month view opened next shows the same month); "all" does not move.
 */
export function stepPeriod(view: PeriodView, day: string, dir: -1 | 1): string {
  if (view === "day") return addDays(day, dir);
  if (view === "month") return addMonths(day, dir);
  if (view === "year") return addMonths(day, 12 * dir);
  return day;
}
