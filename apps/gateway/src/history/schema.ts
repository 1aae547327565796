/**
 * history.db's schema, version by version (issue 30 §4; the runner is storage/migrations.ts). One file, one version:
 * the recorder's tables and the alerts' (src/alerts/store.ts) are in the same list, and whichever connection opens
 * the file first brings all of it up to date. To change the schema, append a step (README.md "Adding a migration");
 * never edit a step that was released.
 */
import type { Migration } from "../storage/migrations.ts";

/**
 * Version 1: the tables of the release before versioned files, which created them with `IF NOT EXISTS` at every
 * start. Such a file (version 0) already has some or all of them: this step adds what is missing and changes
 * nothing else, so its days, readings and alerts stay as they are (test/storage/upgrade.test.ts).
 */
const V1 = `
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS series(id INTEGER PRIMARY KEY, serial TEXT NOT NULL, ch INTEGER NOT NULL,
  name TEXT NOT NULL, UNIQUE(serial, ch));
CREATE TABLE IF NOT EXISTS raw(sid INTEGER NOT NULL, t INTEGER NOT NULL, p REAL, u REAL, i REAL, yd REAL, yt REAL,
  temp REAL, state INTEGER, lim REAL, PRIMARY KEY(sid, t)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS agg5(sid INTEGER NOT NULL, slot INTEGER NOT NULL, n INTEGER NOT NULL,
  sum INTEGER NOT NULL, min INTEGER NOT NULL, max INTEGER NOT NULL, PRIMARY KEY(sid, slot)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS daily(sid INTEGER NOT NULL, day TEXT NOT NULL, wh REAL NOT NULL, peak REAL NOT NULL,
  PRIMARY KEY(sid, day)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS up(slot INTEGER PRIMARY KEY);
CREATE TABLE IF NOT EXISTS base(sid INTEGER PRIMARY KEY, t INTEGER NOT NULL, total REAL NOT NULL, day TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS alerts(id INTEGER PRIMARY KEY, key TEXT NOT NULL, kind TEXT NOT NULL,
  severity TEXT NOT NULL, serial TEXT, name TEXT NOT NULL, channel INTEGER, title TEXT NOT NULL,
  detail TEXT NOT NULL, started INTEGER NOT NULL, cleared INTEGER, acknowledged INTEGER NOT NULL DEFAULT 0,
  deliveries TEXT NOT NULL DEFAULT '[]');
CREATE INDEX IF NOT EXISTS alerts_open ON alerts(cleared) WHERE cleared IS NULL;
CREATE INDEX IF NOT EXISTS alerts_started ON alerts(started);
CREATE INDEX IF NOT EXISTS alerts_key ON alerts(key, started);
CREATE TABLE IF NOT EXISTS alerts_meta(name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
`;

/**
 * Version 2 (issue 34 §4): each alert keeps its facts (kind-specific values such as the string's name and its share),
 * so the screens word it in the page's language. Rows from before have none (null): they show their stored words.
 */
const V2 = "ALTER TABLE alerts ADD COLUMN facts TEXT";

/**
 * Version 3 (issue 31 §2): the household meter, one per device (so one per file, no series id). Per 5-minute slot
 * (`slot` = Unix s / 300) the seconds the meter covered and the import and export energy integrated from its signed
 * power (mean power = (import − export) · 3600 / s); per local day the same energy. A slot or day without a good
 * reading has no row: a gap, never a zero. Slots are kept as long as `agg5`, days forever.
 */
const V3 = `
CREATE TABLE grid5(slot INTEGER PRIMARY KEY, s REAL NOT NULL, import_wh REAL NOT NULL, export_wh REAL NOT NULL);
CREATE TABLE grid_daily(day TEXT PRIMARY KEY, import_wh REAL NOT NULL, export_wh REAL NOT NULL) WITHOUT ROWID;
`;

/** Index i brings the file from version i to i + 1; the file's current version is the list's length. */
export const HISTORY_DB_MIGRATIONS: readonly Migration[] = [
  (db) => db.exec(V1),
  (db) => db.exec(V2),
  (db) => db.exec(V3),
];
