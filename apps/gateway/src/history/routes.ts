/**
 * `/api/history/*` (issue 14 §5): our extension, auth "read" like live data. Parameters are checked strictly; a bad
 * one answers 400 with `{ type: "danger", message }`, never a guess. Results are capped by HISTORY_MAX_PERIODS.
 */
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyReply } from "fastify";
import { HISTORY_MAX_PERIODS, type HistoryError, type HistoryInterval } from "@dtu/api/history";
import { historyEndpoints } from "@dtu/api/endpoints";
import type { RouteDef } from "../routes/index.ts";
import { attachment } from "../security/headers.ts";
import { dayOf, parseDay, periodCount } from "./days.ts";
import type { History } from "./index.ts";
import { ReadBusy } from "./reads.ts";

class BadParam extends Error {}

function bad(reply: FastifyReply, message: string): undefined {
  const body: HistoryError = { type: "danger", message };
  void reply.code(400).header("content-type", "application/json").send(JSON.stringify(body));
  return undefined;
}

function day(query: URLSearchParams, name: string): string {
  const text = query.get(name);
  if (text === null) throw new BadParam(`missing parameter ${name} (YYYY-MM-DD)`);
  const d = parseDay(text);
  if (!d) throw new BadParam(`${name} must be a date as YYYY-MM-DD, got "${text.slice(0, 40)}"`);
  return d;
}

function serialParam(query: URLSearchParams): string | null {
  const s = query.get("serial");
  if (s === null) return null;
  if (!/^[0-9a-fA-F]{1,16}$/.test(s)) throw new BadParam("serial must be the inverter's hex serial");
  return s.toLowerCase();
}

function format(query: URLSearchParams): "json" | "csv" {
  const f = query.get("format") ?? "json";
  if (f !== "json" && f !== "csv") throw new BadParam(`format must be json or csv, got "${f.slice(0, 20)}"`);
  return f;
}

/** JSON made by the read worker, sent as it is (a Buffer: no charset appended, as the device's answers). */
function sendJsonText(reply: FastifyReply, text: string): undefined {
  void reply.code(200).header("content-type", "application/json").send(Buffer.from(text));
  return undefined;
}

function sendCsv(reply: FastifyReply, name: string, text: string): undefined {
  void reply
    .code(200)
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", attachment(`${name}.csv`))
    .send(text);
  return undefined;
}

export interface HistoryHandler {
  name: keyof typeof historyEndpoints;
  path: string;
  auth: "read" | "admin";
  /** Resolves to the JSON answer, or undefined when it sent the reply itself (CSV, 400, 404, 503). */
  handle(query: URLSearchParams, reply: FastifyReply): Promise<unknown>;
}

/** Where the handlers find the history: null while it cannot be used, then `problem()` says why (keeper.ts). */
export interface HistorySource {
  current(): History | null;
  problem(): string | null;
}

/** No history at all (history off): the paths answer 404. */
export const NO_HISTORY: HistorySource = { current: () => null, problem: () => null };

function unavailable(reply: FastifyReply, problem: string | null): undefined {
  // 503 with the reason in words (the History screen shows the message); 404 when history is off altogether.
  const body: HistoryError = { type: "danger", message: problem ?? "no history" };
  void reply
    .code(problem ? 503 : 404)
    .header("content-type", "application/json")
    .send(JSON.stringify(body));
  return undefined;
}

export function historyHandlers(source: HistorySource): HistoryHandler[] {
  const guarded =
    (fn: (h: History, query: URLSearchParams, reply: FastifyReply) => unknown) =>
    async (query: URLSearchParams, reply: FastifyReply): Promise<unknown> => {
      const h = source.current();
      if (!h) return unavailable(reply, source.problem());
      try {
        return await fn(h, query, reply);
      } catch (err) {
        if (err instanceof BadParam) return bad(reply, err.message);
        // Too many readers or a query over its time limit (reads.ts): said in words, nothing else held up.
        if (err instanceof ReadBusy) return unavailable(reply, err.message);
        throw err;
      }
    };
  return [
    {
      name: "info",
      ...historyEndpoints.info,
      handle: guarded(async (h, _query, reply) => sendJsonText(reply, await h.reads.info(h.now()))),
    },
    {
      name: "last",
      ...historyEndpoints.last,
      handle: guarded(async (h, _query, reply) => sendJsonText(reply, await h.reads.last())),
    },
    {
      name: "power",
      ...historyEndpoints.power,
      handle: guarded(async (h, query, reply) => {
        const date = day(query, "date");
        const serial = serialParam(query);
        const fmt = format(query);
        const text = await h.reads.power(date, serial, fmt, h.now());
        return fmt === "csv" ? sendCsv(reply, `power-${date}`, text) : sendJsonText(reply, text);
      }),
    },
    {
      name: "energy",
      ...historyEndpoints.energy,
      handle: guarded(async (h, query, reply) => {
        const from = day(query, "from");
        const to = day(query, "to");
        const interval = (query.get("interval") ?? "day") as HistoryInterval;
        if (!Object.hasOwn(HISTORY_MAX_PERIODS, interval))
          throw new BadParam(`interval must be day, month or year, got "${interval.slice(0, 20)}"`);
        if (from > to) throw new BadParam("from must not be after to");
        const max = HISTORY_MAX_PERIODS[interval];
        if (periodCount(from, to, interval) > max)
          throw new BadParam(`range too large: at most ${max} ${interval}s per request`);
        const serial = serialParam(query);
        const fmt = format(query);
        const text = await h.reads.energy(from, to, interval, serial, fmt);
        return fmt === "csv"
          ? sendCsv(reply, `energy-${interval}-${from}-${to}`, text)
          : sendJsonText(reply, text);
      }),
    },
    {
      name: "backup",
      ...historyEndpoints.backup,
      handle: guarded((h, _query, reply) => sendBackup(h, reply)),
    },
  ];
}

/**
 * The backup download (issue 26): SQLite's `VACUUM INTO` in the read worker, a consistent snapshot while recording
 * goes on, written to a temporary file, sent, then removed. Named by the device's local date.
 */
async function sendBackup(h: History, reply: FastifyReply): Promise<undefined> {
  const dir = await mkdtemp(join(tmpdir(), "dtu-history-backup-"));
  const file = join(dir, "history.db");
  const cleanup = () => void rm(dir, { recursive: true, force: true });
  try {
    await h.reads.backup(file);
  } catch (err) {
    cleanup();
    throw err;
  }
  const stream = createReadStream(file);
  stream.on("close", cleanup);
  void reply
    .code(200)
    .header("content-type", "application/vnd.sqlite3")
    .header("content-disposition", attachment(`history-${dayOf(h.zone(), h.now())}.db`))
    .header("cache-control", "no-store")
    .send(stream);
  return undefined;
}

/** The simulated gateway's route table entries. */
export function historyRoutes(source: HistorySource): RouteDef[] {
  return historyHandlers(source).map((h) => ({
    name: h.name,
    method: "GET",
    path: h.path,
    auth: h.auth,
    handler: ({ query, reply }) => h.handle(query, reply),
  }));
}
