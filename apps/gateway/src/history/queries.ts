/**
 * Reads for the history API (issue 14 §5): the day curve from the 5-minute tables (dayCurve.ts), energy rows from the
 * daily tables (energyRows.ts), the info here; the household meter's tables beside production (issue 31 §4).
 *
 * Cheap by design (issue 14 Benchmark, ≤ 50 ms p95): every answer is one or two prepared statements whose WHERE
 * matches a primary key (`agg5(sid, slot)`, `daily(sid, day)`, `up(slot)`), so a query reads only the rows it
 * returns, never a table scan: the day curve is one range read per wanted series in one statement, the energy rows
 * are summed per period inside SQLite (a year of months reads 365 rows per inverter and returns 12). `EXPLAIN QUERY
 * PLAN` of each statement is checked in test/history/queries.test.ts.
 */
import type { HistoryEnergy, HistoryInfo, HistoryInterval, HistoryPower } from "@dtu/api/history";
import type { PosixTz } from "../time/posixTz.ts";
import { dayCurve, watts } from "./dayCurve.ts";
import { dayOf } from "./days.ts";
import { energyRows } from "./energyRows.ts";
import { INVERTER_CH, TOTAL_SERIAL, type HistoryDb, type SeriesRow } from "./store.ts";

export { watts };

/** The statements, each reading by a primary key (see the header). Exported for the query-plan test. */
export const SQL = {
  series: "SELECT id, serial, ch, name FROM series ORDER BY serial, ch",
  /**
   * Mean power (W) of the given series' slots of one day, one row per series with `[[slot − ?2, W], …]` as JSON;
   * `?1` a JSON array of series ids. Handing over a row per slot costs several times more than reading it.
   */
  slots: `SELECT sid, json_group_array(json_array(slot - ?2, sum * 1.0 / n / 10)) FROM agg5
    WHERE sid IN (SELECT value FROM json_each(?1)) AND slot >= ?2 AND slot < ?3 GROUP BY sid`,
  /** The covered slots of one day, as a JSON array of `slot − ?1`. */
  up: "SELECT json_group_array(slot - ?1) FROM up WHERE slot >= ?1 AND slot < ?2",
  /** Energy and peak per series and period; `?1` the series ids, `?4` the interval. */
  periods: `SELECT sid,
      CASE ?4 WHEN 'year' THEN substr(day, 1, 4) || '-01-01'
              WHEN 'month' THEN substr(day, 1, 7) || '-01' ELSE day END AS period,
      sum(wh) AS wh, max(peak) AS peak
    FROM daily WHERE sid IN (SELECT value FROM json_each(?1)) AND day >= ?2 AND day <= ?3
    GROUP BY sid, period`,
  dayOne: "SELECT wh, peak FROM daily WHERE sid = ? AND day = ?",
  /** First and last day of one series (the fleet total: every recorded batch writes its day row). */
  range: "SELECT min(day) AS first, max(day) AS last FROM daily WHERE sid = ?",
  /** The meter's mean power (W, + import) of the covered slots of one day, as JSON `[[slot − ?1, W], …]`. */
  gridSlots: `SELECT json_group_array(json_array(slot - ?1, (import_wh - export_wh) * 3600.0 / s)) FROM grid5
    WHERE slot >= ?1 AND slot < ?2 AND s > 0`,
  gridDay: "SELECT import_wh, export_wh FROM grid_daily WHERE day = ?",
  /** The meter's energy per period; `?3` the interval. */
  gridPeriods: `SELECT CASE ?3 WHEN 'year' THEN substr(day, 1, 4) || '-01-01'
              WHEN 'month' THEN substr(day, 1, 7) || '-01' ELSE day END AS period,
      sum(import_wh) AS import_wh, sum(export_wh) AS export_wh
    FROM grid_daily WHERE day >= ?1 AND day <= ?2 GROUP BY period`,
} as const;

const prepare = (db: HistoryDb, sql: string) => db.prepare(sql);
/** The prepared statements, by name. */
export type Statements = Record<keyof typeof SQL, ReturnType<typeof prepare>>;

/** The day's info: first and last recorded day, today's energy and peak, the inverters and their strings. */
function historyInfo(st: Statements, zone: () => PosixTz, nowMs: number): HistoryInfo {
  const today = dayOf(zone(), nowMs);
  const rows = st.series.all() as SeriesRow[];
  const total = rows.find((s) => s.serial === TOTAL_SERIAL && s.ch === INVERTER_CH);
  const day = (total ? st.dayOne.get(total.id, today) : undefined) as
    { wh: number; peak: number } | undefined;
  const range = (total ? st.range.get(total.id) : undefined) as
    { first: string | null; last: string | null } | undefined;
  return {
    first_day: range?.first ?? null,
    last_day: range?.last ?? null,
    today,
    // Nothing produced yet today (a night, or only the placeholder zeros of inverters not read since a start):
    // no peak rather than a peak of 0 W (issue 25's rule).
    today_peak_w: day && day.peak > 0 ? watts(day.peak) : null,
    today_energy_wh: day ? Math.round(day.wh) : null,
    inverters: rows
      .filter((s) => s.serial !== TOTAL_SERIAL && s.ch === INVERTER_CH)
      .map((s) => ({
        serial: s.serial,
        name: s.name,
        strings: rows.filter((x) => x.serial === s.serial && x.ch >= 0).map((x) => x.name),
      })),
  };
}

export function createQueries(db: HistoryDb, zone: () => PosixTz) {
  const st = Object.fromEntries(Object.entries(SQL).map(([k, sql]) => [k, prepare(db, sql)])) as Statements;
  return {
    power: (date: string, serial: string | null, nowMs = Infinity): HistoryPower =>
      dayCurve(st, zone(), date, serial, nowMs),
    energy: (from: string, to: string, interval: HistoryInterval, serial: string | null): HistoryEnergy =>
      energyRows(st, from, to, interval, serial),
    info: (nowMs: number): HistoryInfo => historyInfo(st, zone, nowMs),
  };
}
export type Queries = ReturnType<typeof createQueries>;
