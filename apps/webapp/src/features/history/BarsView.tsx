/** Month (daily bars), year (monthly bars) and all years (yearly bars) of energy. */
import { EnergyBars } from "../../components/chart/EnergyBars";
import { useApi } from "../../components/ui/useApi";
import { useI18n } from "../../lib/i18n";
import { energyUrl } from "./api";
import { periodRange, type PeriodView } from "../../lib/calendar";
import { DataTable, LoadState, Summary } from "./parts";

export function BarsView(props: {
  view: Exclude<PeriodView, "day">;
  date: string;
  first: string;
  serial: string | null;
}) {
  const { view, date, first, serial } = props;
  const { t, number } = useI18n();
  const { from, to, interval } = periodRange(view, date, Number(first.slice(0, 4)));
  const state = useApi(energyUrl(from, to, interval, serial));
  if (!state.data) return <LoadState error={state.error} retry={state.reload} />;
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
        <EnergyBars
          from={from}
          to={to}
          interval={interval}
          rows={state.data.rows}
          label={t("history.energy")}
        />
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
