/**
 * Production history (issue 14): `openHistory` opens `<data>/history.db` and wires the store, the recorder and the
 * queries; the device port feeds it in both modes (feed.ts `recordFrom`; sim.ts, proxy.ts), routes.ts serves it.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Clock } from "../device/contracts.ts";
import type { PosixTz } from "../time/posixTz.ts";
import { createGridRecorder, type GridRecorder } from "./grid.ts";
import { createQueries, type Queries } from "./queries.ts";
import { createReads, type Reads } from "./reads.ts";
import { createRecorder, type Recorder } from "./recorder.ts";
import { HISTORY_FILE } from "../storage/dataFiles.ts";
import { closeDb } from "../storage/sqliteFile.ts";
import { createWriter, openDb, type HistoryDb, type Writer } from "./store.ts";

export interface HistoryOptions {
  dataDir: string;
  /** The device's time zone (its POSIX rule, read on every use: a settings change applies at once). */
  zone: () => PosixTz;
  clock: Clock;
  /** Days of raw samples kept (default 14). */
  rawDays?: number;
}

export interface History {
  db: HistoryDb;
  writer: Writer;
  recorder: Recorder;
  /** The household meter's import and export (issue 31 §2), fed by src/meter. */
  grid: GridRecorder;
  /** The sync queries on the writing connection (tests, backfill); the API reads through `reads`. */
  queries: Queries;
  /** The API's reads and the backup, in a worker thread with its own connection (started on first use). */
  readonly reads: Reads;
  zone: () => PosixTz;
  now: () => number;
  close(): void;
}

export { HISTORY_FILE };

export function openHistory(opts: HistoryOptions): History {
  mkdirSync(opts.dataDir, { recursive: true });
  const file = join(opts.dataDir, HISTORY_FILE);
  const db = openDb(file, opts.clock.now());
  const writer = createWriter(db);
  let reads: Reads | null = null;
  const grid = createGridRecorder({ db, writer, zone: opts.zone });
  return {
    db,
    writer,
    recorder: createRecorder({
      db,
      writer,
      zone: opts.zone,
      ...(opts.rawDays ? { rawDays: opts.rawDays } : {}),
    }),
    grid,
    queries: createQueries(db, opts.zone),
    get reads() {
      reads ??= createReads(file, opts.zone);
      return reads;
    },
    zone: opts.zone,
    now: () => opts.clock.now(),
    close: () => {
      try {
        grid.flush();
      } catch {
        // An unwritable file at close: the meter's last seconds are lost, as a failed batch's samples are.
      }
      // The reader first: the writer's close then merges the WAL into history.db (storage/sqliteFile.ts).
      reads?.close();
      closeDb(db);
    },
  };
}
