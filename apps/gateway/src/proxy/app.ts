/**
 * Proxy mode (issue 8): this web app in front of a real device. Every `/api/...` request is forwarded to the device
 * unchanged and streamed both ways (uploads with their progress, backup downloads), the two sockets are forwarded
 * (./sockets.ts), and everything else is the web app as the gateway serves it (./site.ts). Later firmware differs on
 * the wire (API.md §9); the proxy never interprets answers, the web app copes with their shape.
 *
 * What the proxy adds (SECURITY.md): the session cookie for socket upgrades (issued when the device accepts a login
 * passing through), the password-guessing brake, security headers on pages, and checks on socket upgrades
 * (./sockets.ts).
 *
 * buildProxyApp() returns a Fastify instance that never listens; the CLI (./cli.ts) or tests listen.
 */
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawServerBase,
  type RouteGenericInterface,
} from "fastify";
import httpProxy from "@fastify/http-proxy";
import { endpoints } from "@dtu/api/endpoints";
import { DEFAULT_WEB_ROOT, DEFAULT_ZONES_FILE } from "../lib/paths.ts";
import { installHttpSecurity } from "../security/http.ts";
import { createSecurity, type Security, type SecurityOptions } from "../security/index.ts";
import { withoutSessionCookie } from "../security/sessions.ts";
import { recheckSessions, recheckSockets } from "./recheck.ts";
import {
  accessLines,
  HISTORY_ACCESS_CACHE_MS,
  startProxyHistory,
  type ProxyHistory,
  type ProxyHistoryOptions,
} from "../history/proxy.ts";
import { attachProxyAlerts, type ProxyAlerts, type ProxyAlertsOptions } from "../alerts/proxy.ts";
import { createRealPort, type Access, type RealPort } from "../port/real/index.ts";
import { RECONNECT } from "../port/real/socket.ts";
import { basicHeader } from "../security/basic.ts";
import { networkWords } from "../port/real/wire.ts";
import { createSite, deviceZones } from "./site.ts";
import { addFeaturesRoute } from "../http/features.ts";
import { drainBodies } from "../http/fastify.ts";
import { attachProxySockets, type ProxySockets } from "./sockets.ts";
import { attachProxyMeter } from "./meter.ts";
import type { MeterService } from "../meter/service.ts";
import type { ZeroExportService } from "../zeroexport/service.ts";

export interface ProxyOptions {
  /** The device's address: `http://192.168.1.50`, `192.168.1.50`, `http://opendtu.local:80`. */
  device: string;
  /** Built web app; default `<repo>/gateway_dist` (the gateway build). */
  webRoot?: string;
  /** Fastify's request logger (default off). */
  logger?: boolean;
  /** Zone table used when the device has none (default the gateway's generated one). */
  zonesFile?: string;
  /** Connection timeout towards the device (default 4000 ms). */
  connectTimeoutMs?: number;
  /** Clock, sleep, limits and log of the security layer (default: host clock, stdout); tests inject them. */
  security?: Partial<SecurityOptions>;
  /** Record the device's history into `<dataDir>/history.db` and serve it (issue 14); off when absent. */
  history?: ProxyHistoryOptions;
  /** Alerts (issue 23, src/alerts/proxy.ts) on the device's port: needs `history`; off when absent. */
  alerts?: Pick<ProxyAlertsOptions, "tickMs" | "pollMs" | "now">;
  /**
   * The device's port (src/port/real/) even without history: the several-device overview reads it. With history it
   * is always there; without either, the proxy opens no connection of its own to the device.
   */
  port?: { user?: string; password?: string; log?: (line: string) => void; now?: () => number };
  /**
   * The household meter (issue 31) of this device, its settings in `<dataDir>/meter.json`: the meter API answered
   * here, not forwarded; off when absent. Opens the device's port (the meter reads its production).
   */
  meter?: { dataDir: string; log?: (line: string) => void };
  /**
   * Zero export (issue 32) on that meter (needs `meter`), its settings in `<dataDir>/zeroexport.json`. Limits go to
   * the device as its own `POST /api/limit/config` with the device password.
   */
  zeroExport?: boolean;
}

export interface ProxyApp extends FastifyInstance {
  device: URL;
  proxySockets: ProxySockets;
  security: Security;
  /** The device's port: one live connection for every feature; null when neither history nor `port` asked. */
  port: RealPort | null;
  history: ProxyHistory | null;
  alerts: ProxyAlerts | null;
  meter: MeterService | null;
  zeroExport: ZeroExportService | null;
}

