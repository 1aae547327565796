/**
 * Where alerts live: tables of their own in `<data>/history.db` (its schema: history/schema.ts), on a connection
 * this module opens (WAL lets it sit next to the recorder's), kept for a year. When the file cannot be opened or
 * written, alerts go on in memory (memoryStore.ts) and `storage` and `problem` say so in the owner's words; the file
 * is tried again every 30 s, as history's is (history/keeper.ts), and once it can be written what was gathered in
 * memory moves into it.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Alert, AlertCoded, AlertDelivery, AlertFacts } from "@dtu/api/alerts";
import { HISTORY_DB_MIGRATIONS } from "../history/schema.ts";
import { retryTimer } from "../lib/backoff.ts";
import { inWords } from "../storage/dbWords.ts";
import { closeDb, FILE_RETRY_MS, NewerFile, openVersioned } from "../storage/sqliteFile.ts";
import { inTransaction } from "../storage/transaction.ts";
import { coded } from "./codes.ts";
import type { DeliveryResult } from "./contracts.ts";
import {
  KEEP_S,
  LIST_MAX,
  memoryStore,
  withDelivery,
  type Gathered,
  type MemoryAlertStore,
} from "./memoryStore.ts";

export { KEEP_S, LIST_MAX };

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

/**
 * A row of `alerts`: the stored alert as SQLite keeps it (text enums, 0/1, deliveries and facts as JSON; facts null
 * on rows of a gateway before issue 34, history/schema.ts version 2).
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

/** The table's store, which can also take over what a memory store gathered. */
export interface SqlAlertStore extends AlertStore {
  /** Writes the gathered alerts and settings into the table in one transaction; memory id → table id of each added. */
  adopt(gathered: Gathered): Map<number, number>;
}

/** The columns of an alert as the statements bind them (`@name`). */
const columns = (a: StoredAlert) => ({
  key: a.key,
  kind: a.kind,
  severity: a.severity,
  serial: a.serial,
  name: a.name,
  channel: a.channel,
  title: a.title,
  detail: a.detail,
  started: a.started,
  facts: a.facts ? JSON.stringify(a.facts) : null,
  cleared: a.cleared,
  acknowledged: a.acknowledged ? 1 : 0,
  deliveries: JSON.stringify(a.deliveries),
});

export function openSqlStore(file: string, nowMs?: number): SqlAlertStore {
  const db = openVersioned(file, {
    migrations: HISTORY_DB_MIGRATIONS,
    ...(nowMs !== undefined ? { nowMs } : {}),
  });
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
  const setMeta = db.prepare("INSERT OR REPLACE INTO alerts_meta(name, value) VALUES (?, ?)");
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
    setMeta: (name, value) => void setMeta.run(name, value),
    prune: (now) =>
      void db.prepare("DELETE FROM alerts WHERE cleared IS NOT NULL AND cleared < ?").run(now - KEEP_S),
    adopt: (gathered) => inTransaction(db, () => adopt(db, gathered, setMeta)),
    close: () => closeDb(db),
  };
}

/** The rows of `gathered`: those from the table updated (ended, acknowledged, delivered meanwhile), new ones added. */
function adopt(
  db: ReturnType<typeof openVersioned>,
  gathered: Gathered,
  setMeta: { run(...args: unknown[]): unknown },
): Map<number, number> {
  const update = db.prepare(
    `UPDATE alerts SET cleared = coalesce(cleared, @cleared), acknowledged = max(acknowledged, @acknowledged),
     deliveries = @deliveries WHERE id = @id`,
  );
  const add = db.prepare(
    `INSERT INTO alerts(key, kind, severity, serial, name, channel, title, detail, started, facts, cleared,
     acknowledged, deliveries) VALUES (@key, @kind, @severity, @serial, @name, @channel, @title, @detail, @started,
     @facts, @cleared, @acknowledged, @deliveries)`,
  );
  const ids = new Map<number, number>();
  for (const a of gathered.alerts) {
    const state = {
      id: a.id,
      cleared: a.cleared,
      acknowledged: a.acknowledged ? 1 : 0,
      deliveries: JSON.stringify(a.deliveries),
    };
    if (gathered.fromTable.has(a.id) && update.run(state).changes > 0) continue;
    ids.set(a.id, Number(add.run(columns(a)).lastInsertRowid));
  }
  for (const [name, value] of gathered.meta) setMeta.run(name, value);
  return ids;
}

/** Why alerts are kept in memory: English words and their code. */
export interface StoreProblem {
  message: string;
  coded: AlertCoded;
}

/** The table's store with memory in its place while the file cannot be used, tried again every `retryMs`. */
export interface KeptAlertStore extends AlertStore {
  /** Tries the file again now (while in memory); true when alerts are stored in it afterwards. */
  retry(): boolean;
}

