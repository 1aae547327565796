/**
 * The alert API (issue 23 §3) for both modes: GET /api/alerts (read rule), GET/POST /api/alerts/config,
 * POST /api/alerts/ack and POST /api/alerts/test (admin). The mode supplies the auth check and the form's `data`
 * field; answers are JSON, a bad query parameter of the list a 400 with a message naming it.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { alertEndpoints, type AlertEndpointName, type AuthClass } from "@dtu/api/endpoints";
import { dayBounds, parseDay } from "../history/days.ts";
import type { AlertCode, AlertCodeParams, AlertResult } from "@dtu/api/alerts";
import { CodedError, codeFields, coded } from "./codes.ts";
import type { Alerts } from "./service.ts";
import type { AlertQuery } from "./store.ts";
import { setSecurityHeaders } from "../security/headers.ts";

export interface AlertRoute {
  name: AlertEndpointName;
  method: "GET" | "POST";
  path: string;
  auth: AuthClass;
  /** Returns the JSON answer, or undefined when it replied itself. */
  handle(ctx: AlertCtx): unknown;
}

export interface AlertCtx {
  alerts: Alerts;
  query: URLSearchParams;
  /** The POST's form field `data` (undefined when absent). */
  data: string | undefined;
  req: FastifyRequest;
  reply: FastifyReply;
}

class BadParam extends CodedError {}

function bad<C extends AlertCode>(code: C, params: AlertCodeParams[C], message: string): BadParam {
  return new BadParam(message, coded(code, params));
}

/** An error answer: the result shape `{ type, message, code, params }` with the gateway's code. */
function answer(reply: FastifyReply, status: number, error: CodedError): void {
  void reply
    .code(status)
    .header("content-type", "application/json")
    .send(JSON.stringify({ type: "danger", message: error.message, ...codeFields(error.coded) }));
}

function listQuery(alerts: Alerts, query: URLSearchParams): AlertQuery {
  const state = query.get("state") ?? "all";
  if (state !== "open" && state !== "all") {
    const value = state.slice(0, 20);
    throw bad("bad_state", { value }, `state must be open or all, got "${value}"`);
  }
  const out: AlertQuery = { openOnly: state === "open" };
  const tz = alerts.zone();
  for (const name of ["from", "to"] as const) {
    const text = query.get(name);
    if (text === null) continue;
    const day = parseDay(text);
    if (!day) {
      const value = text.slice(0, 40);
      throw bad("bad_date", { name, value }, `${name} must be a date as YYYY-MM-DD, got "${value}"`);
    }
    const [start, end] = dayBounds(tz, day);
    if (name === "from") out.from = Math.floor(start / 1000);
    else out.to = Math.floor(end / 1000);
  }
  if (out.from !== undefined && out.to !== undefined && out.from >= out.to)
    throw bad("from_after_to", {}, "from must not be after to");
  return out;
}

function stream({ alerts, req, reply }: AlertCtx): undefined {
  const hub = alerts.hub;
  if (!hub) {
    answer(reply, 404, new CodedError("no browser channel", coded("no_browser", {})));
    return undefined;
  }
  reply.hijack();
  // Hijacked: Fastify's hooks add no header any more, so the API's own are set here (issue 34 §14).
  setSecurityHeaders(reply.raw, "/api/alerts/stream");
  hub.serve(req.raw, reply.raw);
  return undefined;
}

/**
 * The answer to a POST of the alert API whose body is over the server's limit (`maxBytes`): the alert API's refusal
 * naming the field `data` with its code, not the device's numeric "Data too large!" (issue 34 §14).
 */
export function tooLargeAnswer(maxBytes: number): AlertResult {
  return {
    type: "warning",
    message: `data is larger than ${maxBytes} bytes`,
    field: "data",
    ...codeFields(coded("data_too_large", { max: maxBytes })),
  };
}

export const alertRoutes: AlertRoute[] = [
  { name: "configGet", ...alertEndpoints.configGet, handle: ({ alerts }) => alerts.view() },
  { name: "configPost", ...alertEndpoints.configPost, handle: ({ alerts, data }) => alerts.post(data) },
  { name: "ack", ...alertEndpoints.ack, handle: ({ alerts, data }) => alerts.ack(data) },
  { name: "test", ...alertEndpoints.test, handle: ({ alerts }) => alerts.test() },
  { name: "stream", ...alertEndpoints.stream, handle: stream },
  {
    name: "list",
    ...alertEndpoints.list,
    handle({ alerts: a, query, reply }) {
      try {
        return a.list(listQuery(a, query));
      } catch (err) {
        if (!(err instanceof BadParam)) throw err;
        answer(reply, 400, err);
        return undefined;
      }
    },
  },
];
