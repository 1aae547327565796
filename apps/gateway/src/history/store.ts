/**
 * history.db: opening it at its schema's version (schema.ts) and every write (issue 14 §2–3). One connection per gateway (the only writer), WAL journal
 * and synchronous=NORMAL: a killed process loses at most the transactions not yet in the WAL, never the file's
 * consistency. Each recorded batch is one transaction, so an energy credit and its new base are never split.
 *
 * Series: `ch` −1 is an inverter (AC), 0… a DC string, serial "" the whole fleet. Powers in the 5-minute table are
 * integer deci-watts (SQLite stores small integers in 1–3 bytes: the table stays well under the size goal).
 */
import { openVersioned, type SqliteDb } from "../storage/sqliteFile.ts";
import { inTransaction } from "../storage/transaction.ts";
import type { EnergyBase } from "./energy.ts";
import { HISTORY_DB_MIGRATIONS } from "./schema.ts";

export const TOTAL_SERIAL = "";
export const INVERTER_CH = -1;
export const SLOT_S = 300;

export interface SeriesRow {
  id: number;
  serial: string;
  ch: number;
  name: string;
}

export interface RawRow {
  p: number;
  u: number;
  i: number;
  yd: number | null;
  yt: number | null;
  temp: number | null;
  state: number | null;
  lim: number | null;
}

export type HistoryDb = SqliteDb;

/**
 * The recorder's connection, the file brought to the current schema (schema.ts); throws `NewerFile` for a file of a
 * newer gateway (kept aside, never written), or SQLite's error for a damaged or unwritable one (keeper.ts).
 */
export function openDb(file: string, nowMs?: number): HistoryDb {
  return openVersioned(file, {
    migrations: HISTORY_DB_MIGRATIONS,
    // 32 MB of page cache: a year of 5-minute rows of many series stays in memory while it is written and read.
    pragmas: ["cache_size = -32000"],
    ...(nowMs !== undefined ? { nowMs } : {}),
  });
}

/** `fn` in one transaction (storage/transaction.ts: ROLLBACK only while SQLite still has one open). */
export function transaction<A extends unknown[]>(
  db: HistoryDb,
  fn: (...args: A) => void,
): (...args: A) => void {
  return (...args) => inTransaction(db, () => fn(...args));
}

const deci = (w: number): number => Math.round(w * 10);

