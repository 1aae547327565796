/**
 * Which energy the combined History asks for (issue 24 §5): the days of a month, the months of a year, or
 * the years up to this one. Calendar days as `YYYY-MM-DD` strings, as `GET /api/overview/energy` takes them.
 */
import { overviewEndpoints, type ApiPath } from "@dtu/api/endpoints";
import type { OverviewEnergy } from "@dtu/api/overview";
import { periodRange, stepPeriod } from "../../lib/calendar";

export type EnergyView = "month" | "year" | "all";

/** Years the "all" view asks for (the API allows 100; a gateway's history starts with its first run). */
export const ALL_YEARS = 20;

/** The query of a view around `day`: "all" is the last ALL_YEARS years. */
export function energyRange(
  view: EnergyView,
  day: string,
): { from: string; to: string; interval: OverviewEnergy["interval"] } {
  return periodRange(view, day, Number(day.slice(0, 4)) - ALL_YEARS + 1);
}

/** The first day of the month or year one step back (−1) or on (+1); "all" does not move. */
export function energyStep(view: EnergyView, day: string, dir: -1 | 1): string {
  return view === "year" ? `${Number(day.slice(0, 4)) + dir}-01-01` : stepPeriod(view, day, dir);
}

export const energyUrl = (view: EnergyView, day: string): ApiPath<OverviewEnergy> => {
  const { from, to, interval } = energyRange(view, day);
  return `${overviewEndpoints.energy.path}?from=${from}&to=${to}&interval=${interval}`;
};
