/**
 * The last reading of every inverter and string the history holds (issue 25 item 4, `GET /api/history/last`): what
 * the live view shows, labelled with its time, while the device has nothing better (an inverter asleep, or not read
 * since the DTU started: API.md §3.1, its values are then zeros). One statement: per series the newest raw sample
 * (a MAX over the primary key `raw(sid, t)`, an index search from the end) and its energy base, which outlives the
 * raw retention, so an inverter silent for longer still has its lifetime yield. A sample with a lifetime yield of 0
 * is the device's placeholder right after a start (a reachable inverter not read yet records as one), not a reading.
 */
import type { HistoryLast, HistoryLastInverter, HistoryReading } from "@dtu/api/history";
import { INVERTER_CH, TOTAL_SERIAL, type HistoryDb } from "./store.ts";

export const LAST_SQL = `SELECT s.serial, s.ch, s.name, r.t, r.p, r.u, r.i, r.yd, r.yt, r.temp, r.lim,
  b.t AS bt, b.total AS btotal
FROM series s
LEFT JOIN raw r ON r.sid = s.id AND r.t = (SELECT MAX(t) FROM raw WHERE sid = s.id AND (yt IS NULL OR yt > 0))
LEFT JOIN base b ON b.sid = s.id
WHERE s.serial <> '${TOTAL_SERIAL}'
ORDER BY s.serial, s.ch`;

interface Row {
  serial: string;
  ch: number;
  name: string;
  /** Raw sample: Unix s; null without one (pruned or never). */
  t: number | null;
  p: number | null;
  u: number | null;
  i: number | null;
  yd: number | null;
  yt: number | null;
  temp: number | null;
  lim: number | null;
  /** Energy base: Unix ms (energy.ts) and Wh. */
  bt: number | null;
  btotal: number | null;
}

function readingOf(r: Row): HistoryReading | null {
  if (r.t !== null) {
    return {
      t: r.t,
      // One decimal as the device reports power (API.md §3.1), as the other history answers.
      power_w: r.p === null ? null : Math.round(r.p * 10) / 10,
      voltage_v: r.u,
      current_a: r.i,
      yield_day_wh: r.yd,
      yield_total_wh: r.yt,
    };
  }
  if (r.bt === null || r.btotal === null) return null;
  const t = Math.floor(r.bt / 1000);
  return { t, power_w: null, voltage_v: null, current_a: null, yield_day_wh: null, yield_total_wh: r.btotal };
}

export function lastKnown(db: HistoryDb): HistoryLast {
  const inverters = new Map<string, HistoryLastInverter>();
  // Rows come inverter first (ch −1), then its strings: a string without its inverter's reading is dropped.
  for (const row of db.prepare(LAST_SQL).all() as Row[]) {
    const reading = readingOf(row);
    if (!reading) continue;
    if (row.ch === INVERTER_CH) {
      inverters.set(row.serial, {
        serial: row.serial,
        name: row.name,
        ...reading,
        temperature_c: row.t === null ? null : row.temp,
        limit_pct: row.t === null ? null : row.lim,
        strings: [],
      });
    } else inverters.get(row.serial)?.strings.push({ channel: row.ch, ...reading });
  }
  return { inverters: [...inverters.values()] };
}
