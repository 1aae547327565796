/**
 * buildApp(): the whole device as a Fastify instance that never listens (tests use inject() or listen themselves).
 * Routing is the device's (API.md §1, §2.4): one catch-all route dispatches from the gateway's own table with
 * trailing-path matching, the read/admin auth classes and the SPA index for everything unmatched. The table is
 * routes/index.ts (the endpoint map of @dtu/api joined with the handlers).
 */
import { mkdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import { ConfigStore } from "./config/store.ts";
import type {
  Clock,
  CreateFleet,
  DeviceClockDeps,
  Fleet,
  LogLine,
  MqttDeps,
  MqttService,
} from "./device/contracts.ts";
import { Gateway, type SettableClock } from "./device/gateway.ts";
import { DEFAULT_IDENTITY, createIdentity, type IdentityOptions } from "./device/identity.ts";
import { basicValid, httpAllowed } from "./http/auth.ts";
import { result } from "./http/result.ts";
import { addFeaturesRoute } from "./http/features.ts";
import { sendSpa, sendStatic } from "./http/static.ts";
import { createFleet } from "./fleet/index.ts";
import { NO_HISTORY, historyRoutes } from "./history/routes.ts";
import type { HistoryKeeper } from "./history/keeper.ts";
import { startSimHistory, type SimHistory } from "./history/sim.ts";
import { createMqtt } from "./mqtt/index.ts";
import { allRoutes, findRoute } from "./routes/index.ts";
import { sendJson } from "./routes/types.ts";
import { installHttpSecurity } from "./security/http.ts";
import { createSecurity, type Security, type SecurityOptions } from "./security/index.ts";
import { createDeviceClock } from "./time/index.ts";
import { attachSockets, type Sockets } from "./ws/sockets.ts";

const here = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(here, "../../..");

export interface BuildOptions {
  /** Folder of config.json, pin_mapping.json and the fleet's state; created if missing. */
  dataDir: string;
  /** Built web app; default `<repo>/gateway_dist` (the gateway build), a device build (`webapp_dist`) works too. */
  webRoot?: string;
  /** Host wall clock (uptime, timers' notion of now); default Date.now. */
  clock?: Clock;
  /** Fastify's request logger (default off). */
  logger?: boolean;
  /** Print the device's console lines (the `/console` text) to stdout too. */
  echoConsole?: boolean;
  /** Receives every console line (with its \r\n), from the first one of the boot on. */
  onConsole?: (chunk: string) => void;
  /** Identity of the simulated device (MAC, IP, BSSID, RSSI, git hash), API.md §4.9. */
  identity?: Partial<IdentityOptions>;
  /** Seeded randomness for the fleet. */
  random?: () => number;
  /** Factories, replaceable by tests. */
  createFleet?: CreateFleet;
  createDeviceClock?: (deps: DeviceClockDeps) => SettableClock;
  createMqtt?: (deps: MqttDeps) => MqttService;
  /** Fleet tick and live-push check period (default 1000 ms). */
  tickMs?: number;
  /** Delay between the answer and the simulated reboot (default 1000 ms) and its outage (default 2500 ms). */
  rebootDelayMs?: number;
  outageMs?: number;
  /** The zone table served at /zones.json (default src/generated/zones.json). */
  zonesFile?: string;
  /**
   * Clients kept per socket before the oldest is closed (default 8, as the device, API.md §3.2). Only the gateway
   * benchmark lifts it, to measure 100 live clients.
   */
  maxLiveClients?: number;
  /** Clock, sleep and limits of the security layer (src/security/); tests inject them. Default: the host clock. */
  security?: Omit<SecurityOptions, "log">;
  /**
   * Production history in `<data>/history.db` (issue 14), with `rawDays` of raw samples (default 14). Off unless
   * given: the CLI turns it on; tests that do not need it skip the first start's 30-day backfill.
   */
  history?: { rawDays?: number };
  /** Hex serials of simulated inverters that never answer (`--offline`, src/fleet/README.md). */
  offline?: readonly string[];
}

export interface GatewayApp extends FastifyInstance {
  gateway: Gateway;
  sockets: Sockets;
  security: Security;
  /** The history, or why there is none (history/keeper.ts); null when history is off. */
  history: HistoryKeeper | null;
}

export async function buildApp(opts: BuildOptions): Promise<GatewayApp> {
  const dataDir = resolve(opts.dataDir);
  await mkdir(dataDir, { recursive: true });
  const hostClock: Clock = opts.clock ?? { now: () => Date.now() };

  // The console log exists before the gateway object; lines go through it once it is there.
  let sink: LogLine = () => undefined;
  const log: LogLine = (text) => sink(text);

  let store: ConfigStore | null = null;
  const identity = createIdentity(
    { ...DEFAULT_IDENTITY, ...opts.identity },
    () => store?.config.wifi.hostname ?? "OpenDTU-%06X",
  );
  store = new ConfigStore(dataDir, identity.chipId, log);
  const pending: string[] = [];
  sink = (t) => pending.push(t);
  await store.load();

  const clock = (opts.createDeviceClock ?? createDeviceClock)({
    clock: hostClock,
    timezone: store.config.ntp.timezone,
  });
  const makeFleet: CreateFleet =
    opts.createFleet ?? ((deps) => createFleet({ ...deps, offline: opts.offline ?? [] }));
  const fleet: Fleet = await makeFleet({
    config: store.config,
    clock,
    log,
    stateFile: join(dataDir, ".fleet-state.json"),
    ...(opts.random ? { random: opts.random } : {}),
  });
  const placeholderMqtt: MqttService = {
    connected: () => false,
    reconfigure: () => undefined,
    stop: async () => undefined,
  };
  const gw = new Gateway({
    store,
    identity,
    hostClock,
    clock,
    fleet,
    mqtt: placeholderMqtt,
    dataDir,
    webRoot: resolve(opts.webRoot ?? join(REPO_ROOT, "gateway_dist")),
    zonesFile: opts.zonesFile ?? join(here, "generated", "zones.json"),
    rebootDelayMs: opts.rebootDelayMs ?? 1000,
    outageMs: opts.outageMs ?? 2500,
  });
  if (opts.onConsole) gw.onLog(opts.onConsole);
  if (opts.echoConsole) gw.onLog((chunk) => process.stdout.write(chunk.replace(/\r\n$/, "\n")));
  sink = gw.log;
  for (const line of pending) sink(line);
  await gw.loadPins();
  gw.mqtt = (opts.createMqtt ?? createMqtt)({
    getConfig: () => gw.config,
    fleet,
    clock,
    log,
    identity,
    uptimeSeconds: () => gw.uptimeSeconds(),
  });

  // `dispatch` is assigned below; URLs the framework cannot even parse still get the device's SPA answer.
  let dispatchRef: ((req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | null = null;
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
    frameworkErrors: (_err, req, reply) => {
      // The hook's request/reply carry schema generics of their own; they are the same objects at run time.
      void dispatchRef?.(req as unknown as FastifyRequest, reply as unknown as FastifyReply);
    },
  });
  // Only the device's body formats: urlencoded and multipart. Anything else is drained and ignored, so a POST with
  // junk reads as "no data field" (1002) instead of a framework error.
  const security = createSecurity({ clock: hostClock, ...opts.security, log });
  installHttpSecurity(app, security, {
    loginSucceeded: (req, status) =>
      status !== 401 && basicValid(req.headers.authorization, gw.config.security.password),
    // Sessions whose password is no longer the admin password end; an allow_readonly change keeps them. Sockets
    // end when the read rule would refuse them now (SECURITY.md).
    onSecurityChanged: () => {
      security.sessions.dropWhere((auth) => !basicValid(auth, gw.config.security.password));
      security.openSockets.closeWhere(
        (auth) => !gw.config.security.allow_readonly && !basicValid(auth, gw.config.security.password),
      );
    },
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_req, payload, done) => {
    payload.on("error", () => done(null, undefined));
    payload.on("end", () => done(null, undefined));
    payload.resume();
  });
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  await app.register(multipart, {
    limits: { fieldSize: 64 * 1024, fields: 64, files: 8, parts: 128, headerPairs: 64 },
  });

  const history: SimHistory | null = opts.history ? startSimHistory(gw, dataDir, opts.history.rawDays) : null;
  const routes = [...historyRoutes(history?.keeper ?? NO_HISTORY), ...allRoutes()];
  addFeaturesRoute(app, () => ({ history: history !== null, devices: false }));

  const dispatch = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
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

  dispatchRef = dispatch;
  const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const;
  app.route({ method: [...ALL_METHODS], url: "/", exposeHeadRoute: false, handler: dispatch });
  app.route({ method: [...ALL_METHODS], url: "/*", exposeHeadRoute: false, handler: dispatch });
  app.setNotFoundHandler(dispatch);
  app.setErrorHandler(async (err: { code?: string; message?: string }, req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    const route = findRoute(routes, req.method, path);
    if (err.code !== "FST_ERR_CTP_BODY_TOO_LARGE")
      gw.log(`HTTP ${req.method} ${path}: ${err.message ?? "error"}`);
    if (route && route.method === "POST") {
      // Body the parsers could not take: the device would find no usable `data` field (or a too large one).
      sendJson(reply, result(err.code === "FST_ERR_CTP_BODY_TOO_LARGE" ? 1003 : 1002));
      return reply;
    }
    await sendSpa(gw, reply);
    return reply;
  });

  const sockets = attachSockets(app.server, gw, security, opts.maxLiveClients);
  gw.onReboot.push(() => {
    sockets.dropAll();
    app.server.closeAllConnections();
  });
  // During the simulated reboot the device is not reachable at all.
  app.server.on("connection", (socket) => {
    if (gw.inOutage()) socket.destroy();
  });

  const tickMs = opts.tickMs ?? 1000;
  const ticker = setInterval(() => {
    try {
      gw.fleet.tick();
      sockets.tick();
      history?.tick();
    } catch (err) {
      gw.log(`tick failed: ${(err as Error).message}`);
    }
  }, tickMs);
  const persister = setInterval(() => void gw.persistFleet(), 60_000);

  app.addHook("preClose", async () => {
    clearInterval(ticker);
    clearInterval(persister);
    await sockets.close();
  });
  app.addHook("onClose", async () => {
    history?.keeper.close();
    await gw.close();
  });

  gw.log(`OpenDTU ${identity.gitHash} started, hostname ${identity.hostname()}`);
  return Object.assign(app, {
    gateway: gw,
    sockets,
    security,
    history: history?.keeper ?? null,
  }) as GatewayApp;
}
