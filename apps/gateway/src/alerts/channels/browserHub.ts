/**
 * The browser channel's hub: pages of the app that are open hold a Server-Sent-Events stream
 * (`GET /api/alerts/stream`, read access like live data) and get every alert message the moment it is sent. The
 * frame format is `AlertStreamMessage` in packages/api/src/alerts.ts; README.md of this folder shows it.
 *
 * Fastify-agnostic: the route checks access, then hands the raw request and response over
 * (`reply.hijack(); hub.serve(request.raw, reply.raw)`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AlertStreamMessage } from "@dtu/api/alerts";
import { addressKey } from "../../security/throttle.ts";
import { realTimers, type Timers } from "./types.ts";

/** A comment line keeps idle connections (and proxies in between) from timing out. */
export const HEARTBEAT_MS = 25_000;
/** What the browser waits before reconnecting after the stream dropped (the SSE `retry` field). */
export const RECONNECT_MS = 5_000;
/**
 * Streams one address may hold, as the device keeps at most 8 clients per socket (API.md §3.2); a ninth closes that
 * address's oldest, so one client cannot hold thousands open and a page reopened always gets through (issue 34 §14).
 */
export const MAX_STREAMS_PER_ADDRESS = 8;

export interface BrowserHub {
  /** Serves one page's stream until the page goes away or the hub closes. The caller has checked access. */
  serve(req: IncomingMessage, res: ServerResponse): void;
  /** Sends to every open page; returns how many pages it reached (0: none open). */
  publish(message: AlertStreamMessage): number;
  /** Pages currently connected. */
  readonly pages: number;
  /** Ends every stream (shutdown). */
  close(): void;
}

export function createBrowserHub(
  opts: { timers?: Timers; heartbeatMs?: number; perAddress?: number } = {},
): BrowserHub {
  const timers = opts.timers ?? realTimers;
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const perAddress = opts.perAddress ?? MAX_STREAMS_PER_ADDRESS;
  const pages = new Set<ServerResponse>();
  /** The open streams of each address (security/throttle.ts `addressKey`: an IPv6 /64 is one), oldest first. */
  const byAddress = new Map<string, ServerResponse[]>();
  let heartbeat: unknown = null;

  const write = (res: ServerResponse, frame: string): boolean => {
    if (res.destroyed || res.writableEnded) {
      pages.delete(res);
      return false;
    }
    res.write(frame);
    return true;
  };

  const beat = (): void => {
    heartbeat = null;
    for (const res of [...pages]) write(res, ": ping\n\n");
    if (pages.size > 0) heartbeat = timers.setTimeout(beat, heartbeatMs);
  };

  const drop = (res: ServerResponse): void => {
    pages.delete(res);
    for (const [key, list] of byAddress) {
      const i = list.indexOf(res);
      if (i < 0) continue;
      list.splice(i, 1);
      if (list.length === 0) byAddress.delete(key);
    }
    if (pages.size === 0 && heartbeat !== null) {
      timers.clearTimeout(heartbeat);
      heartbeat = null;
    }
  };

  return {
    serve(req, res) {
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        // A reverse proxy (nginx) would otherwise buffer the stream and the page would get nothing at once.
        "x-accel-buffering": "no",
      });
      res.write(`retry: ${RECONNECT_MS}\n\n`);
      pages.add(res);
      const key = addressKey(req.socket.remoteAddress);
      const mine = byAddress.get(key) ?? [];
      byAddress.set(key, mine);
      mine.push(res);
      while (mine.length > perAddress) {
        const oldest = mine.shift();
        oldest?.end();
        if (oldest) pages.delete(oldest);
      }
      if (heartbeat === null) heartbeat = timers.setTimeout(beat, heartbeatMs);
      const gone = () => drop(res);
      req.once("close", gone);
      res.once("close", gone);
      res.once("error", gone);
    },
    publish(message) {
      // One `data:` line: JSON.stringify never emits a raw line break, so the frame cannot be split or forged.
      const frame = `event: alert\ndata: ${JSON.stringify(message)}\n\n`;
      let reached = 0;
      for (const res of [...pages]) if (write(res, frame)) reached++;
      return reached;
    },
    get pages() {
      return pages.size;
    },
    close() {
      for (const res of [...pages]) res.end();
      pages.clear();
      if (heartbeat !== null) timers.clearTimeout(heartbeat);
      heartbeat = null;
    },
  };
}
