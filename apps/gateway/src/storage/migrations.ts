/**
 * Schema versions of the gateway's SQLite files (issue 30 §4). A file's version is SQLite's `PRAGMA user_version`
 * (0 in a file that never had one); a schema is the list of its migrations, the first bringing a file from version 0
 * to 1, the next from 1 to 2, and so on: the file's current version is the length of the list. At open, the missing
 * steps run in order, each in a transaction of its own with the new version written in it, so a step is all or
 * nothing and a crash between two steps resumes at the next start. A file whose version is above the list's length
 * was written by a newer gateway: `SchemaTooNew`, and nothing is written to it.
 */
import { closeSync, openSync, readSync } from "node:fs";
import type Database from "libsql";
import { inTransaction } from "./transaction.ts";

export type SqliteDb = InstanceType<typeof Database>;

/** One step of a schema: brings the file from the version before it to its own (runs inside a transaction). */
export type Migration = (db: SqliteDb) => void;

/** The file's version is above what this gateway knows: written by a newer one. */
export class SchemaTooNew extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(`its schema version is ${found}; this gateway knows versions up to ${known}`);
  }
}

/** The version as SQLite keeps it (a read on the connection: the WAL's newest page 1 counts). */
export function schemaVersion(db: SqliteDb): number {
  // libsql's `pragma(…, { simple: true })` answers an object, not the value: the row is read raw.
  const row = db.prepare("PRAGMA user_version").raw(true).get() as unknown[] | undefined;
  return Number(row?.[0] ?? 0);
}

/**
 * The version written in the file's own header (bytes 60–63, big-endian), read without opening a connection: a
 * newer file is refused before SQLite touches it. 0 for a missing, empty or foreign file (SQLite judges those).
 * A version still in an unmerged WAL is caught by `migrate`, which reads it through SQLite.
 */
export function headerVersion(file: string): number {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return 0;
  }
  try {
    const head = Buffer.alloc(64);
    if (readSync(fd, head, 0, 64, 0) < 64 || head.toString("latin1", 0, 16) !== "SQLite format 3\0") return 0;
    return head.readInt32BE(60);
  } catch {
    // Not a readable file (a folder in its place): SQLite says what is wrong when it opens it.
    return 0;
  } finally {
    closeSync(fd);
  }
}

/**
 * Brings the file to the schema's version; returns the version it had. Each step takes the write lock first
 * (`BEGIN IMMEDIATE`) and reads the version again inside it: two connections opening the same file at once (the
 * recorder's and the alerts') never run a step twice.
 */
export function migrate(db: SqliteDb, migrations: readonly Migration[]): number {
  const known = migrations.length;
  const first = schemaVersion(db);
  if (first > known) throw new SchemaTooNew(first, known);
  // One step per transaction, until a transaction finds nothing left to do.
  let more = true;
  while (more) {
    more = inTransaction(
      db,
      () => {
        const version = schemaVersion(db);
        if (version > known) throw new SchemaTooNew(version, known);
        const step = migrations[version];
        if (!step) return false;
        step(db);
        // A PRAGMA takes no bound parameter; `version` is an integer read from the file.
        db.exec(`PRAGMA user_version = ${version + 1}`);
        return true;
      },
      "IMMEDIATE",
    );
  }
  return first;
}
