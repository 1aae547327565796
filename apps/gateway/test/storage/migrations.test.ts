/** The schema runner (storage/migrations.ts, sqliteFile.ts) on real SQLite files. */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { afterEach, describe, expect, it } from "vitest";
import { HISTORY_DB_MIGRATIONS } from "../../src/history/schema.ts";
import { headerVersion, migrate, schemaVersion, type Migration } from "../../src/storage/migrations.ts";
import { closeDb, NewerFile, openVersioned } from "../../src/storage/sqliteFile.ts";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const fresh = (): string => join((dir = mkdtempSync(join(tmpdir(), "dtu-migrate-"))), "x.db");
const tables = (db: InstanceType<typeof Database>): string[] =>
  (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").raw(true).all() as [
      string,
    ][]
  ).map(([n]) => n);

describe("migrations", () => {
  it("run in order from the file's version, each once", () => {
    const file = fresh();
    const ran: number[] = [];
    const steps: Migration[] = [
      (db) => (ran.push(1), db.exec("CREATE TABLE a(x)")),
      (db) => (ran.push(2), db.exec("ALTER TABLE a ADD COLUMN y")),
    ];
    let db = openVersioned(file, { migrations: steps.slice(0, 1) });
    expect(schemaVersion(db)).toBe(1);
    closeDb(db);
    db = openVersioned(file, { migrations: steps });
    expect(schemaVersion(db)).toBe(2);
    expect(migrate(db, steps)).toBe(2);
    expect(ran).toEqual([1, 2]);
    closeDb(db);
    expect(headerVersion(file)).toBe(2);
  });

  it("a failing step changes nothing: its version is not written and the next start tries it again", () => {
    const file = fresh();
    const steps: Migration[] = [
      (db) => db.exec("CREATE TABLE a(x)"),
      (db) => db.exec("CREATE TABLE b(x); INSERT INTO nowhere VALUES (1)"),
    ];
    expect(() => openVersioned(file, { migrations: steps })).toThrow(/no such table: nowhere/);
    const db = new Database(file);
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).toEqual(["a"]);
    db.close();
  });

  it("adding a table to history.db is one more function in the list (the meter's, next)", () => {
    const file = fresh();
    closeDb(openVersioned(file, { migrations: HISTORY_DB_MIGRATIONS }));
    const next: Migration = (db) => db.exec("CREATE TABLE meter5(slot INTEGER PRIMARY KEY, import_wh REAL)");
    const db = openVersioned(file, { migrations: [...HISTORY_DB_MIGRATIONS, next] });
    expect(schemaVersion(db)).toBe(HISTORY_DB_MIGRATIONS.length + 1);
    expect(tables(db)).toContain("meter5");
    closeDb(db);
  });

  it("a newer version still in the WAL (not yet in the header) is refused too, and the file kept aside", () => {
    const file = fresh();
    const writer = new Database(file);
    writer.exec("PRAGMA journal_mode = WAL; CREATE TABLE a(x); PRAGMA user_version = 7");
    // The writer stays open: its version 7 is in history.db-wal only.
    expect(headerVersion(file)).toBe(0);
    let refused: unknown;
    try {
      openVersioned(file, { migrations: [() => undefined], nowMs: Date.UTC(2026, 10, 28, 12) });
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(NewerFile);
    expect(refused).toMatchObject({ found: 7, known: 1, aside: `${file}.newer-2026-11-28T12-00-00-000Z` });
    expect(existsSync(file)).toBe(false);
    // Refused for the rest of the run: no new file in its place.
    expect(() => openVersioned(file, { migrations: [() => undefined] })).toThrow(NewerFile);
    expect(readdirSync(dir).filter((f) => f === "x.db")).toEqual([]);
    writer.close();
  });
});
