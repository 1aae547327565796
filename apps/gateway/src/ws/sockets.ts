/**
 * The two device sockets (API.md §3.2, §3.3, §2.3). Upgrades are handled on the raw HTTP server so the handshake can
 * answer like the device: 400 without key/version, 401 with a Digest challenge when the read rule refuses, and any
 * other path is not a socket (the SPA index answers). Each socket keeps at most 8 clients, closing the oldest.
 * Our hardening (SECURITY.md): a foreign `Origin` is refused, client frames are limited to a few KiB, Digest nonces
 * are ours and single-use, guesses are slowed down like on HTTP, and the browser's session cookie stands for its
 * credentials.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, WebSocket } from "ws";
import type { Gateway } from "../device/gateway.ts";
import { digestChallenge, socketAllowed, upgradeAuthorization } from "../http/auth.ts";
import { spaBytes } from "../http/static.ts";
import { liveDocument } from "../routes/live.ts";
import type { Security } from "../security/index.ts";
import { sessionToken } from "../security/sessions.ts";
import { addressKey } from "../security/throttle.ts";
import { SOCKET_MAX_PAYLOAD, originAllowed } from "../security/upgrade.ts";

/** The device's socket library keeps at most 8 clients per socket (API.md §3.2). */
export const DEVICE_MAX_CLIENTS = 8;
const PUSH_CHECK_MS = 1000;
const PUSH_MAX_GAP_MS = 10_000;

class SocketGroup {
  readonly path: string;
  readonly wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: SOCKET_MAX_PAYLOAD,
  });
  readonly clients: { id: number; ws: WebSocket }[] = [];
  private nextId = 1;
  private readonly gw: Gateway;
  private readonly maxClients: number;

  constructor(path: string, gw: Gateway, maxClients: number) {
    this.path = path;
    this.gw = gw;
    this.maxClients = maxClients;
  }

  add(ws: WebSocket, forget: () => void = () => undefined): void {
    const id = this.nextId++;
    this.clients.push({ id, ws });
    this.gw.log(`Websocket: [${this.path}][${id}] connect`);
    // Incoming frames (the UI's "ping") are ignored, as on the device; protocol pings are answered by ws.
    ws.on("message", () => undefined);
    ws.on("error", () => undefined);
    ws.on("close", () => {
      forget();
      const i = this.clients.findIndex((c) => c.ws === ws);
      if (i >= 0) this.clients.splice(i, 1);
      this.gw.log(`Websocket: [${this.path}][${id}] disconnect`);
    });
    while (this.clients.length > this.maxClients) {
      const oldest = this.clients.shift();
      oldest?.ws.close();
    }
  }

  send(text: string): void {
    for (const c of this.clients) if (c.ws.readyState === WebSocket.OPEN) c.ws.send(text);
  }

  dropAll(): void {
    for (const c of [...this.clients]) c.ws.terminate();
  }
}

export interface Sockets {
  /** Live push check; called every second by the app's timer. */
  tick(): void;
  dropAll(): void;
  close(): Promise<void>;
  clientCount(path: string): number;
}

function refuse(socket: Duplex, status: string, extra = ""): void {
  socket.end(`HTTP/1.1 ${status}\r\n${extra}Content-Length: 0\r\nConnection: close\r\n\r\n`);
}

export function attachSockets(
  server: Server,
  gw: Gateway,
  sec: Security,
  maxClients = DEVICE_MAX_CLIENTS,
): Sockets {
  const live = new SocketGroup("/livedata", gw, maxClients);
  const consoleGroup = new SocketGroup("/console", gw, maxClients);
  const groups = new Map([
    [live.path, live],
    [consoleGroup.path, consoleGroup],
  ]);
  let lastVersion = -1;
  let lastPush = 0;

  const unsubscribe = gw.onLog((chunk) => consoleGroup.send(chunk));

  /** The read rule (API.md §2.3) with the guessing brake; answers the refusal itself. */
  const authorize = async (req: IncomingMessage, socket: Duplex): Promise<boolean> => {
    const own = req.headers.authorization;
    const address = addressKey(req.socket.remoteAddress);
    if (own !== undefined && !gw.config.security.allow_readonly) {
      const wait = sec.throttle.reserve(address);
      if (wait === null) {
        refuse(socket, "429 Too Many Requests", "Retry-After: 60\r\n");
        return false;
      }
      if (wait > 0) await sec.sleep(wait);
    }
    const check = { method: req.method ?? "GET", uri: req.url ?? "/", nonces: sec.nonces };
    if (socketAllowed(gw.config, upgradeAuthorization(req.headers, sec.sessions), check)) {
      if (own !== undefined && !gw.config.security.allow_readonly) sec.throttle.success(address);
      return true;
    }
    if (own !== undefined) sec.throttle.failure(address);
    refuse(socket, "401 Unauthorized", `WWW-Authenticate: ${digestChallenge(sec.nonces)}\r\n`);
    return false;
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on("error", () => undefined);
    if (gw.inOutage()) {
      socket.destroy();
      return;
    }
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const group = groups.get(path);
    if (!group) {
      // Not a socket path: a normal request as far as the device is concerned (SPA fallback, API.md §3.21).
      void spaBytes(gw).then(({ body, gzip }) => {
        socket.write(
          `HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n${gzip ? "Content-Encoding: gzip\r\n" : ""}` +
            `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        );
        socket.end(body);
      });
      return;
    }
    if (!req.headers["sec-websocket-key"] || !req.headers["sec-websocket-version"]) {
      refuse(socket, "400 Bad Request");
      return;
    }
    if (!originAllowed(req.headers)) {
      refuse(socket, "403 Forbidden");
      return;
    }
    void authorize(req, socket).then((ok) => {
      if (!ok || socket.destroyed) return;
      group.wss.handleUpgrade(req, socket, head, (ws) => {
        // Remembered with its credentials: a logout or password change closes it (security/openSockets.ts).
        const fromSession = req.headers.authorization === undefined;
        const forget = sec.openSockets.add({
          authorization: upgradeAuthorization(req.headers, sec.sessions),
          token: fromSession ? sessionToken(req.headers) : undefined,
          close: () => ws.close(1008, "credentials changed"),
        });
        group.add(ws, forget);
      });
    });
  };
  server.on("upgrade", onUpgrade);

  return {
    tick() {
      if (live.clients.length === 0) return;
      const now = gw.hostClock.now();
      const version = gw.fleet.statsVersion();
      if (version === lastVersion && now - lastPush < PUSH_MAX_GAP_MS - PUSH_CHECK_MS / 2) return;
      lastVersion = version;
      lastPush = now;
      live.send(JSON.stringify(liveDocument(gw)));
    },
    dropAll() {
      live.dropAll();
      consoleGroup.dropAll();
    },
    async close() {
      server.off("upgrade", onUpgrade);
      unsubscribe();
      live.dropAll();
      consoleGroup.dropAll();
      await Promise.all([live, consoleGroup].map((g) => new Promise<void>((r) => g.wss.close(() => r()))));
    },
    clientCount: (path) => groups.get(path)?.clients.length ?? 0,
  };
}