/** The writes, as prepared statements. */
export function createWriter(db: HistoryDb) {
  const st = {
    findSeries: db.prepare("SELECT id, name FROM series WHERE serial = ? AND ch = ?"),
    addSeries: db.prepare("INSERT INTO series(serial, ch, name) VALUES (?, ?, ?)"),
    renameSeries: db.prepare("UPDATE series SET name = ? WHERE id = ?"),
    raw: db.prepare("INSERT OR REPLACE INTO raw VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
    agg: db.prepare(`INSERT INTO agg5 VALUES (?, ?, 1, ?, ?, ?) ON CONFLICT(sid, slot) DO UPDATE SET
      n = n + 1, sum = sum + excluded.sum, min = min(min, excluded.min), max = max(max, excluded.max)`),
    aggSet: db.prepare("INSERT OR REPLACE INTO agg5 VALUES (?, ?, 1, ?, ?, ?)"),
    daily: db.prepare(`INSERT INTO daily VALUES (?, ?, ?, ?) ON CONFLICT(sid, day) DO UPDATE SET
      wh = wh + excluded.wh, peak = max(peak, excluded.peak)`),
    up: db.prepare("INSERT OR IGNORE INTO up VALUES (?)"),
    base: db.prepare("INSERT OR REPLACE INTO base VALUES (?, ?, ?, ?)"),
    setMeta: db.prepare("INSERT OR REPLACE INTO meta VALUES (?, ?)"),
    pruneRaw: db.prepare("DELETE FROM raw WHERE t < ?"),
    pruneAgg: db.prepare("DELETE FROM agg5 WHERE slot < ?"),
    pruneUp: db.prepare("DELETE FROM up WHERE slot < ?"),
    grid5: db.prepare(`INSERT INTO grid5 VALUES (?, ?, ?, ?) ON CONFLICT(slot) DO UPDATE SET
      s = s + excluded.s, import_wh = import_wh + excluded.import_wh, export_wh = export_wh + excluded.export_wh`),
    gridDaily: db.prepare(`INSERT INTO grid_daily VALUES (?, ?, ?) ON CONFLICT(day) DO UPDATE SET
      import_wh = import_wh + excluded.import_wh, export_wh = export_wh + excluded.export_wh`),
    pruneGrid: db.prepare("DELETE FROM grid5 WHERE slot < ?"),
  };
  const ids = new Map<string, { id: number; name: string }>();
  return {
    /** Id of a series, created on first sight; a renamed inverter or string keeps its history. */
    seriesId(serial: string, ch: number, name: string): number {
      const key = `${serial}/${ch}`;
      let s = ids.get(key);
      if (!s) {
        const row = st.findSeries.get(serial, ch) as { id: number; name: string } | undefined;
        s = row
          ? { id: row.id, name: row.name }
          : { id: Number(st.addSeries.run(serial, ch, name).lastInsertRowid), name };
        ids.set(key, s);
      }
      if (s.name !== name) {
        st.renameSeries.run(name, s.id);
        s.name = name;
      }
      return s.id;
    },
    raw(sid: number, tSec: number, r: RawRow): void {
      st.raw.run(sid, tSec, r.p, r.u, r.i, r.yd, r.yt, r.temp, r.state, r.lim);
    },
    /** One power sample into its 5-minute slot. */
    power(sid: number, tSec: number, w: number): void {
      const d = deci(w);
      st.agg.run(sid, Math.floor(tSec / SLOT_S), d, d, d);
    },
    /** A whole slot at once (backfill). */
    slot(sid: number, slot: number, w: number): void {
      const d = deci(w);
      st.aggSet.run(sid, slot, d, d, d);
    },
    daily(sid: number, day: string, wh: number, peakW: number): void {
      st.daily.run(sid, day, wh, peakW);
    },
    up(tSec: number): void {
      st.up.run(Math.floor(tSec / SLOT_S));
    },
    base(sid: number, b: EnergyBase): void {
      st.base.run(sid, b.t, b.totalWh, b.day);
    },
    /** Meter energy added to a 5-minute slot: `s` seconds covered, import and export Wh (schema.ts V3). */
    gridSlot(slot: number, s: number, importWh: number, exportWh: number): void {
      st.grid5.run(slot, s, importWh, exportWh);
    },
    /** Meter energy added to a local day. */
    gridDay(day: string, importWh: number, exportWh: number): void {
      st.gridDaily.run(day, importWh, exportWh);
    },
    meta(key: string, value: string): void {
      st.setMeta.run(key, value);
    },
    /** After a rolled-back transaction: series created in it are gone, so their cached ids are dropped. */
    forgetIds(): void {
      ids.clear();
    },
    /** Raw samples older than `rawFrom`, aggregates and coverage older than `aggFrom` (Unix s). */
    prune(rawFrom: number, aggFrom: number): void {
      st.pruneRaw.run(rawFrom);
      st.pruneAgg.run(Math.floor(aggFrom / SLOT_S));
      st.pruneUp.run(Math.floor(aggFrom / SLOT_S));
      st.pruneGrid.run(Math.floor(aggFrom / SLOT_S));
    },
  };
}
export type Writer = ReturnType<typeof createWriter>;

export function loadBases(db: HistoryDb): Map<number, EnergyBase> {
  const rows = db.prepare("SELECT sid, t, total, day FROM base").all() as {
    sid: number;
    t: number;
    total: number;
    day: string;
  }[];
  return new Map(rows.map((r) => [r.sid, { t: r.t, totalWh: r.total, day: r.day }]));
}

export function getMeta(db: HistoryDb, key: string): string | null {
  const row = db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined;
  return row?.value ?? null;
}
