/**
 * `/api/history/energy`: energy rows per day, month or year (issue 14 §5), summed per period inside SQLite; the
 * meter's import and export beside them and home use by Home Assistant's definition, production + import − export
 * (issue 31 §3). A period without a meter row has null there; so has a row of one inverter (the meter is the
 * house's, one inverter's production says nothing of the home's use).
 */
import type { HistoryEnergy, HistoryEnergyRow, HistoryInterval } from "@dtu/api/history";
import { watts } from "./dayCurve.ts";
import type { Statements } from "./queries.ts";
import { INVERTER_CH, TOTAL_SERIAL, type SeriesRow } from "./store.ts";

interface PeriodSum {
  sid: number;
  period: string;
  wh: number;
  peak: number;
}

interface GridSum {
  period: string;
  import_wh: number;
  export_wh: number;
}

const emptyRow = (period: string): HistoryEnergyRow => ({
  period,
  total: 0,
  peak_w: 0,
  inverters: {},
  import_wh: null,
  export_wh: null,
  home_wh: null,
});

/** Production rows: each inverter's energy, and the total and peak of the fleet (or of `serial`). */
function productionRows(
  st: Statements,
  from: string,
  to: string,
  interval: HistoryInterval,
  serial: string | null,
): Map<string, HistoryEnergyRow> {
  const wanted = new Map(
    (st.series.all() as SeriesRow[])
      .filter(
        (s) => s.ch === INVERTER_CH && (serial === null || s.serial === serial || s.serial === TOTAL_SERIAL),
      )
      .map((s) => [s.id, s]),
  );
  const periods = new Map<string, HistoryEnergyRow>();
  for (const d of st.periods.all(JSON.stringify([...wanted.keys()]), from, to, interval) as PeriodSum[]) {
    const s = wanted.get(d.sid);
    if (!s) continue;
    const row = periods.get(d.period) ?? emptyRow(d.period);
    periods.set(d.period, row);
    if (s.serial !== TOTAL_SERIAL) row.inverters[s.serial] = Math.round(d.wh);
    // The fleet's row carries the total; with `serial`, that inverter's own row does.
    if ((serial === null) === (s.serial === TOTAL_SERIAL)) {
      row.total = Math.round(d.wh);
      row.peak_w = watts(d.peak);
    }
  }
  return periods;
}

/** The meter's energy into the rows (a period with a meter but no production gets a row of its own). */
function addGrid(
  st: Statements,
  periods: Map<string, HistoryEnergyRow>,
  from: string,
  to: string,
  interval: HistoryInterval,
): void {
  for (const g of st.gridPeriods.all(from, to, interval) as GridSum[]) {
    const row = periods.get(g.period) ?? emptyRow(g.period);
    periods.set(g.period, row);
    row.import_wh = Math.round(g.import_wh);
    row.export_wh = Math.round(g.export_wh);
    row.home_wh = Math.max(0, Math.round(row.total + g.import_wh - g.export_wh));
  }
}

export function energyRows(
  st: Statements,
  from: string,
  to: string,
  interval: HistoryInterval,
  serial: string | null,
): HistoryEnergy {
  const periods = productionRows(st, from, to, interval, serial);
  if (serial === null) addGrid(st, periods, from, to, interval);
  return {
    interval,
    unit: "Wh",
    rows: [...periods.values()].sort((a, b) => (a.period < b.period ? -1 : 1)),
  };
}
