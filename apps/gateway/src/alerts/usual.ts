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
 * - Place: after a far move of the location (history/place.ts, meta `place`), only the days from the move on count
 *   (their half hours of UTC time are the new place's); until MIN_DAYS of them are learned, `learning()` says how far
 *   it got (issue 34 §6), for the screens.
 *
 * Relearned every hour. Without history (history off, a fresh database without backfill) nothing is known and the
 * weak-string rule stays silent.
 */
import { existsSync } from "node:fs";
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
const PLACE_CHECK_MS = 10_000;

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
  /** Days that taught a share (a group produced enough in one of their half hours), from `since` on. */
  days: number;
  /** The far move the shares are relearned from (ms); null: from every recorded day. */
  since: number | null;
}

/** How far the learning of the usual shares got while not done: `days` of `of`; null once learned. */
export interface Learning {
  days: number;
  of: number;
  since: number | null;
}

const nothing = (): Learned => ({ shares: new Map(), peak: null, days: 0, since: null });

export const learningOf = (l: Learned): Learning | null =>
  l.days >= MIN_DAYS && l.shares.size > 0
    ? null
    : { days: Math.min(l.days, MIN_DAYS), of: MIN_DAYS, since: l.since };

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

export const bucketOf = (atMs: number): number => Math.floor(((atMs / 1000) % DAY_S) / BUCKET_S);

/** Pure part: half-hour sums of string power → usual shares. */
export const learnShares = (rows: readonly HalfHour[]): Map<string, number> => learnFrom(rows).shares;

/** Half-hour sums of string power → usual shares, and the number of days that taught any. */
export function learnFrom(rows: readonly HalfHour[]): { shares: Map<string, number>; days: number } {
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
  const days = new Set<string>();
  for (const [cellKey, cell] of cells) {
    const [group = "", day = "", bucket = ""] = cellKey.split("|");
    // 6 slots of the half hour summed: the threshold is per slot.
    if (cell.total < MIN_GROUP_W_PER_STRING * (groupSize.get(group) ?? 1) * (BUCKET_S / SLOT_S)) continue;
    days.add(day);
    for (const [id, p] of cell.parts) {
      const key = `${id}:${bucket}`;
      let list = samples.get(key);
      if (!list) samples.set(key, (list = []));
      list.push(p / cell.total);
    }
  }
  const shares = new Map<string, number>();
  for (const [key, list] of samples) if (list.length >= MIN_DAYS) shares.set(key, median(list));
  return { shares, days: days.size };
}

/** The place the days were made at, as history/place.ts writes it (read here: alerts/ does not import history/). */
function placeText(db: InstanceType<typeof Database>): string | null {
  try {
    const row = db.prepare("SELECT value FROM meta WHERE key = 'place'").get() as
      { value: string } | undefined;
    return row?.value ?? null;
  } catch {
    return null;
  }
}

/** The far move the shares are learned from; null: every recorded day counts. */
function movedAt(db: InstanceType<typeof Database>): number | null {
  try {
    const since = (JSON.parse(placeText(db) ?? "{}") as { since?: unknown }).since;
    return typeof since === "number" ? since : null;
  } catch {
    return null;
  }
}

/** Reads history.db; any problem (no such table, locked) means nothing is known yet. */
export function learn(db: InstanceType<typeof Database>, nowMs: number): Learned {
  const moved = movedAt(db);
  const since = Math.max(
    Math.floor(nowMs / 1000 / SLOT_S) - (LEARN_DAYS * DAY_S) / SLOT_S,
    moved === null ? 0 : Math.ceil(moved / 1000 / SLOT_S),
  );
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
  return { ...learnFrom(rows), peak: peaks.length >= MIN_DAYS ? median(peaks) : null, since: moved };
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
): Usual & { learning(): Learning | null; close(): void } {
  let db: InstanceType<typeof Database> | null = null;
  let learned: Learned = nothing();
  let at = -Infinity;
  // A moved place (or a remodelled month) is learned from at once, not at the next hour: looked at every 10 s.
  let place: string | null = null;
  let placeAt = -Infinity;
  const placeChanged = (t: number): boolean => {
    if (!db || (t - placeAt < PLACE_CHECK_MS && t >= placeAt)) return false;
    placeAt = t;
    const text = placeText(db);
    const changed = text !== place;
    place = text;
    return changed;
  };
  const current = (): Learned => {
    const t = now();
    if (t - at < RELEARN_MS && t >= at && !placeChanged(t)) return learned;
    // libsql ignores `fileMustExist` and creates the file even read-only: a missing history.db (a newer one kept
    // aside, history not started yet) must stay missing, so nothing is opened until the recorder made it.
    if (!db && !existsSync(file)) return (learned = nothing());
    at = t;
    try {
      db ??= new Database(file, { readonly: true, fileMustExist: true });
      place = placeText(db);
      placeAt = t;
      learned = learn(db, t);
    } catch (err) {
      // A fresh history has no tables until the recorder's first sample: nothing to learn yet, nothing wrong.
      if (!/no such table/.test((err as Error).message))
        log(`Alerts: usual string shares not learned (${(err as Error).message})`);
      learned = nothing();
    }
    return learned;
  };
  return {
    ...usualFrom(current),
    learning: () => learningOf(current()),
    close: () => db?.close(),
  };
}
