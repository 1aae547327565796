/**
 * Which energy the combined History asks for (issue 24 §5): the days of a month, the months of a year, or
 * the years up to this one. Calendar days as `YYYY-MM-DD` strings, as `GET /api/overview/energy` takes them.
 */
import { overviewEndpoints, type ApiPath } from "@dtu/api/endpoints";
import type { OverviewEnergy } from "@dtu/api/overview";

export type EnergyView = "month" | "year" | "all";

/** Years the "all" view asks for (the API allows 100; a gateway's history starts with its first run). */
export const ALL_YEARS = 20;

const pad = (n: number): string => String(n).padStart(2, "0");

/** Last day of the month of `day`: the day before the next month's first (UTC noon keeps the date whole). */
function monthEnd(day: string): string {
  const d = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0, 12));
  return d.toISOString().slice(0, 10);
}

/** The query of a view around `day`. */
export function energyRange(
  view: EnergyView,
  day: string,
): { from: string; to: string; interval: OverviewEnergy["interval"] } {
  const year = Number(day.slice(0, 4));
  if (view === "month") return { from: `${day.slice(0, 7)}-01`, to: monthEnd(day), interval: "day" };
  if (view === "year") return { from: `${year}-01-01`, to: `${year}-12-31`, interval: "month" };
  return { from: `${year - ALL_YEARS + 1}-01-01`, to: `${year}-12-31`, interval: "year" };
}

/** The first day of the month or year one step back (−1) or on (+1); "all" does not move. */
export function energyStep(view: EnergyView, day: string, dir: -1 | 1): string {
  const year = Number(day.slice(0, 4));
  if (view === "year") return `${year + dir}-01-01`;
  if (view === "all") return day;
  const month = Number(day.slice(5, 7)) - 1 + dir;
  const y = year + Math.floor(month / 12);
  return `${y}-${pad((((month % 12) + 12) % 12) + 1)}-01`;
}

export const energyUrl = (view: EnergyView, day: string): ApiPath<OverviewEnergy> => {
  const { from, to, interval } = energyRange(view, day);
  return `${overviewEndpoints.energy.path}?from=${from}&to=${to}&interval=${interval}`;
};
