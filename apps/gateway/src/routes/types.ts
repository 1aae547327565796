/**
 * What every route file shares: the handler's context and type (typed by its entry of the endpoint map), and the
 * POST skeleton of API.md §3.0. The table that joins the map and the handlers is routes/index.ts.
 */
import { deviceLimits } from "@dtu/api/limits";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiResult } from "@dtu/api/codes";
import type { EndpointName, ResponseOf } from "@dtu/api/endpoints";
import type { Gateway } from "../device/gateway.ts";
import { WriteFailedError } from "../config/store.ts";
import { readDataField } from "../http/form.ts";
import { isObject, type JsonObject } from "../wire/coerce.ts";
import { result } from "../http/result.ts";

export interface RouteCtx {
  gw: Gateway;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Query parameters (the device only reads documented ones). */
  query: URLSearchParams;
}

/**
 * Returns the endpoint's JSON answer (`Res`, from the map), or undefined when the handler sent the reply itself
 * (files, text, or an answer the map does not describe such as an upload's `text/plain` OK).
 */
export type Handler<Res = unknown> = (ctx: RouteCtx) => Res | undefined | Promise<Res | undefined>;

/** One handler per endpoint name, each typed by its entry. A route file declares `satisfies Partial<Handlers>`. */
export type Handlers = { [K in EndpointName]: Handler<ResponseOf<K>> };

/** After a settings POST changed gw.config: write config.json, then let the running parts pick the change up. */
export async function saved(ctx: RouteCtx, beforeApply?: () => void): Promise<void> {
  // A failed write rejects here (WriteFailedError → 1006 in postHandler): nothing is applied.
  await ctx.gw.store.save();
  beforeApply?.();
  ctx.gw.applyConfig();
}

/** Answer with a JSON body exactly as given (key order preserved). */
export function sendJson(reply: FastifyReply, body: unknown): void {
  // A Buffer keeps the header exactly as the device sends it (a string would get "; charset=utf-8" appended).
  void reply
    .code(200)
    .header("content-type", "application/json")
    .send(Buffer.from(JSON.stringify(body)));
}

/** Nesting depth limit of the firmware's JSON parser (ArduinoJson default 10). */
const MAX_NESTING = 10;

function depth(value: unknown): number {
  if (Array.isArray(value)) return 1 + value.reduce<number>((m, v) => Math.max(m, depth(v)), 0);
  if (typeof value === "object" && value !== null) {
    return 1 + Object.values(value).reduce<number>((m, v) => Math.max(m, depth(v)), 0);
  }
  return 0;
}

export interface PostOptions {
  /** `data` size limit in characters (API.md §3.0): 1024 or 10240. */
  limit?: number;
  /** Required keys check; false → 1005. */
  required: (root: JsonObject) => boolean;
  /** config/delete answers 1003 on a parse error (API.md §3.12 quirk). */
  parseErrorCode?: number;
}

export type PostBody = (root: JsonObject, ctx: RouteCtx) => ApiResult | Promise<ApiResult>;

/**
 * A settings/command POST (API.md §3.0): the generic checks in the device's order (1002, 1003, 1004, 1005), then the
 * endpoint's own checks in `body`. Always HTTP 200 JSON.
 */
export function postHandler(options: PostOptions, body: PostBody): Handler<ApiResult> {
  const limit = options.limit ?? deviceLimits.postDataMax;
  return async (ctx) => {
    let data: string | undefined;
    try {
      data = await readDataField(ctx.req);
    } catch (err) {
      // A multipart field beyond the parser's limits is a too-large `data`; anything else means no usable field.
      const code = (err as { code?: string }).code ?? "";
      return code.includes("LIMIT") || code.includes("TOO_LARGE") ? result(1003) : result(1002);
    }
    if (data === undefined) return result(1002);
    if (Buffer.byteLength(data, "utf8") > limit) return result(1003);
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
      if (depth(parsed) > MAX_NESTING) throw new Error("too deep");
    } catch {
      if (options.parseErrorCode === 1003)
        return { type: "warning", message: "Failed to parse data!", code: 1003 };
      return result(1004);
    }
    // A JSON value that is not an object reads like an object without keys.
    const root: JsonObject = isObject(parsed) ? parsed : {};
    if (!options.required(root)) return result(1005);
    // JSON.parse reads 1e999 as Infinity; no setting can hold it, so it is a value the device could not parse
    // (issue 11: never stored as null or a default).
    if (!allFinite(parsed)) return result(1004);
    try {
      return await body(root, ctx);
    } catch (err) {
      // The save could not be written: answer like later firmware (API.md §9.8); the store has undone the change.
      if (err instanceof WriteFailedError) return result(1006);
      throw err;
    }
  };
}

function allFinite(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value === "object" && value !== null) return Object.values(value).every(allFinite);
  return true;
}

export function has(root: JsonObject, ...keys: string[]): boolean {
  return keys.every((k) => Object.prototype.hasOwnProperty.call(root, k));
}
