/**
 * `/api/history/*` (issue 14 §5): our extension, auth "read" like live data. Parameters are checked strictly; a bad
 * one answers 400 with `{ type: "danger", message }`, never a guess. Results are capped by HISTORY_MAX_PERIODS.
 */
import type { FastifyReply } from "fastify";
import { HISTORY_MAX_PERIODS, type HistoryError, type HistoryInterval } from "@dtu/api/history";
import { historyEndpoints } from "@dtu/api/endpoints";
import type { RouteDef } from "../routes/index.ts";
import { energyCsv, powerCsv } from "./csv.ts";
import { parseDay, periodCount } from "./days.ts";
import { lastKnown } from "./lastKnown.ts";
import type { History } from "./index.ts";

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

function sendCsv(reply: FastifyReply, name: string, text: string): undefined {
  void reply
    .code(200)
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}.csv"`)
    .send(text);
  return undefined;
}

export interface HistoryHandler {
  name: keyof typeof historyEndpoints;
  path: string;
  auth: "read";
  /** Returns the JSON answer, or undefined when it sent the reply itself (CSV, 400, 404). */
  handle(query: URLSearchParams, reply: FastifyReply): unknown;
}

/** `history()` is null when history is not recorded (then the paths answer 404). */
export function historyHandlers(history: () => History | null): HistoryHandler[] {
  const guarded =
    (fn: (h: History, query: URLSearchParams, reply: FastifyReply) => unknown) =>
    (query: URLSearchParams, reply: FastifyReply): unknown => {
      const h = history();
      if (!h) {
        void reply
          .code(404)
          .header("content-type", "application/json")
          .send('{"type":"danger","message":"no history"}');
        return undefined;
      }
      try {
        return fn(h, query, reply);
      } catch (err) {
        if (err instanceof BadParam) return bad(reply, err.message);
        throw err;
      }
    };
  return [
    { name: "info", ...historyEndpoints.info, handle: guarded((h) => h.queries.info(h.now())) },
    { name: "last", ...historyEndpoints.last, handle: guarded((h) => lastKnown(h.db)) },
    {
      name: "power",
      ...historyEndpoints.power,
      handle: guarded((h, query, reply) => {
        const date = day(query, "date");
        const serial = serialParam(query);
        const fmt = format(query);
        const result = h.queries.power(date, serial);
        return fmt === "csv" ? sendCsv(reply, `power-${date}`, powerCsv(result, h.zone())) : result;
      }),
    },
    {
      name: "energy",
      ...historyEndpoints.energy,
      handle: guarded((h, query, reply) => {
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
        const result = h.queries.energy(from, to, interval, serial);
        return fmt === "csv" ? sendCsv(reply, `energy-${interval}-${from}-${to}`, energyCsv(result)) : result;
      }),
    },
  ];
}

/** The simulated gateway's route table entries. */
export function historyRoutes(history: () => History | null): RouteDef[] {
  return historyHandlers(history).map((h) => ({
    name: h.name,
    method: "GET",
    path: h.path,
    auth: h.auth,
    handler: ({ query, reply }) => h.handle(query, reply),
  }));
}
