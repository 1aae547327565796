/** Day view: power curve of the total and of each inverter (or of one inverter's strings), yesterday faintly. */
import { useEffect, useMemo, useState } from "react";
import type { HistoryPower } from "@dtu/api/history";
import { getPower, powerUrl, type Host } from "./api";
import { Chart, type ChartSeries } from "./Chart";
import type { T } from "./i18n";
import { addDays, clock, dayTicks } from "./periods";
import { DataTable, Summary, useLoad } from "./parts";

const PALETTE = ["#0d6efd", "#fd7e14", "#198754", "#d63384", "#6f42c1", "#20c997", "#dc3545", "#6c757d"];
const REFRESH_MS = 60_000;

export function DayView({
  host,
  t,
  date,
  serial,
  today,
}: {
  host: Host;
  t: T;
  date: string;
  serial: string | null;
  today: string;
}) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    // Today's curve grows while the page is open.
    if (date !== today) return;
    const id = setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => clearInterval(id);
  }, [date, today]);
  const state = useLoad(
    (signal) =>
      Promise.all([
        getPower(host, powerUrl(date, serial), signal),
        getPower(host, powerUrl(addDays(date, -1), serial), signal),
      ]),
    [date, serial, tick],
  );
  const chart = useMemo(
    () => (state.data ? chartOf(state.data[0], state.data[1], t) : null),
    [state.data, t],
  );
  if (!state.data || !chart) return state.view;
  const [day] = state.data;
  const recorded = day.total.some(([, w]) => w !== null);
  // A gap is a null before the last recorded slot (later slots of today are simply still to come).
  const last = day.total.findLastIndex(([, w]) => w !== null);
  const gaps = day.total.slice(0, last).some(([, w]) => w === null);
  return (
    <>
      <Summary t={t} energyWh={day.energy_wh} peakW={day.peak_w} />
      {recorded ? (
        <figure className="mb-3" aria-label={t("chartDay", { date })}>
          <Chart {...chart} />
          {gaps && <figcaption className="small text-body-secondary">{t("gapNote")}</figcaption>}
        </figure>
      ) : (
        <p className="alert alert-info">{t("noData")}</p>
      )}
      <DataTable
        t={t}
        csv={powerUrl(date, serial, true)}
        host={host}
        head={[t("time"), `${t("total")} (W)`, ...day.series.map((s) => `${s.name} (W)`)]}
        rows={day.total.map(([ts, w], k) => [
          clock(day.utc_offsets, ts),
          w === null ? "–" : t.number(w, 1),
          ...day.series.map((s) => {
            const v = s.points[k]?.[1];
            return v === null || v === undefined ? "–" : t.number(v, 1);
          }),
        ])}
      />
    </>
  );
}

function chartOf(day: HistoryPower, yesterday: HistoryPower, t: T) {
  const x = day.total.map(([ts]) => ts);
  const series: ChartSeries[] = [{ label: t("total"), color: "#ffc107", width: 2.5 }];
  const ys: (number | null)[][] = [day.total.map(([, w]) => w)];
  day.series.forEach((s, i) => {
    series.push({ label: s.name, color: PALETTE[i % PALETTE.length] ?? "#0d6efd" });
    ys.push(s.points.map(([, w]) => w));
  });
  // Yesterday by time of day (slot index from local midnight).
  series.push({ label: t("yesterday"), color: "#adb5bd", faint: true });
  ys.push(x.map((_, k) => yesterday.total[k]?.[1] ?? null));
  return {
    kind: "line" as const,
    x,
    ys,
    series,
    ticks: dayTicks(x, day.utc_offsets),
    tickLabel: (ts: number) => clock(day.utc_offsets, ts),
    valueLabel: (v: number) => t.number(v),
    unit: "W",
  };
}
