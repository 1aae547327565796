/**
 * Opening and closing the gateway's SQLite files (history.db: the recorder's and the alerts' connections). Opening
 * brings the file to its schema's version (migrations.ts); a file of a newer gateway is never written: it is kept
 * aside as `<name>.newer-<time>` (keepAside.ts) and `NewerFile` thrown, and for the rest of this run every open of
 * that name throws the same, so no connection starts a new file in its place while the owner is told. The next
 * start begins a new file; the newer one stays aside for the newer gateway.
 *
 * The binding is `libsql` (history/README.md "Why libsql"). Its `close()` closes the SQLite connection only once
 * every statement prepared on it is garbage-collected, or when the process ends by itself; `closeDb` therefore first
 * merges the WAL into the database file, so the file alone holds everything even if the process is then ended hard.
 */
import { resolve } from "node:path";
import Database from "libsql";
import { keepAside } from "./keepAside.ts";
import { headerVersion, migrate, SchemaTooNew, type Migration, type SqliteDb } from "./migrations.ts";

export type { SqliteDb };

/** How often a store that cannot use its file (history.db, the alerts in it) tries it again; the words say 30 s. */
export const FILE_RETRY_MS = 30_000;

/** The file was written by a newer gateway; it is kept, untouched, as `aside`. */
export class NewerFile extends Error {
  constructor(
    readonly file: string,
    readonly found: number,
    readonly known: number,
    readonly aside: string,
  ) {
    super(
      `it was written by a newer version of the gateway (schema version ${found}; this version knows up to ` +
        `${known}); it is kept untouched as ${aside}`,
    );
  }
}

/** Files refused in this run, by absolute name. */
const refused = new Map<string, NewerFile>();

function refuse(file: string, found: number, known: number, nowMs: number): NewerFile {
  const err = new NewerFile(file, found, known, keepAside(file, "newer", nowMs));
  refused.set(resolve(file), err);
  return err;
}

export interface OpenOptions {
  /** The file's schema: its migrations in order (migrations.ts). */
  migrations: readonly Migration[];
  /** More `PRAGMA`s after the common ones (WAL journal, synchronous=NORMAL, 5 s busy timeout). */
  pragmas?: readonly string[];
  /** The time in a kept-aside file's name (default now). */
  nowMs?: number;
}

/** A connection to `file` at its schema's current version; throws `NewerFile`, or what SQLite said. */
export function openVersioned(file: string, opts: OpenOptions): SqliteDb {
  const nowMs = opts.nowMs ?? Date.now();
  const known = opts.migrations.length;
  const before = refused.get(resolve(file));
  if (before) throw before;
  // Read from the header without SQLite: setting the journal mode alone would write to a newer file.
  const found = headerVersion(file);
  if (found > known) throw refuse(file, found, known, nowMs);
  const db = new Database(file);
  try {
    // WAL: readers (the API's worker, the alerts) beside the one writer; a killed process loses at most the last
    // transactions, never the file's consistency. Other writers' short transactions are waited for.
    for (const pragma of ["journal_mode = WAL", "synchronous = NORMAL", "busy_timeout = 5000"])
      db.exec(`PRAGMA ${pragma}`);
    for (const pragma of opts.pragmas ?? []) db.exec(`PRAGMA ${pragma}`);
    migrate(db, opts.migrations);
    return db;
  } catch (err) {
    db.close();
    if (err instanceof SchemaTooNew) throw refuse(file, err.found, err.known, nowMs);
    throw err;
  }
}

/**
 * Closes a connection after merging the WAL into the database file (`wal_checkpoint(TRUNCATE)`; skipped while
 * another connection still reads, the last one to close does it). Never throws: a connection of a file that failed
 * is closed all the same.
 */
export function closeDb(db: SqliteDb): void {
  try {
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch {
    // A read-only connection, or a file that can no longer be written: nothing to merge from here.
  }
  try {
    db.close();
  } catch {
    // Already closed.
  }
}
