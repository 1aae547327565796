/** Month (daily bars), year (monthly bars) and all years (yearly bars) of energy. */
import { useMemo } from "react";
import type { HistoryEnergy } from "@dtu/api/history";
import { energyUrl, getEnergy, type Host } from "./api";
import { Chart } from "./Chart";
import type { T } from "./i18n";
import { rangeOf, type View } from "./periods";
import { DataTable, Summary, useLoad } from "./parts";

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
  host: Host;
  t: T;
  view: Exclude<View, "day">;
  date: string;
  first: string;
  serial: string | null;
}) {
  const { host, t, view, date, first, serial } = props;
  const { from, to, interval } = rangeOf(view, date, first);
  const state = useLoad(
    (signal) => getEnergy(host, energyUrl(from, to, interval, serial), signal),
    [from, to, interval, serial],
  );
  const label = (period: string): string => {
    if (interval === "day") return String(Number(period.slice(8, 10)));
    if (interval === "month")
      return new Date(`${period}T00:00:00Z`).toLocaleString(t.lang, { month: "short", timeZone: "UTC" });
    return period.slice(0, 4);
  };
  const model = useMemo(() => {
    if (!state.data) return null;
    const byPeriod = new Map(state.data.rows.map((r) => [r.period, r]));
    const all = periods(from, to, interval);
    return { all, byPeriod };
  }, [state.data, from, to, interval]);
  if (!state.data || !model) return state.view;
  const { all, byPeriod } = model;
  const x = all.map((_, i) => i);
  const total = state.data.rows.reduce((a, r) => a + r.total, 0);
  const peak = state.data.rows.reduce((a, r) => Math.max(a, r.peak_w), 0);
  return (
    <>
      <Summary
        t={t}
        energyWh={state.data.rows.length ? total : null}
        peakW={state.data.rows.length ? peak : null}
      />
      {state.data.rows.length === 0 ? (
        <p className="alert alert-info">{t("noData")}</p>
      ) : (
        <figure className="mb-3" aria-label={t("chartBars")}>
          <Chart
            kind="bars"
            x={x}
            ys={[all.map((p) => (byPeriod.has(p) ? (byPeriod.get(p)?.total ?? 0) / 1000 : null))]}
            series={[{ label: `${t("energy")} (kWh)`, color: "#0d6efd" }]}
            ticks={x.filter((i) => all.length <= 16 || i % 5 === 0)}
            tickLabel={(i) => label(all[i] ?? "")}
            valueLabel={(v) => t.number(v, v < 10 ? 1 : 0)}
            unit="kWh"
          />
        </figure>
      )}
      <DataTable
        t={t}
        host={host}
        csv={energyUrl(from, to, interval, serial, true)}
        head={[t("period"), `${t("energy")} (kWh)`, `${t("peak")} (W)`]}
        rows={state.data.rows.map((r) => [r.period, t.number(r.total / 1000, 2), t.number(r.peak_w)])}
      />
    </>
  );
}
