/**
 * The one listening server of a several-device gateway (issue 24 §3): requests and WebSocket upgrades under a
 * mount's prefix go to that device's app with the prefix stripped (the app's router for HTTP, its server's `upgrade`
 * listeners for sockets), everything else to `top` (the overview, ./cli.ts). The apps never listen themselves.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance } from "fastify";
import { setSecurityHeaders } from "../security/headers.ts";

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
  /** Requests outside every mount; default 404. */
  top?: (req: IncomingMessage, res: ServerResponse) => void;
}

function danger(res: ServerResponse, status: number, message: string): void {
  res
    .writeHead(status, { "content-type": "application/json", "cache-control": "no-store" })
    .end(JSON.stringify({ type: "danger", message }));
}

/** The mount whose prefix the URL is under, and the URL as the app sees it. */
function route(mounts: readonly Mount[], url: string): { mount: Mount; inner: string } | null {
  for (const mount of mounts) {
    if (url.startsWith(mount.prefix)) return { mount, inner: url.slice(mount.prefix.length - 1) };
  }
  return null;
}

/** Every app must be ready (its router built) before the first request; `createHost` does not wait. */
export function createHost(opts: HostOptions): Server {
  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    const hit = route(opts.mounts, url);
    if (hit) {
      if (hit.mount.refusing?.()) {
        req.socket.destroy();
        return;
      }
      if (hit.mount.stopped()) {
        danger(res, 503, `This device is stopped (${hit.mount.prefix})`);
        return;
      }
      req.url = hit.inner;
      // Fastify's own request entry point (what its server's `request` listener calls).
      hit.mount.app.routing(req, res);
      return;
    }
    // `/d/garage` without its slash: the app's relative URLs need it.
    const [path = "/", query] = url.split("?", 2);
    const bare = opts.mounts.find((m) => m.prefix === `${path}/`);
    if (bare) {
      res.writeHead(301, { location: bare.prefix + (query === undefined ? "" : `?${query}`) }).end();
      return;
    }
    // The top level writes raw answers: the security headers of pages or API answers, as every app's (issue 34 §14).
    setSecurityHeaders(res, path);
    if (opts.top) opts.top(req, res);
    else danger(res, 404, `Nothing at ${path}`);
  });

  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const hit = route(opts.mounts, req.url ?? "/");
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
  return server;
}
