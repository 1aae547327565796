/* eslint-disable max-lines-per-function -- issue 30 §7: split pending */
/**
 * Reads for the history API (issue 14 §5): the day curve from the 5-minute table, energy rows from the daily table.
 * A slot without coverage (gateway stopped, device unreachable) is null, a covered slot without a sample of that
 * series 0 W (the inverter was asleep or unreachable while the device answered).
 *
 * Cheap by design (issue 14 Benchmark, ≤ 50 ms p95): every answer is one or two prepared statements whose WHERE
 * matches a primary key (`agg5(sid, slot)`, `daily(sid, day)`, `up(slot)`), so a query reads only the rows it
 * returns, never a table scan: the day curve is one range read per wanted series in one statement, the energy rows
 * are summed per period inside SQLite (a year of months reads 365 rows per inverter and returns 12). `EXPLAIN QUERY
 * PLAN` of each statement is checked in test/history/queries.test.ts.
 */
import type {
  HistoryEnergy,
  HistoryEnergyRow,
  HistoryInfo,
  HistoryInterval,
  HistoryPoint,
  HistoryPower,
  HistorySeries,
} from "@dtu/api/history";
import { offsetAt, type PosixTz } from "../time/posixTz.ts";
import { dayBounds, dayOf } from "./days.ts";
import { INVERTER_CH, SLOT_S, TOTAL_SERIAL, type HistoryDb, type SeriesRow } from "./store.ts";

/**
 * Power as the device reports it (one decimal, API.md §3.1): the one place where a watt value leaves the history,
 * so sums and maxima of floats never show as 863.0999999999999.
 */
export const watts = (w: number): number => Math.round(w * 10) / 10;

/**
 * [slot start, offset] for the first slot and the slot where the offset changes. A local day holds at most one
 * daylight-saving change, so equal offsets at both ends mean none, and a change is found by bisection.
 */
function offsets(tz: PosixTz, from: number, to: number): [number, number][] {
  const first = offsetAt(tz, from * SLOT_S);
  const last = offsetAt(tz, (to - 1) * SLOT_S);
  if (first === last) return [[from * SLOT_S, first]];
  let [lo, hi] = [from, to - 1];
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (offsetAt(tz, mid * SLOT_S) === first) lo = mid;
    else hi = mid;
  }
  return [
    [from * SLOT_S, first],
    [hi * SLOT_S, last],
  ];
}

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
} as const;

