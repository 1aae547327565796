/**
 * WebSocket forwarding for `/livedata` and `/console` (API.md §3.2, §3.3). The upstream socket is opened first and
 * the browser's upgrade is only accepted once the device accepted it, so a refused device socket is a refused
 * browser socket (the web app treats both the same way and retries).
 *
 * Credentials: the device challenges socket upgrades with Digest, which the browser's WebSocket API cannot answer,
 * but every firmware accepts a Basic Authorization header on the upgrade (API.md §2.3, §9.4). An Authorization
 * header the client's upgrade carries (Basic, or a Digest answer) is forwarded as is; without one, the credentials
 * of the browser's session cookie (security/sessions.ts, issued when a login passed through) become the
 * Authorization towards the device. Cookies themselves are not forwarded, and nothing of them is logged.
 *
 * Hardening (SECURITY.md): a foreign `Origin` is refused before the device is asked, client frames over a few KiB
 * close the socket instead of reaching the ESP32, and guesses in client Authorization headers are slowed down as
 * on HTTP.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import { drainStream } from "../lib/drain.ts";
import { upgradeAuthorization } from "../http/auth.ts";
import type { Security } from "../security/index.ts";
import { sessionToken } from "../security/sessions.ts";
import { addressKey } from "../security/throttle.ts";
import { DEVICE_MAX_PAYLOAD, SOCKET_MAX_PAYLOAD, originAllowed } from "../security/upgrade.ts";

const SOCKET_PATHS = new Set(["/livedata", "/console"]);
/** How long the device may take to accept an upgrade before the browser's socket is refused. */
const HANDSHAKE_TIMEOUT_MS = 5000;
/**
 * Protocol pings towards the device: a device that vanished without closing (power cut, Wi-Fi gone) leaves a TCP
 * connection that never reports anything; two missed pongs end the pair so the web app reconnects.
 */
const PING_INTERVAL_MS = 15_000;

export interface ProxySockets {
  /** Open browser/device socket pairs. */
  count(): number;
  close(): Promise<void>;
}

/** Close codes 1005/1006 only describe a missing close frame and cannot be sent (RFC 6455 §7.4.1). */
function sendableCode(code: number): number {
  return code === 1005 ? 1000 : code === 1006 || code < 1000 || code > 4999 ? 1011 : code;
}

