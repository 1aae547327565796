/**
 * The device's routing (API.md §1, §2.4): one handler for every request, dispatching from the route table with
 * trailing-path matching and the read/admin auth classes, then the static files and the SPA index for everything
 * unmatched; and the answer to a request the framework could not take apart.
 */
import type { Gateway } from "../device/gateway.ts";
import { httpAllowed } from "../http/auth.ts";
import type { Routing } from "../http/fastify.ts";
import { result } from "../http/result.ts";
import { BODY_LIMIT } from "../http/fastify.ts";
import { sendSpa, sendStatic } from "../http/static.ts";
import { findRoute, type RouteDef } from "./index.ts";
import { sendJson } from "./types.ts";

export function createRouting(gw: Gateway, routes: RouteDef[]): Routing {
  const dispatch: Routing["dispatch"] = async (req, reply) => {
    const [rawPath = "/", rawQuery = ""] = req.url.split("?", 2);
    let path = rawPath;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      // keep the raw path
    }
    // The device registers its handlers for GET or POST only, so HEAD matches none of them and gets the page like any
    // other unmatched request (API.md §1: unknown path / wrong method).
    const method = req.method;
    const route = findRoute(routes, method, path);
    if (route) {
      if (!httpAllowed(route.auth, gw.config, req.headers.authorization)) {
        // Bare 401 (no body, no Content-Type, as the device's empty response); the browser challenge only without
        // X-Requested-With (API.md §2.2).
        if (req.headers["x-requested-with"] === undefined) {
          void reply.header("www-authenticate", 'Basic realm="Login Required"');
        }
        return reply.code(401).send();
      }
      const out = await route.handler({ gw, req, reply, query: new URLSearchParams(rawQuery) });
      if (!reply.sent && out !== undefined) sendJson(reply, out);
      return reply;
    }
    if (method === "GET" && (await sendStatic(gw, req, reply, path))) return reply;
    await sendSpa(gw, reply);
    return reply;
  };

  const onError: Routing["onError"] = async (err, req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    const route = findRoute(routes, req.method, path);
    if (err.code !== "FST_ERR_CTP_BODY_TOO_LARGE")
      gw.log(`HTTP ${req.method} ${path}: ${err.message ?? "error"}`);
    if (route && route.method === "POST") {
      const tooLarge = err.code === "FST_ERR_CTP_BODY_TOO_LARGE";
      // Our extensions (the alert API) name the refused field; the device's own paths answer as the device does.
      if (tooLarge && route.tooLarge) sendJson(reply, route.tooLarge(BODY_LIMIT));
      // Body the parsers could not take: the device would find no usable `data` field (or a too large one).
      else sendJson(reply, result(tooLarge ? 1003 : 1002));
      return reply;
    }
    await sendSpa(gw, reply);
    return reply;
  };

  return { dispatch, onError };
}
