/**
 * "Usual" for the weak-string rule, learned from the recorded history (history.db, read on a connection of our
 * own): each DC string's share of its group's power, per half hour of the day, and the system's usual daily peak.
 *
 * - Group: the inverter for inverters with two or more strings; all one-string inverters together otherwise.
 * - Share: for every day of the last 28 and every half hour (UTC time of day, so the sun's path is the same all
 *   year round in it), the string's mean power of the 5-minute table `agg5` divided by its group's. The usual share
 *   is the median over the days on which the group made at least 10 W per string in that half hour; it needs 3 such
 *   days. Strings facing east and west thus each get their own usual share at each time of day, and a cloudy day
 *   (all strings dimmed together) hardly moves a share at all.
 * - Peak: the median of the system's daily peaks (`daily`, the whole-system series) of the last 14 days with any
 *   production; it needs 3 such days.
 *
 * Relearned every hour. Without history (history off, a fresh database without backfill) nothing is known and the
 * weak-string rule stays silent.
 */
import Database from "libsql";
import type { Usual } from "./rules.ts";

const DAY_S = 86400;
const BUCKET_S = 1800;
const SLOT_S = 300;
export const LEARN_DAYS = 28;
export const PEAK_DAYS = 14;
export const MIN_DAYS = 3;
/** A group must make this much per string in a half hour for the share of that day to count (W). */
const MIN_GROUP_W_PER_STRING = 10;
const RELEARN_MS = 3600_000;

/** A string's power summed over the 5-minute slots of one half hour of one (UTC) day. */
export interface HalfHour {
  serial: string;
  ch: number;
  day: number;
  bucket: number;
  p: number;
}

export interface Learned {
  /** `serial:ch:bucket` → usual share. */
  shares: Map<string, number>;
  peak: number | null;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

export const bucketOf = (atMs: number): number => Math.floor(((atMs / 1000) % DAY_S) / BUCKET_S);

/** Pure part: half-hour sums of string power → usual shares. */
export function learnShares(rows: readonly HalfHour[]): Map<string, number> {
  const strings = new Map<string, number>();
  for (const r of rows) strings.set(r.serial, Math.max(strings.get(r.serial) ?? 0, r.ch + 1));
  const groupOf = (serial: string): string => ((strings.get(serial) ?? 0) >= 2 ? serial : "");
  const groupSize = new Map<string, number>();
  for (const [serial, n] of strings)
    groupSize.set(groupOf(serial), (groupSize.get(groupOf(serial)) ?? 0) + n);
  // (group, day, bucket) → power per string and the group's sum.
  const cells = new Map<string, { total: number; parts: Map<string, number> }>();
  for (const r of rows) {
    const cellKey = `${groupOf(r.serial)}|${r.day}|${r.bucket}`;
    let cell = cells.get(cellKey);
    if (!cell) cells.set(cellKey, (cell = { total: 0, parts: new Map() }));
    cell.total += r.p;
    const id = `${r.serial}:${r.ch}`;
    cell.parts.set(id, (cell.parts.get(id) ?? 0) + r.p);
  }
  const samples = new Map<string, number[]>();
  for (const [cellKey, cell] of cells) {
    const [group = "", , bucket = ""] = cellKey.split("|");
    // 6 slots of the half hour summed: the threshold is per slot.
    if (cell.total < MIN_GROUP_W_PER_STRING * (groupSize.get(group) ?? 1) * (BUCKET_S / SLOT_S)) continue;
    for (const [id, p] of cell.parts) {
      const key = `${id}:${bucket}`;
      let list = samples.get(key);
      if (!list) samples.set(key, (list = []));
      list.push(p / cell.total);
    }
  }
  const shares = new Map<string, number>();
  for (const [key, list] of samples) if (list.length >= MIN_DAYS) shares.set(key, median(list));
  return shares;
}

/** Reads history.db; any problem (no such table, locked) means nothing is known yet. */
export function learn(db: InstanceType<typeof Database>, nowMs: number): Learned {
  const since = Math.floor(nowMs / 1000 / SLOT_S) - (LEARN_DAYS * DAY_S) / SLOT_S;
  // Summed per half hour in SQL: a sixth of the rows reach JavaScript (the main thread, once an hour). Series first
  // (CROSS JOIN keeps that order): each string's last 28 days are a range of agg5's primary key (sid, slot), never a
  // scan of its two years.
  const rows = db
    .prepare(
      `SELECT s.serial AS serial, s.ch AS ch, a.slot / ${DAY_S / SLOT_S} AS day,
         (a.slot % ${DAY_S / SLOT_S}) / ${BUCKET_S / SLOT_S} AS bucket, SUM(a.sum * 0.1 / a.n) AS p
       FROM series s CROSS JOIN agg5 a ON a.sid = s.id AND a.slot >= ?
       WHERE s.serial <> '' AND s.ch >= 0 AND a.n > 0
       GROUP BY a.sid, day, bucket`,
    )
    .all(since) as HalfHour[];
  const peaks = (
    db
      .prepare(
        `SELECT d.peak AS peak FROM daily d JOIN series s ON s.id = d.sid
         WHERE s.serial = '' AND s.ch = -1 AND d.peak > 0 ORDER BY d.day DESC LIMIT ${PEAK_DAYS}`,
      )
      .all() as { peak: number }[]
  ).map((r) => r.peak);
  return { shares: learnShares(rows), peak: peaks.length >= MIN_DAYS ? median(peaks) : null };
}

export function usualFrom(learned: () => Learned): Usual {
  return {
    share: (serial, channel, atMs) => learned().shares.get(`${serial}:${channel}:${bucketOf(atMs)}`) ?? null,
    peak: () => learned().peak,
  };
}

/** Learns from `<data>/history.db` now and then every hour (on use); closes with the engine. */
export function createUsual(
  file: string,
  now: () => number,
  log: (line: string) => void,
): Usual & { close(): void } {
  let db: InstanceType<typeof Database> | null = null;
  let learned: Learned = { shares: new Map(), peak: null };
  let at = -Infinity;
  const current = (): Learned => {
    const t = now();
    if (t - at < RELEARN_MS && t >= at) return learned;
    at = t;
    try {
      db ??= new Database(file, { readonly: true, fileMustExist: true });
      learned = learn(db, t);
    } catch (err) {
      // A fresh history has no tables until the recorder's first sample: nothing to learn yet, nothing wrong.
      if (!/no such table/.test((err as Error).message))
        log(`Alerts: usual string shares not learned (${(err as Error).message})`);
      learned = { shares: new Map(), peak: null };
    }
    return learned;
  };
  return {
    ...usualFrom(current),
    close: () => db?.close(),
  };
}