function refuse(socket: Duplex, status: number, text: string, extra = ""): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\n${extra}Content-Length: 0\r\nConnection: close\r\n\r\n`);
}

/** What the three stages of a socket (upgrade checks, device handshake, forwarding) share. */
interface SocketHub {
  readonly device: URL;
  readonly sec: Security;
  readonly wss: WebSocketServer;
  /** Open browser/device socket pairs. */
  readonly pairs: Set<{ client: WebSocket; upstream: WebSocket }>;
  /** Device sockets still in their handshake. */
  readonly pending: Set<WebSocket>;
}

/** A browser's upgrade: refused here when it is no socket path, malformed, foreign or throttled. */
function onUpgrade(hub: SocketHub, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  socket.on("error", () => undefined);
  const url = req.url ?? "/";
  const path = url.split("?")[0] ?? "/";
  if (!SOCKET_PATHS.has(path)) {
    refuse(socket, 404, "Not Found");
    return;
  }
  if (!req.headers["sec-websocket-key"] || !req.headers["sec-websocket-version"]) {
    // Malformed upgrade: answered here as the device would (API.md §2.3), without bothering the device.
    refuse(socket, 400, "Bad Request");
    return;
  }
  if (!originAllowed(req.headers)) {
    refuse(socket, 403, "Forbidden");
    return;
  }
  // A guess in the client's own header waits like one on HTTP; the session's credentials are no guess.
  const own = req.headers.authorization;
  const address = addressKey(req.socket.remoteAddress);
  const wait = own === undefined ? 0 : hub.sec.throttle.reserve(address);
  if (wait === null) {
    refuse(socket, 429, "Too Many Requests", "Retry-After: 60\r\n");
    return;
  }
  if (wait > 0) {
    void hub.sec.sleep(wait).then(() => {
      if (!socket.destroyed) connect(hub, req, socket, head);
    });
  } else connect(hub, req, socket, head);
}

/** Opens the device's socket; the browser's upgrade is accepted once the device accepted, refused otherwise. */
function connect(hub: SocketHub, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  const { device, sec, pending } = hub;
  const url = req.url ?? "/";
  const own = req.headers.authorization;
  const target = new URL(url, device);
  target.protocol = device.protocol === "https:" ? "wss:" : "ws:";
  const headers: Record<string, string> = {};
  const auth = upgradeAuthorization(req.headers, sec.sessions);
  if (auth) headers.authorization = auth;
  const protocols = (req.headers["sec-websocket-protocol"] ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);

  const upstream = new WebSocket(target, protocols, {
    headers,
    handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    perMessageDeflate: false,
    maxPayload: DEVICE_MAX_PAYLOAD,
  });
  pending.add(upstream);
  let settled = false;
  const fail = (status: number, text: string, extra = ""): void => {
    if (settled) return;
    settled = true;
    pending.delete(upstream);
    refuse(socket, status, text, extra);
  };
  upstream.on("unexpected-response", (_r, res) => {
    // The device refused (401 with a Digest challenge when allow_readonly is off, §2.3): status and challenge go
    // back unchanged; a client able to answer the challenge sends its Authorization on the next upgrade, which is
    // forwarded as is.
    const status = res.statusCode ?? 502;
    if (status === 401 && own !== undefined) sec.throttle.failure(addressKey(req.socket.remoteAddress));
    const challenge = res.headers["www-authenticate"];
    void drainStream(res);
    fail(
      status,
      (res.statusMessage ?? "").replace(/[\r\n]/g, "") || "Refused",
      typeof challenge === "string" ? `WWW-Authenticate: ${challenge.replace(/[\r\n]/g, "")}\r\n` : "",
    );
    upstream.terminate();
  });
  upstream.on("error", () => {
    fail(502, "Bad Gateway");
  });
  socket.on("close", () => {
    if (!settled) {
      settled = true;
      pending.delete(upstream);
      upstream.terminate();
    }
  });
  upstream.on("open", () => {
    if (settled) {
      upstream.terminate();
      return;
    }
    settled = true;
    pending.delete(upstream);
    hub.wss.handleUpgrade(req, socket, head, (client) => {
      pair(hub, client, upstream);
      // Remembered with its credentials: a logout or password change closes it (security/openSockets.ts).
      const token = own === undefined ? sessionToken(req.headers) : undefined;
      const close = () => client.close(1008, "credentials changed");
      client.on("close", sec.openSockets.add({ authorization: auth, token, close }));
    });
  });
}

/** Forwards frames both ways until either side closes; pings the device to notice one that vanished. */
function pair(hub: SocketHub, client: WebSocket, upstream: WebSocket): void {
  const entry = { client, upstream };
  hub.pairs.add(entry);
  let alive = true;
  const pinger = setInterval(() => {
    if (!alive) {
      upstream.terminate();
      return;
    }
    alive = false;
    upstream.ping();
  }, PING_INTERVAL_MS);
  upstream.on("pong", () => (alive = true));
  const forward = (to: WebSocket) => (data: RawData, binary: boolean) => {
    if (to.readyState === WebSocket.OPEN) to.send(data, { binary });
  };
  upstream.on("message", forward(client));
  client.on("message", forward(upstream));
  const end = (code: number, reason: Buffer): void => {
    clearInterval(pinger);
    hub.pairs.delete(entry);
    for (const ws of [client, upstream]) {
      if (ws.readyState === WebSocket.OPEN) ws.close(sendableCode(code), reason);
      else if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
    }
    // A peer that does not finish the closing handshake is cut off.
    setTimeout(() => {
      client.terminate();
      upstream.terminate();
    }, 2000).unref();
  };
  upstream.on("close", end);
  client.on("close", end);
  upstream.on("error", () => client.terminate());
  client.on("error", () => upstream.terminate());
}

export function attachProxySockets(server: Server, device: URL, sec: Security): ProxySockets {
  const hub: SocketHub = {
    device,
    sec,
    wss: new WebSocketServer({ noServer: true, clientTracking: false, maxPayload: SOCKET_MAX_PAYLOAD }),
    pairs: new Set(),
    pending: new Set(),
  };
  const { wss, pairs, pending } = hub;
  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void =>
    onUpgrade(hub, req, socket, head);

  server.on("upgrade", upgrade);
  return {
    count: () => pairs.size,
    async close() {
      server.off("upgrade", upgrade);
      for (const ws of pending) ws.terminate();
      pending.clear();
      for (const { client, upstream } of pairs) {
        client.terminate();
        upstream.terminate();
      }
      pairs.clear();
      await new Promise<void>((r) => wss.close(() => r()));
    },
  };
}
