/** Month (daily bars), year (monthly bars) and all years (yearly bars) of energy; the meter's energy beside it. */
import { useMemo } from "react";
import type { HistoryEnergyRow } from "@dtu/api/history";
import { EnergyBars, type BarSeries } from "../../components/chart/EnergyBars";
import { useApi } from "../../components/ui/useApi";
import { useI18n, type I18n } from "../../lib/i18n";
import { energyUrl } from "./api";
import { periodRange, type PeriodView } from "../../lib/calendar";
import { rowFigures, sumFigures } from "./grid";
import { DataTable, GridSummary, LoadState, Summary } from "./parts";

/** Self-consumed, exported and imported energy per period (issue 31 §3): no bar for a period without a meter. */
function gridSeries(t: I18n["t"]): BarSeries<HistoryEnergyRow>[] {
  return [
    { label: t("history.selfConsumed"), color: "#198754", value: (r) => rowFigures(r)?.selfWh ?? null },
    { label: t("history.exported"), color: "#fd7e14", value: (r) => rowFigures(r)?.exportWh ?? null },
    { label: t("history.imported"), color: "#6c757d", value: (r) => rowFigures(r)?.importWh ?? null },
  ];
}

/** The data table's meter columns of a row ("–" for a period without a meter), and their heads. */
function gridColumns({ t, number }: I18n) {
  const kwh = (wh: number | undefined) => (wh === undefined ? "–" : number(wh / 1000, 2));
  const pct = (v: number | null | undefined) => (v === null || v === undefined ? "–" : number(v));
  return {
    head: [
      `${t("history.selfConsumed")} (kWh)`,
      `${t("history.exported")} (kWh)`,
      `${t("history.imported")} (kWh)`,
      `${t("history.home")} (kWh)`,
      `${t("history.selfPct")} (%)`,
      `${t("history.autarky")} (%)`,
    ],
    row: (r: HistoryEnergyRow) => {
      const f = rowFigures(r);
      return [
        kwh(f?.selfWh),
        kwh(f?.exportWh),
        kwh(f?.importWh),
        kwh(f?.homeWh),
        pct(f?.selfPct),
        pct(f?.autarkyPct),
      ];
    },
  };
}

export function BarsView(props: {
  view: Exclude<PeriodView, "day">;
  date: string;
  first: string;
  serial: string | null;
}) {
  const { view, date, first, serial } = props;
  const i18n = useI18n();
  const { t, number } = i18n;
  const { from, to, interval } = periodRange(view, date, Number(first.slice(0, 4)));
  const state = useApi(energyUrl(from, to, interval, serial));
  const series = useMemo(() => gridSeries(t), [t]);
  if (!state.data) return <LoadState error={state.error} retry={state.reload} />;
  const rows = state.data.rows;
  const total = rows.reduce((a, r) => a + r.total, 0);
  const peak = rows.reduce((a, r) => Math.max(a, r.peak_w), 0);
  // The meter's parts only when a period of the range has one (null is "no meter", never 0).
  const grid = sumFigures(rows);
  const columns = grid ? gridColumns(i18n) : null;
  return (
    <>
      <Summary energyWh={rows.length ? total : null} peakW={rows.length ? peak : null} />
      <GridSummary of={grid} />
      {rows.length === 0 ? (
        <p className="alert alert-info">{t("history.noData")}</p>
      ) : (
        <>
          <EnergyBars from={from} to={to} interval={interval} rows={rows} label={t("history.energy")} />
          {grid && (
            <EnergyBars
              from={from}
              to={to}
              interval={interval}
              rows={rows}
              label={t("history.energy")}
              series={series}
              name={t("history.chartGrid")}
            />
          )}
        </>
      )}
      <DataTable
        csv={energyUrl(from, to, interval, serial, true)}
        csvName={`history-${from}-${to}${serial ? `-${serial}` : ""}.csv`}
        head={[
          t("history.period"),
          `${t("history.energy")} (kWh)`,
          `${t("history.peak")} (W)`,
          ...(columns?.head ?? []),
        ]}
        rows={rows.map((r) => [
          r.period,
          number(r.total / 1000, 2),
          number(r.peak_w),
          ...(columns?.row(r) ?? []),
        ])}
      />
    </>
  );
}
