/**
 * The history read worker (issue 21 item 3): its own read-only connection to history.db, so the queries and the
 * backup copy run beside the event loop, never on it. Messages in: `{ id, op, args, zone }`; out: `{ id, ok, value }`
 * or `{ id, ok: false, error }`. WAL lets it read a consistent snapshot while the gateway writes.
 */
import { parentPort, workerData } from "node:worker_threads";
import Database from "libsql";
import type { PosixTz } from "../time/posixTz.ts";
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

function run(req: ReadRequest): unknown {
  zone = req.zone;
  switch (req.op) {
    case "power":
      return queries.power(...req.args);
    case "energy":
      return queries.energy(...req.args);
    case "info":
      return queries.info(...req.args);
    case "backup":
      // SQLite's own consistent copy (one read transaction), never a copy of the live file (issue 26).
      db.prepare("VACUUM INTO ?").run(req.args[0]);
      return null;
  }
}

parentPort?.on("message", (req: ReadRequest) => {
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
