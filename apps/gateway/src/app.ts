/**
 * buildApp(): the whole device as a Fastify instance that never listens (tests use inject() or listen themselves).
 * Routing is the device's (API.md §1, §2.4): one catch-all route dispatches from the gateway's own table with
 * trailing-path matching, the read/admin auth classes and the SPA index for everything unmatched. The table is
 * routes/index.ts (the endpoint map of @dtu/api joined with the handlers).
 */
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import { ConfigStore } from "./config/store.ts";
import type {
  Clock,
  CreateFleet,
  DeviceClockDeps,
  Fleet,
  LogLine,
  MqttAddition,
  MqttDeps,
  MqttService,
} from "./device/contracts.ts";
import { createConsole, type ConsoleListener } from "./device/console.ts";
import { Gateway, type SettableClock } from "./device/gateway.ts";
import { DEFAULT_IDENTITY, chipIdFromMac, createIdentity, type IdentityOptions } from "./device/identity.ts";
import { createDeviceHttp } from "./http/fastify.ts";
import { createFleet } from "./fleet/index.ts";
import type { StringFault } from "./fleet/faults.ts";
import { addFeaturesRoute } from "./http/features.ts";
import { NO_HISTORY, historyRoutes } from "./history/routes.ts";
import type { HistoryKeeper } from "./history/keeper.ts";
import type { GridSink } from "./history/grid.ts";
import { startSimHistory, type SimHistory } from "./history/sim.ts";
import { createMqtt } from "./mqtt/index.ts";
import { attachMeter } from "./meter/attach.ts";
import { backfillHouse } from "./meter/house/backfill.ts";
import type { MeterService } from "./meter/service.ts";
import { meterMetrics, meterMqtt } from "./meter/publish.ts";
import { attachZeroExport } from "./zeroexport/attach.ts";
import { zeroExportMetrics, zeroExportMqtt } from "./zeroexport/publish.ts";
import type { ZeroExportService } from "./zeroexport/service.ts";
import { createSimPort, type SimPort } from "./port/sim/index.ts";
import type { Alerts } from "./alerts/service.ts";
import { startSimAlerts, type SimAlerts, type SimAlertsOptions } from "./alerts/sim.ts";
import { DEFAULT_WEB_ROOT, DEFAULT_ZONES_FILE } from "./lib/paths.ts";
import { createRouting } from "./routes/dispatch.ts";
import { allRoutes } from "./routes/index.ts";
import { createSecurity, type Security, type SecurityOptions } from "./security/index.ts";
import { createDeviceClock } from "./time/index.ts";
import { attachSockets, type Sockets } from "./ws/sockets.ts";

export { REPO_ROOT } from "./lib/paths.ts";

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
  /** Weak strings of simulated inverters (`--fault`, src/fleet/faults.ts). */
  faults?: readonly StringFault[];
  /** Alerts (issue 23, src/alerts/); off unless given (the CLI turns them on). */
  alerts?: SimAlertsOptions;
  /** The household meter (issue 31, src/meter/; the simulated house by default); off unless true (the CLI: on). */
  meter?: boolean;
  /** Zero export (issue 32, src/zeroexport/): its API and controller (off until its settings say on); needs `meter`. */
  zeroExport?: boolean;
}

export interface GatewayApp extends FastifyInstance {
  gateway: Gateway;
  /** The device port of this simulated device (src/port/): what every feature reads it through. */
  port: SimPort;
  sockets: Sockets;
  security: Security;
  /** The history, or why there is none (history/keeper.ts); null when history is off. */
  history: HistoryKeeper | null;
  alerts: Alerts | null;
  meter: MeterService | null;
  zeroExport: ZeroExportService | null;
}

/** Console listeners asked for by the options, attached before the first line of the boot. */
function consoleListeners(opts: BuildOptions): ConsoleListener[] {
  const listeners: ConsoleListener[] = [];
  if (opts.onConsole) listeners.push(opts.onConsole);
  if (opts.echoConsole) listeners.push((chunk) => process.stdout.write(chunk.replace(/\r\n$/, "\n")));
  return listeners;
}

/**
 * The timers of a running device: the fleet tick with the live push check and the history, and the fleet's state
 * saved every minute; stopped when the app closes.
 */