export interface KeepOptions {
  /** How often the file is tried again while alerts are in memory (default 30 s, as history's); tests call retry. */
  retryMs?: number;
  /** The time in the name of a file kept aside (default now). */
  now?: () => number;
}

/** The problem in the owner's words, naming the file, as history says its own (history/keeper.ts). */
function memoryProblem(file: string, err: unknown, during: boolean): StoreProblem {
  const reason = inWords(err);
  const what = during ? `writing to ${file} failed` : `${file} cannot be used`;
  const until =
    err instanceof NewerFile
      ? "for the rest of this run"
      : "until the file can be written again; it is tried every 30 s";
  return {
    message: `Alerts are NOT stored: ${what} (${reason}). They are kept in memory (lost at a restart) ${until}.`,
    coded: coded(during ? "db_failed" : "db_unusable", { reason }),
  };
}

/**
 * The table's store that goes on in memory when the file cannot be opened or fails during a run (disk full, file
 * removed), and back into the file once it can be written again: the alerts open at the last evaluation move along
 * into memory, so none is raised twice; what was gathered in memory moves into the table on return. An alert added
 * in memory (numbered after `MEMORY_IDS_AFTER`, so never like one of the table) gets a new id in the table: later
 * calls with its old id (a delivery ending after the move, a page not yet reloaded) are mapped to it.
 */
export function keepAlertStore(
  file: string,
  open: () => SqlAlertStore,
  log: (line: string) => void,
  opts: KeepOptions = {},
): KeptAlertStore {
  let table: SqlAlertStore | null = null;
  let memory: MemoryAlertStore | null = null;
  let lastOpen: StoredAlert[] = [];
  let moved = new Map<number, number>();
  let closed = false;
  // The file is tried again at a steady pace while alerts are in memory (lib/backoff.ts).
  const retries = retryTimer({ firstMs: opts.retryMs ?? FILE_RETRY_MS, factor: 1 }, () => void retry(), {
    unref: true,
  });

  function toMemory(err: unknown, during: boolean): MemoryAlertStore {
    const problem = memoryProblem(file, err, during);
    log(problem.message);
    const m = memoryStore(problem, during ? lastOpen : []);
    memory = m;
    retries.arm();
    return m;
  }

  function retry(): boolean {
    if (table || closed) return table !== null;
    let next: SqlAlertStore | null = null;
    try {
      next = open();
      const gathered = memory?.gathered();
      moved = gathered ? next.adopt(gathered) : new Map();
      table = next;
      memory = null;
      retries.reset();
      const kept = gathered?.alerts.length ?? 0;
      log(`Alerts: ${file} can be written again; alerts are stored in it again (${kept} kept from memory).`);
      return true;
    } catch {
      next?.close();
      retries.arm();
      return false;
    }
  }

  const guard = <T>(call: (store: AlertStore) => T): T => {
    if (table) {
      try {
        return call(table);
      } catch (err) {
        const failed = table;
        table = null;
        failed.close();
        return call(toMemory(err, true));
      }
    }
    // Without the table the memory store is there: set before the table is dropped, dropped after it is back.
    return call(memory as MemoryAlertStore);
  };
  const id = (n: number): number => moved.get(n) ?? n;

  try {
    table = open();
  } catch (err) {
    toMemory(err, false);
  }
  return {
    get storage() {
      return table ? "database" : "memory";
    },
    get problem() {
      return table ? null : (memory?.problem ?? null);
    },
    insert: (a) => guard((s) => s.insert(a)),
    clear: (n, at) => guard((s) => s.clear(id(n), at)),
    acknowledge: (n) => guard((s) => s.acknowledge(id(n))),
    open: () => (lastOpen = guard((s) => s.open())),
    list: (q) => guard((s) => s.list(q)),
    delivery: (n, result) => guard((s) => s.delivery(id(n), result)),
    seen: (key, since) => guard((s) => s.seen(key, since)),
    meta: (name) => guard((s) => s.meta(name)),
    setMeta: (name, value) => guard((s) => s.setMeta(name, value)),
    prune: (now) => guard((s) => s.prune(now)),
    retry,
    close() {
      closed = true;
      retries.stop();
      table?.close();
    },
  };
}

/** The alerts' store in `file` (history.db), or memory with the reason while it cannot be used (KeptAlertStore). */
export function openAlertStore(
  file: string,
  log: (line: string) => void,
  opts: KeepOptions = {},
): KeptAlertStore {
  const now = opts.now ?? (() => Date.now());
  return keepAlertStore(
    file,
    () => {
      // In proxy mode the alerts start before the recorder has made a fresh data folder (e.g. `<data>/NAME/` of a
      // several-device gateway); without it they would run in memory only until the folder appears.
      mkdirSync(dirname(file), { recursive: true });
      return openSqlStore(file, now());
    },
    log,
    opts,
  );
}
