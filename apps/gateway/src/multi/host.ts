/**
 * The one Fastify instance in front of the devices of a several-device gateway (issue 24 §3, issue 30 §2): each
 * device's app mounted under its prefix, the top level's answers (./top.ts) as its own routes. The device apps
 * never listen: a request under a prefix is handed to that app's router with the prefix stripped (what the app's
 * own server would do with it: its hooks, security and streaming bodies are untouched), a socket upgrade to the
 * `upgrade` listeners of the app's server (ws/sockets.ts, proxy/sockets.ts).
 *
 * The hand-over happens in a route's `onRequest` hook, before this instance looks at the body, so an upload streams
 * into the device app as it arrives. Which device a request goes to is decided by its raw URL (`/d/garage/…`, case
 * and percent-encoding as sent), as before: the routes are the way in, not a second rule.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { drainBodies } from "../http/fastify.ts";
import { addSecurityHeaders } from "../security/headers.ts";

export interface Mount {
  /** `/d/garage/` or `/solar/`: starts and ends with `/`. */
  prefix: string;
  app: FastifyInstance;
  /** True while the device refuses connections (a simulated reboot, API.md §8.6). */
  refusing?: () => boolean;
  /** True once the app is closed (its device stopped). */
  stopped: () => boolean;
}

export interface HostOptions {
  mounts: readonly Mount[];
  /** The message of the 404 for a path outside every mount and every top-level route. */
  notFound: (path: string) => string;
}

/** The request's path as sent (no decoding), without its query. */
export const rawPath = (req: IncomingMessage): string => (req.url ?? "/").split("?", 1)[0] ?? "/";

/**
 * A small JSON answer of the top level, with the headers it has always had (bytes, so Fastify adds no charset to its
 * content type).
 */
export function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply
    .code(status)
    .header("content-type", "application/json")
    .header("cache-control", "no-store")
    .header("x-content-type-options", "nosniff")
    .send(Buffer.from(JSON.stringify(body)));
}

/** The mount whose prefix the URL is under, and the URL as the app sees it. */
function mountOf(mounts: readonly Mount[], url: string): { mount: Mount; inner: string } | null {
  for (const mount of mounts) {
    if (url.startsWith(mount.prefix)) return { mount, inner: url.slice(mount.prefix.length - 1) };
  }
  return null;
}

/**
 * Hands the request to the device app (the answer is the app's, written to the same socket). Fastify reads the
 * request's `originalUrl` as the URL it came with (the Express convention): ./mount.ts tells by it which answers were
 * asked for under the prefix.
 */
function handOver(hit: { mount: Mount; inner: string }, req: FastifyRequest, reply: FastifyReply): void {
  void reply.hijack();
  const raw: IncomingMessage & { originalUrl?: string } = req.raw;
  if (hit.mount.refusing?.()) {
    raw.socket.destroy();
    return;
  }
  if (hit.mount.stopped()) {
    reply.raw
      .writeHead(503, { "content-type": "application/json", "cache-control": "no-store" })
      .end(JSON.stringify({ type: "danger", message: `This device is stopped (${hit.mount.prefix})` }));
    return;
  }
  raw.originalUrl = raw.url;
  raw.url = hit.inner;
  // Fastify's own request entry point (what its server's `request` listener calls).
  hit.mount.app.routing(raw, reply.raw);
}

/** `/d/garage` without its slash, for any method: the app's relative URLs need it. */
function sendBare(mount: Mount, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const query = (req.raw.url ?? "").split("?", 2)[1];
  return reply
    .code(301)
    .header("location", mount.prefix + (query === undefined ? "" : `?${query}`))
    .send();
}

/** Every app must be ready (its router built) before the first request; the caller awaits `ready()`. */
export function createHost(opts: HostOptions): FastifyInstance {
  const { mounts } = opts;
  /** Whatever came outside the routes: a device's request of a method or URL the router does not take, or a 404. */
  const outside = (req: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    const hit = mountOf(mounts, req.raw.url ?? "/");
    if (hit) return void handOver(hit, req, reply);
    const path = rawPath(req.raw);
    const bare = mounts.find((m) => m.prefix === `${path}/`);
    if (bare) return sendBare(bare, req, reply);
    return sendJson(reply, 404, { type: "danger", message: opts.notFound(path) });
  };
  const host = Fastify({
    // URLs the router cannot take apart (`/d/garage/%zz`) still reach the device, which answers them itself.
    frameworkErrors: (_err, req, reply) => {
      // The hook's request/reply carry schema generics of their own; they are the same objects at run time.
      void outside(req as unknown as FastifyRequest, reply as unknown as FastifyReply);
    },
  });
  // The top level reads no bodies; a device's body is never read here (the hand-over comes first).
  drainBodies(host);
  // The top level's own answers carry the security headers of pages or API answers, as every device app's do
  // (issue 34 §14); a request handed over to a device app is answered by that app and never comes here.
  host.addHook("onSend", async (req, reply, payload) => {
    addSecurityHeaders(reply, rawPath(req.raw));
    return payload;
  });
  for (const mount of mounts) {
    const forward = async (req: FastifyRequest, reply: FastifyReply) => void outside(req, reply);
    // Every method the router knows; any other reaches the same hand-over through the 404 handler.
    for (const url of [mount.prefix, `${mount.prefix}*`])
      host.all(url, { exposeHeadRoute: false, onRequest: forward }, forward);
    // `/d/garage`: the 301 to its slash (`--base-path /` has none).
    if (mount.prefix !== "/")
      host.all(mount.prefix.slice(0, -1), { exposeHeadRoute: false }, async (req, reply) =>
        outside(req, reply),
      );
  }
  host.setNotFoundHandler(async (req, reply) => outside(req, reply));
  // A top-level answer that failed: a bare 500, as the top level has always answered it.
  host.setErrorHandler(async (_err, _req, reply) => reply.code(500).send());

  host.server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const hit = mountOf(mounts, req.url ?? "/");
    const inner = hit?.mount.app.server;
    if (
      !hit ||
      !inner ||
      hit.mount.refusing?.() ||
      hit.mount.stopped() ||
      inner.listenerCount("upgrade") === 0
    ) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    req.url = hit.inner;
    inner.emit("upgrade", req, socket, head);
  });
  return host;
}
