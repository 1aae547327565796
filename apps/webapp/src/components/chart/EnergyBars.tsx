/**
 * Energy per period as bars (kWh): the days of a month, the months of a year or the years, every period of the
 * range in its slot, so a period without data shows as an empty slot rather than closing up. Shared by a device's
 * History and the combined History of several devices (features/history, features/overview).
 */
import { useMemo } from "react";
import { useI18n } from "../../lib/i18n";
import { Chart } from "./Chart";

export type EnergyInterval = "day" | "month" | "year";

/** Every period of the range (first day of each), at most 400. */
export function periodsOf(from: string, to: string, interval: EnergyInterval): string[] {
  const out: string[] = [];
  const d = new Date(`${from}T00:00:00Z`);
  while (d.toISOString().slice(0, 10) <= to && out.length < 400) {
    out.push(d.toISOString().slice(0, 10));
    if (interval === "day") d.setUTCDate(d.getUTCDate() + 1);
    else if (interval === "month") d.setUTCMonth(d.getUTCMonth() + 1);
    else d.setUTCFullYear(d.getUTCFullYear() + 1);
  }
  return out;
}

/** One series of bars: its legend name (without the unit), colour and energy (Wh) of a row, null: no bar. */
export interface BarSeries<R> {
  label: string;
  color: string;
  value: (row: R) => number | null;
}

export interface EnergyBarsProps<R extends { period: string; total: number }> {
  from: string;
  to: string;
  interval: EnergyInterval;
  /** Energy (Wh) by period (its first day); absent periods are empty slots. */
  rows: readonly R[];
  /** The series' name in the legend, without the unit. */
  label: string;
  /** Several series side by side in each period's slot instead of the rows' `total` alone. */
  series?: readonly BarSeries<R>[];
  /** The figure's name for screen readers (default: energy per period). */
  name?: string;
}

export function EnergyBars<R extends { period: string; total: number }>({
  from,
  to,
  interval,
  rows,
  label,
  series,
  name,
}: EnergyBarsProps<R>) {
  const { t, number, locale } = useI18n();
  const props = useMemo(() => {
    const byPeriod = new Map(rows.map((r) => [r.period, r]));
    const drawn: readonly BarSeries<R>[] = series ?? [
      { label, color: "#0d6efd", value: (r: R): number | null => r.total },
    ];
    const all = periodsOf(from, to, interval);
    const x = all.map((_, i) => i);
    const tick = (period: string): string => {
      if (interval === "day") return String(Number(period.slice(8, 10)));
      if (interval === "month")
        return new Date(`${period}T00:00:00Z`).toLocaleString(locale, { month: "short", timeZone: "UTC" });
      return period.slice(0, 4);
    };
    return {
      kind: "bars" as const,
      x,
      ys: drawn.map((s) =>
        all.map((p) => {
          const row = byPeriod.get(p);
          const wh = row ? s.value(row) : null;
          return wh === null ? null : wh / 1000;
        }),
      ),
      series: drawn.map((s) => ({ label: `${s.label} (kWh)`, color: s.color })),
      ticks: x.filter((i) => all.length <= 16 || i % 5 === 0),
      tickLabel: (i: number) => tick(all[i] ?? ""),
      // Axis ticks: 0 and whole numbers without decimals (0,5 kWh steps only on a nearly empty chart).
      valueLabel: (v: number) => number(v, Number.isInteger(v) ? 0 : 1),
      unit: "kWh",
    };
  }, [from, to, interval, rows, label, series, locale, number]);
  return (
    <figure className="mb-3" aria-label={name ?? t("history.chartBars")}>
      <Chart {...props} />
    </figure>
  );
}