function startTimers(
  app: FastifyInstance,
  gw: Gateway,
  port: SimPort,
  sockets: Sockets,
  history: SimHistory | null,
  tickMs: number,
) {
  const ticker = setInterval(() => {
    try {
      gw.fleet.tick();
      port.tick();
      sockets.tick();
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
    await port.close();
    history?.close();
    await gw.close();
  });
}

/** Composition root of the simulated device: each part is made from the parts above it, top to bottom. */
/** The household meter on the device's app, its topics and metrics beside the device's (issue 31 §6). */
async function startMeter(
  app: FastifyInstance,
  port: SimPort,
  gw: Gateway,
  mqttAdditions: MqttAddition[],
  grid: GridSink | undefined,
): Promise<MeterService> {
  const meter = await attachMeter(app, port, gw.dataDir, gw.log, grid);
  mqttAdditions.push(meterMqtt(meter));
  gw.metrics.push(() => meterMetrics(meter));
  return meter;
}

/** The meter, zero export and the features answer that names what this gateway offers (the web app's screens). */
async function attachFeatures(
  app: FastifyInstance,
  port: SimPort,
  gw: Gateway,
  opts: BuildOptions,
  parts: { history: SimHistory | null; alerts: SimAlerts | null; mqttAdditions: MqttAddition[] },
): Promise<{ meter: MeterService | null; zeroExport: ZeroExportService | null }> {
  const { history, alerts } = parts;
  const meter = opts.meter
    ? await startMeter(app, port, gw, parts.mqttAdditions, history?.keeper.grid)
    : null;
  if (meter) alerts?.source.watchMeter(() => meter.status().state);
  // Its pause and the DTU's silence while it is on become alerts (issue 32 §2).
  const onEvent = meter && opts.zeroExport ? alerts?.source.watchZeroExport() : undefined;
  const zeroExport =
    meter && opts.zeroExport
      ? await attachZeroExport(app, port, meter, gw.dataDir, gw.log, onEvent ? { onEvent } : {})
      : null;
  if (zeroExport) {
    parts.mqttAdditions.push(zeroExportMqtt(zeroExport, gw.log));
    gw.metrics.push(() => zeroExportMetrics(zeroExport));
  }
  addFeaturesRoute(app, () => ({
    history: history !== null,
    alerts: alerts !== null,
    devices: false,
    ...(meter ? { meter: true } : {}),
    ...(zeroExport ? { zeroexport: true } : {}),
  }));
  return { meter, zeroExport };
}

export async function buildApp(opts: BuildOptions): Promise<GatewayApp> {
  const dataDir = resolve(opts.dataDir);
  await mkdir(dataDir, { recursive: true });
  const hostClock: Clock = opts.clock ?? { now: () => Date.now() };
  const deviceConsole = createConsole(consoleListeners(opts));
  const log: LogLine = deviceConsole.log;

  const identityOptions = { ...DEFAULT_IDENTITY, ...opts.identity };
  const store = new ConfigStore(dataDir, chipIdFromMac(identityOptions.mac), log);
  await store.load();
  const identity = createIdentity(identityOptions, () => store.config.wifi.hostname);
  const clock = (opts.createDeviceClock ?? createDeviceClock)({
    clock: hostClock,
    timezone: store.config.ntp.timezone,
  });
  const makeFleet: CreateFleet =
    opts.createFleet ??
    ((deps) => createFleet({ ...deps, offline: opts.offline ?? [], faults: opts.faults ?? [] }));
  const fleet: Fleet = await makeFleet({
    config: store.config,
    clock,
    log,
    stateFile: join(dataDir, ".fleet-state.json"),
    ...(opts.random ? { random: opts.random } : {}),
  });
  const makeMqtt = opts.createMqtt ?? createMqtt;
  /** Filled below once the features exist (the meter); MQTT reads it at each cycle. */
  const mqttAdditions: MqttAddition[] = [];
  const gw = new Gateway({
    store,
    identity,
    hostClock,
    clock,
    fleet,
    mqtt: (uptimeSeconds) =>
      makeMqtt({
        getConfig: () => store.config,
        fleet,
        clock,
        log,
        identity,
        uptimeSeconds,
        additions: mqttAdditions,
      }),
    console: deviceConsole,
    dataDir,
    webRoot: resolve(opts.webRoot ?? DEFAULT_WEB_ROOT),
    zonesFile: opts.zonesFile ?? DEFAULT_ZONES_FILE,
    rebootDelayMs: opts.rebootDelayMs ?? 1000,
    outageMs: opts.outageMs ?? 2500,
  });
  await gw.loadPins();

  const security = createSecurity({ clock: hostClock, ...opts.security, log });
  const port = createSimPort({
    fleet,
    clock,
    hostNow: () => hostClock.now(),
    // "Not answering since …" of the overview is the visitor's time, also where a test runs the host clock fast.
    wallNow: () => Date.now(),
    config: () => gw.config,
    hostname: () => identity.hostname(),
    inOutage: () => gw.inOutage(),
    security,
    log,
  });
  const house = opts.meter && opts.history ? await backfillHouse(port, dataDir) : null;
  const history: SimHistory | null = opts.history
    ? startSimHistory(port, dataDir, opts.history.rawDays, undefined, house)
    : null;
  const alerts = opts.alerts ? await startSimAlerts(port, dataDir, log, opts.alerts) : null;
  const routes = [...historyRoutes(history?.keeper ?? NO_HISTORY), ...(alerts?.routes ?? []), ...allRoutes()];
  const routing = createRouting(gw, routes);
  const app = await createDeviceHttp({ gw, routing, security, logger: opts.logger ?? false });
  alerts?.attach(app);
  // Before startTimers: zero export's preClose sends the fallback while the fleet still ticks (acknowledges it).
  const { meter, zeroExport } = await attachFeatures(app, port, gw, opts, { history, alerts, mqttAdditions });

  const sockets = attachSockets(app.server, gw, security, opts.maxLiveClients);
  gw.onReboot.push(() => {
    sockets.dropAll();
    app.server.closeAllConnections();
  });
  // During the simulated reboot the device is not reachable at all.
  app.server.on("connection", (socket) => {
    if (gw.inOutage()) socket.destroy();
  });
  startTimers(app, gw, port, sockets, history, opts.tickMs ?? 1000);

  gw.log(`OpenDTU ${identity.gitHash} started, hostname ${identity.hostname()}`);
  return Object.assign(app, {
    gateway: gw,
    port,
    sockets,
    security,
    history: history?.keeper ?? null,
    alerts: alerts?.alerts ?? null,
    meter,
    zeroExport,
  }) as GatewayApp;
}
