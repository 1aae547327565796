/**
 * `fn` in one SQLite transaction. libsql's own `db.transaction` always sends ROLLBACK on an error, but SQLite has
 * already rolled back after some errors (SQLITE_FULL, SQLITE_IOERR): that ROLLBACK then fails with "no transaction is
 * active" and hides the real cause. Here ROLLBACK is sent only while a transaction is still open. `IMMEDIATE` takes
 * the write lock at once (a read inside then sees what no other writer can change before the commit).
 */
import type { SqliteDb } from "./migrations.ts";

export function inTransaction<T>(db: SqliteDb, fn: () => T, mode: "" | "IMMEDIATE" = ""): T {
  db.exec(mode ? `BEGIN ${mode}` : "BEGIN");
  try {
    const result = fn();
    db.exec("COMMIT");
    return result;
  } catch (err) {
    if (db.inTransaction) db.exec("ROLLBACK");
    throw err;
  }
}