/** Answer timeout for ordinary requests; an upload waits for the device's flash writes and gets much longer. */
const ANSWER_TIMEOUT_MS = 30_000;
const UPLOAD_TIMEOUT_MS = 15 * 60_000;

/** Accepts a bare host or host:port (http assumed); only the origin is used. */
export function parseDevice(text: string): URL {
  const trimmed = text.trim();
  const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`device address must be http:// or https://, got ${url.protocol}`);
  }
  return new URL(url.origin);
}

/**
 * The answer when the device cannot be reached: a small result object whose message the web app shows (its http
 * client takes `message` from a non-OK JSON body), 504 for timeouts and 502 otherwise.
 */
function unreachable(
  reply: FastifyReply<RouteGenericInterface, RawServerBase>,
  error: Error,
  device: URL,
): void {
  if (reply.sent || reply.raw.headersSent) {
    // The answer had started (a download cut short): nothing to say any more, end it.
    reply.raw.destroy();
    return;
  }
  const { reason, timedOut } = networkWords(error);
  void reply
    .code(timedOut ? 504 : 502)
    .header("content-type", "application/json")
    .header("cache-control", "no-store")
    .send(JSON.stringify({ type: "danger", message: `Device unreachable: ${reason} (${device.origin})` }));
}

const REFUSED: readonly Access[] = ["credentials-needed", "credentials-wrong"];

/**
 * The device's port, when history or the overview needs it: the gateway's credentials for it (history's, else the
 * overview's), the clock tests inject, and the console's word when the device stops or starts letting it in.
 */
function devicePort(device: URL, security: Security, opts: ProxyOptions): RealPort | null {
  const h = opts.history;
  if (!h && !opts.port && !opts.meter) return null;
  const user = h ? h.user : opts.port?.user;
  const password = h ? h.password : opts.port?.password;
  const clock = h?.clock;
  const now = clock ? () => clock.now() : (opts.port?.now ?? Date.now);
  const log = h?.log ?? opts.port?.log ?? opts.meter?.log ?? ((line: string) => console.log(line));
  return createRealPort({
    device,
    auth: password === undefined ? null : basicHeader(user ?? "admin", password),
    security,
    now,
    ...(h ? { accessCacheMs: h.accessCacheMs ?? HISTORY_ACCESS_CACHE_MS } : {}),
    ...(h?.retryMs !== undefined ? { backoff: { ...RECONNECT, firstMs: h.retryMs } } : {}),
    timeoutMs: opts.connectTimeoutMs ?? 4000,
    log: (line) => log(`${h ? "History" : "Device"}: ${line}`),
    ...(h ? { onAccess: accessLines(log) } : {}),
  });
}

/** History, alerts, the meter and zero export on the device's port, and the features answer naming them. */
async function attachFeatures(
  app: FastifyInstance,
  port: RealPort | null,
  opts: ProxyOptions,
): Promise<Pick<ProxyApp, "history" | "alerts" | "meter" | "zeroExport">> {
  const history = opts.history && port ? startProxyHistory(app, port, opts.history) : null;
  const alerts =
    opts.history && opts.alerts && port
      ? await attachProxyAlerts(app, port, { ...opts.history, ...opts.alerts })
      : null;
  const { meter, zeroExport } =
    opts.meter && port
      ? await attachProxyMeter(app, port, {
          dataDir: opts.meter.dataDir,
          log: opts.meter.log ?? ((line) => console.log(line)),
          zeroExport: opts.zeroExport === true,
          // Recorded beside the device's production when its history is (issue 31 §2).
          ...(history ? { grid: history.keeper.grid } : {}),
          // Its pause and the DTU's silence while it is on become alerts (issue 32 §2).
          ...(alerts && opts.zeroExport ? { onZeroExportEvent: alerts.source.watchZeroExport() } : {}),
        })
      : { meter: null, zeroExport: null };
  if (meter) alerts?.source.watchMeter(() => meter.status().state);
  // History shows while it is recorded: not when the device refuses the recorder's read access. Alerts show
  // whenever they run (their list has the device's read rule, their settings need admin).
  addFeaturesRoute(app, async () => ({
    history: history !== null && !REFUSED.includes(await history.access),
    alerts: alerts !== null,
    devices: false,
    ...(meter ? { meter: true } : {}),
    ...(zeroExport ? { zeroexport: true } : {}),
  }));
  return { history, alerts, meter, zeroExport };
}

