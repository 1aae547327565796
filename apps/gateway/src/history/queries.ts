/**
 * Reads for the history API (issue 14 §5): the day curve from the 5-minute table, energy rows from the daily table.
 * A slot without coverage (gateway stopped, device unreachable) is null, a covered slot without a sample of that
 * series 0 W (the inverter was asleep or unreachable while the device answered).
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
import { dayBounds, dayOf, periodOf } from "./days.ts";
import { INVERTER_CH, SLOT_S, TOTAL_SERIAL, type HistoryDb, type SeriesRow } from "./store.ts";

/** [slot start, offset] for the first slot and every slot where the offset changes. */
function offsets(tz: PosixTz, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  for (let slot = from; slot < to; slot++) {
    const off = offsetAt(tz, slot * SLOT_S);
    if (out.at(-1)?.[1] !== off) out.push([slot * SLOT_S, off]);
  }
  return out;
}

export function createQueries(db: HistoryDb, zone: () => PosixTz) {
  const st = {
    series: db.prepare("SELECT id, serial, ch, name FROM series ORDER BY serial, ch"),
    slots: db.prepare(
      "SELECT slot, sum * 1.0 / n / 10 AS w FROM agg5 WHERE sid = ? AND slot >= ? AND slot < ?",
    ),
    up: db.prepare("SELECT slot FROM up WHERE slot >= ? AND slot < ?"),
    daily: db.prepare("SELECT sid, day, wh, peak FROM daily WHERE day >= ? AND day <= ?"),
    dayOne: db.prepare("SELECT wh, peak FROM daily WHERE sid = ? AND day = ?"),
    range: db.prepare("SELECT min(day) AS first, max(day) AS last FROM daily"),
  };
  const allSeries = (): SeriesRow[] => st.series.all() as SeriesRow[];
  const totalOf = (rows: SeriesRow[]): SeriesRow | undefined =>
    rows.find((s) => s.serial === TOTAL_SERIAL && s.ch === INVERTER_CH);

  function points(sid: number, from: number, to: number, covered: Set<number>): HistoryPoint[] {
    const rows = st.slots.raw(true).all(sid, from, to) as [number, number][];
    const bySlot = new Map(rows);
    const out: HistoryPoint[] = [];
    for (let slot = from; slot < to; slot++) {
      const w = bySlot.get(slot);
      out.push([slot * SLOT_S, w !== undefined ? Math.round(w * 10) / 10 : covered.has(slot) ? 0 : null]);
    }
    return out;
  }

  return {
    power(date: string, serial: string | null): HistoryPower {
      const [start, end] = dayBounds(zone(), date);
      const from = Math.floor(start / 1000 / SLOT_S);
      const to = Math.floor(end / 1000 / SLOT_S);
      const covered = new Set((st.up.raw(true).all(from, to) as [number][]).map((r) => r[0]));
      const rows = allSeries();
      const inverters = rows.filter((s) => s.serial !== TOTAL_SERIAL && s.ch === INVERTER_CH);
      const picked = rows.filter(
        (s) => s.serial !== TOTAL_SERIAL && (serial === null ? s.ch === INVERTER_CH : s.serial === serial),
      );
      const series: HistorySeries[] = picked.map((s) => ({
        serial: s.serial,
        name: s.name,
        ...(s.ch === INVERTER_CH ? {} : { channel: s.ch }),
        points: points(s.id, from, to, covered),
      }));
      const invPoints = serial === null ? series : series.filter((s) => s.channel === undefined);
      const total: HistoryPoint[] = [];
      for (let k = 0; k < to - from; k++) {
        const slot = from + k;
        let sum: number | null = covered.has(slot) ? 0 : null;
        for (const s of invPoints) {
          const w = s.points[k]?.[1];
          if (w !== null && w !== undefined) sum = (sum ?? 0) + w;
        }
        total.push([slot * SLOT_S, sum === null ? null : Math.round(sum * 10) / 10]);
      }
      const sid = serial === null ? totalOf(rows)?.id : inverters.find((s) => s.serial === serial)?.id;
      const day =
        sid === undefined
          ? undefined
          : (st.dayOne.get(sid, date) as { wh: number; peak: number } | undefined);
      return {
        date,
        step: 300,
        series,
        total,
        utc_offsets: offsets(zone(), from, to),
        energy_wh: day ? Math.round(day.wh) : null,
        peak_w: day ? day.peak : null,
      };
    },

    energy(from: string, to: string, interval: HistoryInterval, serial: string | null): HistoryEnergy {
      const rows = allSeries();
      const wanted = new Map(
        rows
          .filter(
            (s) =>
              s.ch === INVERTER_CH && (serial === null || s.serial === serial || s.serial === TOTAL_SERIAL),
          )
          .map((s) => [s.id, s]),
      );
      const periods = new Map<string, HistoryEnergyRow>();
      const daily = st.daily.all(from, to) as { sid: number; day: string; wh: number; peak: number }[];
      for (const d of daily) {
        const s = wanted.get(d.sid);
        if (!s) continue;
        const key = periodOf(d.day, interval);
        let row = periods.get(key);
        if (!row) {
          row = { period: key, total: 0, peak_w: 0, inverters: {} };
          periods.set(key, row);
        }
        if (s.serial === TOTAL_SERIAL) {
          if (serial === null) {
            row.total += d.wh;
            row.peak_w = Math.max(row.peak_w, d.peak);
          }
          continue;
        }
        row.inverters[s.serial] = Math.round((row.inverters[s.serial] ?? 0) + d.wh);
        if (serial !== null) {
          row.total += d.wh;
          row.peak_w = Math.max(row.peak_w, d.peak);
        }
      }
      const out = [...periods.values()].sort((a, b) => (a.period < b.period ? -1 : 1));
      for (const r of out) r.total = Math.round(r.total);
      return { interval, unit: "Wh", rows: out };
    },

    info(nowMs: number): HistoryInfo {
      const today = dayOf(zone(), nowMs);
      const rows = allSeries();
      const total = totalOf(rows);
      const day = total
        ? (st.dayOne.get(total.id, today) as { wh: number; peak: number } | undefined)
        : undefined;
      const range = st.range.get() as { first: string | null; last: string | null };
      return {
        first_day: range.first,
        last_day: range.last,
        today,
        today_peak_w: day ? day.peak : null,
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
