/**
 * The history read worker (issue 21 item 3): its own read-only connection to history.db, so the queries and the
 * backup copy run beside the event loop, never on it. Messages in: `{ id, op, args, zone }`; out: `{ id, ok, value }`
 * (the answer's text) or `{ id, ok: false, error }`; `"close"` closes the connection and ends the thread. WAL lets it read a consistent snapshot while the gateway writes.
 */
import { parentPort, workerData } from "node:worker_threads";
import Database from "libsql";
import type { PosixTz } from "../time/posixTz.ts";
import { energyCsv, powerCsv } from "./csv.ts";
import { lastKnown } from "./lastKnown.ts";
import { createQueries } from "./queries.ts";
import type { ReadRequest } from "./reads.ts";

const { file } = workerData as { file: string };
const db = new Database(file, { readonly: true });
db.pragma("busy_timeout = 5000");
db.pragma("cache_size = -16000");
let zone: PosixTz | null = null;
const queries = createQueries(db, () => {
  if (!zone) throw new Error("no time zone");
  return zone;
});

/** The answer's text (JSON or CSV), made here too: serialising a year of rows would otherwise be the event loop's. */
function run(req: ReadRequest): string | null {
  zone = req.zone;
  switch (req.op) {
    case "power": {
      const [date, serial, format, nowMs] = req.args;
      const result = queries.power(date, serial, nowMs);
      return format === "csv" ? powerCsv(result, req.zone) : JSON.stringify(result);
    }
    case "energy": {
      const [from, to, interval, serial, format] = req.args;
      const result = queries.energy(from, to, interval, serial);
      return format === "csv" ? energyCsv(result) : JSON.stringify(result);
    }
    case "info":
      return JSON.stringify(queries.info(...req.args));
    case "last":
      return JSON.stringify(lastKnown(db));
    case "backup":
      // SQLite's own consistent copy (one read transaction), never a copy of the live file (issue 26).
      db.prepare("VACUUM INTO ?").run(req.args[0]);
      return null;
  }
}

parentPort?.on("message", (req: ReadRequest | "close") => {
  if (req === "close") {
    // A clean stop (reads.ts close): the connection goes and the thread ends by itself, so SQLite lets the last
    // connection merge the WAL into history.db and remove it.
    db.close();
    parentPort?.close();
    return;
  }
  try {
    parentPort?.postMessage({ id: req.id, ok: true, value: run(req) });
  } catch (err) {
    parentPort?.postMessage({
      id: req.id,
      ok: false,
      error: err instanceof Error ? err.message : String(err),
    });
  }
});
