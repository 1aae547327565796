/** Day view: power curve of the total and of each inverter (or of one inverter's strings), yesterday faintly. */
import { useEffect, useMemo, useState } from "react";
import { useLoad } from "../../components/ui/useApi";
import { useI18n } from "../../lib/i18n";
import { getDayAndBefore, powerUrl } from "./api";
import { Chart } from "../../components/chart/Chart";
import { dayChart } from "./dayChart";
import { addDays } from "../../lib/calendar";
import { clock } from "./periods";
import { gridFigures, homeCurve } from "./grid";
import { DataTable, GridSummary, LoadState, Summary } from "./parts";

const REFRESH_MS = 60_000;

export function DayView({ date, serial, today }: { date: string; serial: string | null; today: string }) {
  const i18n = useI18n();
  const { t, number } = i18n;
  const [tick, setTick] = useState(0);
  useEffect(() => {
    // Today's curve grows while the page is open.
    if (date !== today) return;
    const id = setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => clearInterval(id);
  }, [date, today]);
  // The key names both requests; `tick` makes a new key (a fresh load) each minute of today.
  const key = `${powerUrl(date, serial)} ${powerUrl(addDays(date, -1), serial)} ${tick}`;
  const state = useLoad(key, getDayAndBefore);
  const chart = useMemo(
    () => (state.data ? dayChart(state.data[0], state.data[1], i18n) : null),
    [state.data, i18n],
  );
  if (!state.data || !chart) return <LoadState error={state.error} retry={state.reload} />;
  const [day] = state.data;
  const home = homeCurve(day);
  const watts = (v: number | null | undefined) => (v === null || v === undefined ? "–" : number(v, 1));
  const recorded = day.total.some(([, w]) => w !== null);
  // A gap is a null before the last recorded slot (later slots of today are simply still to come).
  const last = day.total.findLastIndex(([, w]) => w !== null);
  const gaps = day.total.slice(0, last).some(([, w]) => w === null);
  return (
    <>
      <Summary energyWh={day.energy_wh} peakW={day.peak_w} />
      <GridSummary of={gridFigures(day.energy_wh, day.import_wh ?? null, day.export_wh ?? null)} />
      {recorded ? (
        <figure className="mb-3" aria-label={t("history.chartDay", { date })}>
          <Chart {...chart} />
          {gaps && <figcaption className="small text-body-secondary">{t("history.gapNote")}</figcaption>}
        </figure>
      ) : (
        <p className="alert alert-info">{t("history.noData")}</p>
      )}
      <DataTable
        csv={powerUrl(date, serial, true)}
        csvName={`history-${date}${serial ? `-${serial}` : ""}.csv`}
        head={[
          t("history.time"),
          `${t("history.total")} (W)`,
          ...day.series.map((s) => `${s.name} (W)`),
          ...(home ? [`${t("history.grid")} (W)`, `${t("history.home")} (W)`] : []),
        ]}
        rows={day.total.map(([ts, w], k) => [
          clock(day.utc_offsets, ts),
          w === null ? "–" : number(w, 1),
          ...day.series.map((s) => watts(s.points[k]?.[1])),
          ...(home ? [watts(day.grid?.[k]?.[1]), watts(home[k])] : []),
        ])}
      />
    </>
  );
}
