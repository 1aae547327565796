/**
 * Where alerts live: tables of their own in `<data>/history.db`, on a connection this module opens (WAL lets it sit
 * next to the recorder's), kept for a year. When the database cannot be opened or written, alerts go on in memory
 * (lost on restart) and `storage` says so; the API passes that on.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "libsql";
import type { Alert, AlertCoded, AlertDelivery, AlertFacts } from "@dtu/api/alerts";
import { coded } from "./codes.ts";
import type { DeliveryResult } from "./contracts.ts";

/** An alert plus the identity of its condition (rules.ts `key`). */
export interface StoredAlert extends Alert {
  key: string;
}

export type NewAlert = Omit<StoredAlert, "id" | "cleared" | "acknowledged" | "deliveries">;

export interface AlertQuery {
  openOnly: boolean;
  /** Unix s: alerts that were open at some moment of [from, to). */
  from?: number;
  to?: number;
}

export interface AlertStore {
  readonly storage: "database" | "memory";
  /** Why alerts are only in memory (null when stored). */
  readonly problem: StoreProblem | null;
  insert(alert: NewAlert): StoredAlert;
  clear(id: number, at: number): void;
  /** false: no such alert. */
  acknowledge(id: number): boolean;
  open(): StoredAlert[];
  list(query: AlertQuery): StoredAlert[];
  /** Keeps the latest attempt per channel. */
  delivery(id: number, result: DeliveryResult): StoredAlert | null;
  /** An alert with this key started at or after `since` (Unix s) exists. */
  seen(key: string, since: number): boolean;
  meta(name: string): string | null;
  setMeta(name: string, value: string): void;
  /** Drops alerts that ended more than a year before `now` (Unix s). */
  prune(now: number): void;
  close(): void;
}

export const KEEP_S = 366 * 86400;
/** At most this many alerts in one answer (newest first). */
export const LIST_MAX = 1000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS alerts(id INTEGER PRIMARY KEY, key TEXT NOT NULL, kind TEXT NOT NULL,
  severity TEXT NOT NULL, serial TEXT, name TEXT NOT NULL, channel INTEGER, title TEXT NOT NULL,
  detail TEXT NOT NULL, started INTEGER NOT NULL, cleared INTEGER, acknowledged INTEGER NOT NULL DEFAULT 0,
  deliveries TEXT NOT NULL DEFAULT '[]', facts TEXT);
