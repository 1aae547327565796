/** Month (daily bars), year (monthly bars) and all years (yearly bars) of energy. */
import { useMemo } from "react";
import type { HistoryEnergy } from "@dtu/api/history";
import { useApi } from "../../components/ui/useApi";
import { useI18n } from "../../lib/i18n";
import { energyUrl } from "./api";
import { Chart } from "./Chart";
import { rangeOf, type View } from "./periods";
import { DataTable, LoadState, Summary } from "./parts";

/** Every period of the range, so that days without data show as empty bars. */
function periods(from: string, to: string, interval: HistoryEnergy["interval"]): string[] {
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

export function BarsView(props: {
  view: Exclude<View, "day">;
  date: string;
  first: string;
  serial: string | null;
}) {
  const { view, date, first, serial } = props;
  const { t, number, locale } = useI18n();
  const { from, to, interval } = rangeOf(view, date, first);
  const state = useApi(energyUrl(from, to, interval, serial));
  const label = (period: string): string => {
    if (interval === "day") return String(Number(period.slice(8, 10)));
    if (interval === "month")
      return new Date(`${period}T00:00:00Z`).toLocaleString(locale, { month: "short", timeZone: "UTC" });
    return period.slice(0, 4);
  };
  const model = useMemo(() => {
    if (!state.data) return null;
    const byPeriod = new Map(state.data.rows.map((r) => [r.period, r]));
    const all = periods(from, to, interval);
    return { all, byPeriod };
  }, [state.data, from, to, interval]);
  if (!state.data || !model) return <LoadState error={state.error} retry={state.reload} />;
  const { all, byPeriod } = model;
  const x = all.map((_, i) => i);
  const total = state.data.rows.reduce((a, r) => a + r.total, 0);
  const peak = state.data.rows.reduce((a, r) => Math.max(a, r.peak_w), 0);
  return (
    <>
      <Summary
        energyWh={state.data.rows.length ? total : null}
        peakW={state.data.rows.length ? peak : null}
      />
      {state.data.rows.length === 0 ? (
        <p className="alert alert-info">{t("history.noData")}</p>
      ) : (
        <figure className="mb-3" aria-label={t("history.chartBars")}>
          <Chart
            kind="bars"
            x={x}
            ys={[all.map((p) => (byPeriod.has(p) ? (byPeriod.get(p)?.total ?? 0) / 1000 : null))]}
            series={[{ label: `${t("history.energy")} (kWh)`, color: "#0d6efd" }]}
            ticks={x.filter((i) => all.length <= 16 || i % 5 === 0)}
            tickLabel={(i) => label(all[i] ?? "")}
            // Axis ticks: 0 and whole numbers without decimals (0,5 kWh steps only on a nearly empty chart).
            valueLabel={(v) => number(v, Number.isInteger(v) ? 0 : 1)}
            unit="kWh"
          />
        </figure>
      )}
      <DataTable
        csv={energyUrl(from, to, interval, serial, true)}
        csvName={`history-${from}-${to}${serial ? `-${serial}` : ""}.csv`}
        head={[t("history.period"), `${t("history.energy")} (kWh)`, `${t("history.peak")} (W)`]}
        rows={state.data.rows.map((r) => [r.period, number(r.total / 1000, 2), number(r.peak_w)])}
      />
    </>
  );
}