export function createQueries(db: HistoryDb, zone: () => PosixTz) {
  const prepare = (sql: string) => db.prepare(sql);
  const st = Object.fromEntries(Object.entries(SQL).map(([k, sql]) => [k, prepare(sql)])) as Record<
    keyof typeof SQL,
    ReturnType<typeof prepare>
  >;
  const allSeries = (): SeriesRow[] => st.series.all() as SeriesRow[];
  const totalOf = (rows: SeriesRow[]): SeriesRow | undefined =>
    rows.find((s) => s.serial === TOTAL_SERIAL && s.ch === INVERTER_CH);
  const dayRow = (sid: number | undefined, day: string) =>
    sid === undefined ? undefined : (st.dayOne.get(sid, day) as { wh: number; peak: number } | undefined);

  return {
    /**
     * `nowMs`: the gateway's clock. The 5-minute slot that holds it is not finished: its mean of the samples so far
     * would show a drop at the curve's right end (issue 34 §12), so it is left out (null, like the slots after it)
     * until it is complete.
     */
    power(date: string, serial: string | null, nowMs = Infinity): HistoryPower {
      const [start, end] = dayBounds(zone(), date);
      const from = Math.floor(start / 1000 / SLOT_S);
      const to = Math.floor(end / 1000 / SLOT_S);
      // Slots read: up to the unfinished one (the day's points still cover the whole day).
      const done = Math.min(to, Math.max(from, Math.floor(nowMs / 1000 / SLOT_S)));
      const n = to - from;
      const covered = new Array<boolean>(n).fill(false);
      for (const k of JSON.parse((st.up.raw(true).get(from, done) as [string])[0]) as number[])
        covered[k] = true;
      const all = allSeries();
      const picked = all.filter(
        (s) => s.serial !== TOTAL_SERIAL && (serial === null ? s.ch === INVERTER_CH : s.serial === serial),
      );
      // Mean W per picked series and slot of the day; null where the series has no sample.
      const index = new Map(picked.map((s, i) => [s.id, i]));
      const means = picked.map(() => new Array<number | null>(n).fill(null));
      const rows = st.slots.raw(true).all(JSON.stringify([...index.keys()]), from, done) as [
        number,
        string,
      ][];
      for (const [sid, json] of rows) {
        const arr = means[index.get(sid) ?? -1];
        for (const [k = 0, w = 0] of JSON.parse(json) as number[][]) if (arr) arr[k] = w;
      }
      const base = (k: number): number | null => (covered[k] ? 0 : null);
      const series: HistorySeries[] = picked.map((s, i) => ({
        serial: s.serial,
        name: s.name,
        ...(s.ch === INVERTER_CH ? {} : { channel: s.ch }),
        points: (means[i] ?? []).map((w, k) => [(from + k) * SLOT_S, w === null ? base(k) : watts(w)]),
      }));
      // The total is the inverters' sum (a string's power is already in its inverter's).
      const inverterMeans = means.filter((_, i) => picked[i]?.ch === INVERTER_CH);
      const total = Array.from({ length: n }, (_, k): HistoryPoint => {
        let sum = base(k);
        for (const arr of inverterMeans) {
          const w = arr[k];
          if (w !== null && w !== undefined) sum = (sum ?? 0) + w;
        }
        return [(from + k) * SLOT_S, sum === null ? null : watts(sum)];
      });
      const sid =
        serial === null ? totalOf(all)?.id : all.find((s) => s.serial === serial && s.ch === INVERTER_CH)?.id;
      const day = dayRow(sid, date);
      return {
        date,
        step: 300,
        series,
        total,
        utc_offsets: offsets(zone(), from, to),
        energy_wh: day ? Math.round(day.wh) : null,
        peak_w: day ? watts(day.peak) : null,
      };
    },

    energy(from: string, to: string, interval: HistoryInterval, serial: string | null): HistoryEnergy {
      const wanted = new Map(
        allSeries()
          .filter(
            (s) =>
              s.ch === INVERTER_CH && (serial === null || s.serial === serial || s.serial === TOTAL_SERIAL),
          )
          .map((s) => [s.id, s]),
      );
      const periods = new Map<string, HistoryEnergyRow>();
      const sums = st.periods.all(JSON.stringify([...wanted.keys()]), from, to, interval) as {
        sid: number;
        period: string;
        wh: number;
        peak: number;
      }[];
      for (const d of sums) {
        const s = wanted.get(d.sid);
        if (!s) continue;
        let row = periods.get(d.period);
        if (!row) {
          row = { period: d.period, total: 0, peak_w: 0, inverters: {} };
          periods.set(d.period, row);
        }
        if (s.serial !== TOTAL_SERIAL) row.inverters[s.serial] = Math.round(d.wh);
        // The fleet's row carries the total; with `serial`, that inverter's own row does.
        if ((serial === null) === (s.serial === TOTAL_SERIAL)) {
          row.total = Math.round(d.wh);
          row.peak_w = watts(d.peak);
        }
      }
      return {
        interval,
        unit: "Wh",
        rows: [...periods.values()].sort((a, b) => (a.period < b.period ? -1 : 1)),
      };
    },

    info(nowMs: number): HistoryInfo {
      const today = dayOf(zone(), nowMs);
      const rows = allSeries();
      const total = totalOf(rows);
      const day = dayRow(total?.id, today);
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
    },
  };
}
export type Queries = ReturnType<typeof createQueries>;