CREATE INDEX IF NOT EXISTS alerts_open ON alerts(cleared) WHERE cleared IS NULL;
CREATE INDEX IF NOT EXISTS alerts_started ON alerts(started);
CREATE INDEX IF NOT EXISTS alerts_key ON alerts(key, started);
CREATE TABLE IF NOT EXISTS alerts_meta(name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
`;

/**
 * A row of `alerts`: the stored alert as SQLite keeps it (text enums, 0/1, deliveries and facts as JSON; facts null
 * on rows of a gateway before issue 34).
 */
type Row = Omit<StoredAlert, "kind" | "severity" | "acknowledged" | "deliveries" | "facts"> & {
  kind: string;
  severity: string;
  acknowledged: number;
  deliveries: string;
  facts: string | null;
};

/** A JSON column; a damaged one loses only what it holds, never the alert. */
function json<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * Every field taken by name: a row object may carry more than the table's columns (libsql's `get()` adds
 * `_metadata: {duration}`, which reached webhook bodies, issue 34 §11).
 */
function fromRow(r: Row): StoredAlert {
  const facts = json<AlertFacts | null>(r.facts, null);
  return {
    id: r.id,
    key: r.key,
    kind: r.kind as StoredAlert["kind"],
    severity: r.severity as StoredAlert["severity"],
    serial: r.serial,
    name: r.name,
    channel: r.channel,
    title: r.title,
    detail: r.detail,
    ...(facts && typeof facts === "object" ? { facts } : {}),
    started: r.started,
    cleared: r.cleared,
    acknowledged: r.acknowledged !== 0,
    deliveries: json<AlertDelivery[]>(r.deliveries, []),
  };
}

/** A table made before issue 34 gains the facts column (the alert's words in the page's language). */
function addFacts(db: Database.Database): void {
  const columns = db.prepare("PRAGMA table_info(alerts)").all() as { name: string }[];
  if (!columns.some((c) => c.name === "facts")) db.exec("ALTER TABLE alerts ADD COLUMN facts TEXT");
}

function withDelivery(list: AlertDelivery[], result: DeliveryResult): AlertDelivery[] {
  return [...list.filter((d) => d.channel !== result.channel), { ...result }];
}

const overlaps = (a: StoredAlert, q: AlertQuery): boolean =>
  (!q.openOnly || a.cleared === null) &&
  (q.to === undefined || a.started < q.to) &&
  (q.from === undefined || a.cleared === null || a.cleared >= q.from);

export function openSqlStore(file: string): AlertStore {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  // The recorder writes on its own connection: wait for its short transactions instead of failing.
  db.pragma("busy_timeout = 5000");
  db.exec(SCHEMA);
  addFacts(db);
  const insert = db.prepare(
    `INSERT INTO alerts(key, kind, severity, serial, name, channel, title, detail, started, facts)
     VALUES (@key, @kind, @severity, @serial, @name, @channel, @title, @detail, @started, @facts)`,
  );
  const byId = db.prepare("SELECT * FROM alerts WHERE id = ?");
  const setDeliveries = db.prepare("UPDATE alerts SET deliveries = ? WHERE id = ?");
  const list = db.prepare(
    `SELECT * FROM alerts WHERE (@open = 0 OR cleared IS NULL) AND (@to IS NULL OR started < @to)
     AND (@from IS NULL OR cleared IS NULL OR cleared >= @from) ORDER BY started DESC, id DESC LIMIT ${LIST_MAX}`,
  );
  const get = (id: number): StoredAlert | null => {
    const row = byId.get(id) as Row | undefined;
    return row ? fromRow(row) : null;
  };
  return {
    storage: "database",
    problem: null,
    insert(a) {
      const { key, kind, severity, serial, name, channel, title, detail, started } = a;
      const facts = a.facts ? JSON.stringify(a.facts) : null;
      const info = insert.run({ key, kind, severity, serial, name, channel, title, detail, started, facts });
      return get(Number(info.lastInsertRowid)) as StoredAlert;
    },
    clear: (id, at) =>
      void db.prepare("UPDATE alerts SET cleared = ? WHERE id = ? AND cleared IS NULL").run(at, id),
    acknowledge: (id) => db.prepare("UPDATE alerts SET acknowledged = 1 WHERE id = ?").run(id).changes > 0,
    open: () =>
      (db.prepare("SELECT * FROM alerts WHERE cleared IS NULL ORDER BY id").all() as Row[]).map(fromRow),
    list: (q) =>
      (list.all({ open: q.openOnly ? 1 : 0, from: q.from ?? null, to: q.to ?? null }) as Row[]).map(fromRow),
    delivery(id, result) {
      const a = get(id);
      if (!a) return null;
      const deliveries = withDelivery(a.deliveries, result);
      setDeliveries.run(JSON.stringify(deliveries), id);
      return { ...a, deliveries };
    },
    seen: (key, since) =>
      db.prepare("SELECT 1 FROM alerts WHERE key = ? AND started >= ?").get(key, since) !== undefined,
    meta: (name) =>
      (db.prepare("SELECT value FROM alerts_meta WHERE name = ?").get(name) as { value: string } | undefined)
        ?.value ?? null,
    setMeta: (name, value) =>
      void db.prepare("INSERT OR REPLACE INTO alerts_meta(name, value) VALUES (?, ?)").run(name, value),
    prune: (now) =>
      void db.prepare("DELETE FROM alerts WHERE cleared IS NOT NULL AND cleared < ?").run(now - KEEP_S),
    close: () => db.close(),
  };
}

/** Why alerts are kept in memory: English words and their code. */
export interface StoreProblem {
  message: string;
  coded: AlertCoded;
}

/** `seed`: alerts to start from (the open ones when the database failed during a run). */
export function memoryStore(problem: StoreProblem, seed: readonly StoredAlert[] = []): AlertStore {
  const alerts: StoredAlert[] = seed.map((a) => ({ ...a }));
  const meta = new Map<string, string>();
  let next = Math.max(0, ...alerts.map((a) => a.id)) + 1;
  const find = (id: number): StoredAlert | undefined => alerts.find((a) => a.id === id);
  return {
    storage: "memory",
    problem,
    insert(a) {
      const alert: StoredAlert = { ...a, id: next++, cleared: null, acknowledged: false, deliveries: [] };
      alerts.push(alert);
      return { ...alert };
    },
    clear(id, at) {
      const a = find(id);
      if (a && a.cleared === null) a.cleared = at;
    },
    acknowledge(id) {
      const a = find(id);
      if (a) a.acknowledged = true;
      return a !== undefined;
    },
    open: () => alerts.filter((a) => a.cleared === null).map((a) => ({ ...a })),
    list: (q) =>
      alerts
        .filter((a) => overlaps(a, q))
        .sort((x, y) => y.started - x.started || y.id - x.id)
        .slice(0, LIST_MAX)
        .map((a) => ({ ...a })),
    delivery(id, result) {
      const a = find(id);
      if (!a) return null;
      a.deliveries = withDelivery(a.deliveries, result);
      return { ...a };
    },
    seen: (key, since) => alerts.some((a) => a.key === key && a.started >= since),
    meta: (name) => meta.get(name) ?? null,
    setMeta: (name, value) => void meta.set(name, value),
    prune(now) {
      for (let i = alerts.length - 1; i >= 0; i--) {
        const c = alerts[i]?.cleared;
        if (c !== null && c !== undefined && c < now - KEEP_S) alerts.splice(i, 1);
      }
    },
    close: () => undefined,
  };
}

/**
 * The database store that goes on in memory after its first failure during a run (disk full, file removed): the
 * alerts open at the last evaluation move along, so none is raised twice, and `storage`/`problem` say so.
 */
export function resilientStore(primary: AlertStore, log: (line: string) => void): AlertStore {
  let current = primary;
  let lastOpen: StoredAlert[] = [];
  const guard = <T>(call: (store: AlertStore) => T): T => {
    try {
      return call(current);
    } catch (err) {
      if (current !== primary) throw err;
      const reason = (err as Error).message;
      const message = `history database failed (${reason}): alerts are kept in memory only from now on`;
      log(`Alerts: ${message}`);
      current = memoryStore({ message, coded: coded("db_failed", { reason }) }, lastOpen);
      try {
        primary.close();
      } catch {
        // already unusable
      }
      return call(current);
    }
  };
  return {
    get storage() {
      return current.storage;
    },
    get problem() {
      return current.problem;
    },
    insert: (a) => guard((s) => s.insert(a)),
    clear: (id, at) => guard((s) => s.clear(id, at)),
    acknowledge: (id) => guard((s) => s.acknowledge(id)),
    open: () => (lastOpen = guard((s) => s.open())),
    list: (q) => guard((s) => s.list(q)),
    delivery: (id, result) => guard((s) => s.delivery(id, result)),
    seen: (key, since) => guard((s) => s.seen(key, since)),
    meta: (name) => guard((s) => s.meta(name)),
    setMeta: (name, value) => guard((s) => s.setMeta(name, value)),
    prune: (now) => guard((s) => s.prune(now)),
    close: () => current.close(),
  };
}

/** The database store (going on in memory if it fails later), or memory with the reason when it cannot be opened. */
export function openAlertStore(file: string, log: (line: string) => void): AlertStore {
  try {
    // In proxy mode the alerts start before the recorder has made a fresh data folder (e.g. `<data>/NAME/` of a
    // several-device gateway); without it they would run in memory only until the next start.
    mkdirSync(dirname(file), { recursive: true });
    return resilientStore(openSqlStore(file), log);
  } catch (err) {
    const reason = (err as Error).message;
    const message = `history database not usable (${reason}): alerts are kept in memory only`;
    log(`Alerts: ${message}`);
    return memoryStore({ message, coded: coded("db_unusable", { reason }) });
  }
}