export async function buildProxyApp(opts: ProxyOptions): Promise<ProxyApp> {
  const device = parseDevice(opts.device);
  const webRoot = opts.webRoot ?? DEFAULT_WEB_ROOT;
  const zonesFile = opts.zonesFile ?? DEFAULT_ZONES_FILE;
  const connectTimeout = opts.connectTimeoutMs ?? 4000;
  const site = createSite({ webRoot, zonesFile });

  const app = Fastify({ logger: opts.logger ?? false });
  const security = createSecurity({ log: (text) => console.log(text), ...opts.security });
  installHttpSecurity(app, security, {
    // Only the device knows whether credentials are right; a successful login passing through says so.
    loginSucceeded: (req, status) =>
      status === 200 && req.method === "GET" && req.url.split("?", 1)[0] === endpoints.authenticate.path,
    onSecurityChanged: () => {
      void recheckSessions(security.sessions, device, connectTimeout);
      void recheckSockets(security.openSockets, device, connectTimeout);
    },
  });
  const port = devicePort(device, security, opts);
  const { history, alerts, meter, zeroExport } = await attachFeatures(app, port, opts);

  await app.register(httpProxy, {
    upstream: device.origin,
    prefix: "/api",
    rewritePrefix: "/api",
    // The body stays a stream (the plugin's own content-type parsers) and is piped to the device as it arrives.
    proxyPayloads: true,
    // No retries: a request must reach the device at most once and its answer come back unchanged.
    retryMethods: [],
    undici: {
      connections: 6,
      // A fresh connection per request (pipelining 0 = no keep-alive), as the stock firmware's web server closes
      // after each answer anyway: a kept connection would be dead after a device reboot and fail the next request.
      pipelining: 0,
      connect: { timeout: connectTimeout },
      headersTimeout: ANSWER_TIMEOUT_MS,
      bodyTimeout: ANSWER_TIMEOUT_MS,
    },
    // The raw URL: query strings reach the device byte for byte (no parse and re-encode).
    handler: (req: FastifyRequest, reply: FastifyReply, _dest: string, options: object) => {
      const upload = (req.headers["content-type"] ?? "").startsWith("multipart/");
      return reply.from(req.url, { ...options, ...(upload ? { timeout: UPLOAD_TIMEOUT_MS } : {}) });
    },
    replyOptions: {
      onError: (reply, { error }) => unreachable(reply, error, device),
      // Our session cookie is for socket upgrades only: the device never sees it.
      rewriteRequestHeaders: (_req, headers) => {
        const cookie = withoutSessionCookie(typeof headers.cookie === "string" ? headers.cookie : undefined);
        const { cookie: _drop, ...rest } = headers;
        return cookie === undefined ? rest : { ...rest, cookie };
      },
    },
  });

  await app.register(async (scope) => {
    // Non-API paths are the web app for any method (API.md §1: unmatched requests get the SPA index); bodies are
    // drained and ignored.
    drainBodies(scope);
    const serve = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      const path = decodePath(req.url);
      if (req.method === "GET" && (path === "/zones.json" || path.startsWith("/zones.json/"))) {
        const body = await deviceZones(device.origin, connectTimeout);
        if (body) {
          return reply
            .code(200)
            .header("content-type", "application/json")
            .header("content-encoding", "gzip")
            .send(body);
        }
        await site.sendLocalZones(req, reply);
        return reply;
      }
      await site.send(req, reply, path);
      return reply;
    };
    const methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"];
    scope.route({ method: methods, url: "/", exposeHeadRoute: false, handler: serve });
    scope.route({ method: methods, url: "/*", exposeHeadRoute: false, handler: serve });
  });

  const proxySockets = attachProxySockets(app.server, device, security);
  app.addHook("preClose", async () => {
    history?.close();
    await port?.close();
    await proxySockets.close();
  });
  return Object.assign(app, {
    device,
    proxySockets,
    security,
    port,
    history,
    alerts,
    meter,
    zeroExport,
  }) as ProxyApp;
}

function decodePath(url: string): string {
  const raw = url.split("?", 1)[0] ?? "/";
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
