/**
 * The day view's chart (DayView.tsx): power of the total and of each inverter (or string), the meter's grid power and
 * the home use under them when the day has a meter, yesterday faintly.
 */
import type { HistoryPower } from "@dtu/api/history";
import type { ChartSeries } from "../../components/chart/Chart";
import type { I18n } from "../../lib/i18n";
import { homeCurve } from "./grid";
import { clock, dayTicks } from "./periods";

const PALETTE = ["#0d6efd", "#fd7e14", "#198754", "#d63384", "#6f42c1", "#20c997", "#dc3545", "#6c757d"];

/** The chart of `day` with `yesterday` faintly behind it, in the page's language and number style. */
export function dayChart(day: HistoryPower, yesterday: HistoryPower, { t, number }: I18n) {
  const x = day.total.map(([ts]) => ts);
  const series: ChartSeries[] = [{ label: t("history.total"), color: "#ffc107", width: 2.5 }];
  const ys: (number | null)[][] = [day.total.map(([, w]) => w)];
  day.series.forEach((s, i) => {
    series.push({ label: s.name, color: PALETTE[i % PALETTE.length] ?? "#0d6efd" });
    ys.push(s.points.map(([, w]) => w));
  });
  // The household meter (issue 31 §5), when the day has one: grid power (+ import, − export below 0) and home use.
  const home = homeCurve(day);
  if (day.grid && home) {
    series.push({ label: t("history.grid"), color: "#0dcaf0" });
    ys.push(day.grid.map(([, w]) => w));
    series.push({ label: t("history.home"), color: "#6610f2" });
    ys.push(home);
  }
  // Yesterday by time of day (slot index from local midnight).
  series.push({ label: t("history.yesterday"), color: "#adb5bd", faint: true });
  ys.push(x.map((_, k) => yesterday.total[k]?.[1] ?? null));
  return {
    kind: "line" as const,
    x,
    ys,
    series,
    ticks: dayTicks(x, day.utc_offsets),
    tickLabel: (ts: number) => clock(day.utc_offsets, ts),
    // The axis says how many decimals tell its values apart (0–1 W when nothing was produced: 0.2 W steps).
    valueLabel: (v: number, decimals = 0) => number(v, decimals),
    unit: "W",
  };
}
