/**
 * Builds the devices of `--device NAME=URL …` and the one server in front of them (issue 24 §2–4): per device its
 * own app (buildApp for `sim`, buildProxyApp for an address) with its own data folder, security, MQTT and
 * Prometheus, mounted under `/d/NAME/` (./host.ts, ./mount.ts), and the overview at the top (./overview.ts).
 * With one device and `--base-path`, that device alone under the base path, without an overview.
 */
import type { Server } from "node:http";
import { join, resolve } from "node:path";
import { DEFAULT_PASSWORD } from "@dtu/api/limits";
import { devicePrefix } from "@dtu/api/overview";
import { buildApp, type BuildOptions } from "../app.ts";
import type { Access } from "../port/real/index.ts";
import { buildProxyApp, type ProxyOptions } from "../proxy/app.ts";
import { createHost, type Mount } from "./host.ts";
import { placeUnder } from "./mount.ts";
import { openAlerts, type NamedDevice } from "./overview.ts";
import { lastReadings } from "./lastRead.ts";
import { seedSimConfig, simIdentity } from "./simSeed.ts";
import { addTopRoutes } from "./top.ts";
import type { DeviceSpec } from "./specs.ts";

export interface DevicesOptions {
  specs: readonly DeviceSpec[];
  /** `--data`: a device's folder is `<data>/<NAME>/` (several devices) or `<data>` itself (one, under a base path). */
  dataDir: string;
  /** One device under this prefix (`/solar/`) instead of `/d/NAME/` and no overview; ignored with several. */
  basePath?: string;
  /** Production history per device (issue 14); off when absent. */
  history?: { rawDays?: number };
  /**
   * `--device-user`/`--device-password`: the gateway's own connections to real devices (history, alerts, overview),
   * for each device without credentials of its own in its address (`DeviceSpec.credentials`).
   */
  deviceUser?: string;
  devicePassword?: string;
  /** Inverters of a simulated device's first start (default 2, as a one-device gateway). */
  simInverters?: number;
  /** More options for every simulated device's buildApp, and every proxy's buildProxyApp (tests, bench). */
  sim?: Omit<Partial<BuildOptions>, "dataDir" | "identity" | "history">;
  proxy?: Omit<Partial<ProxyOptions>, "device" | "history">;
}

export interface RunningDevice extends NamedDevice {
  prefix: string;
  kind: "sim" | "proxy";
  app: Mount["app"];
  dataDir: string;
  /** For the start message: what the device is and where its data is kept. */
  note: string;
  /** A simulated device still on the default admin password. */
  defaultPassword(): boolean;
  /**
   * A real device's history for the start message: the note on a history file that could not be used, and whether
   * the device lets the recorder read (null without a usable file). Null for a simulated device or without history.
   */
  history: { note: string | null; access: Promise<Access> | null } | null;
}

export interface DevicesHost {
  server: Server;
  devices: RunningDevice[];
  /** Closes every device and the server (which must have been listening or never started). */
  close(): Promise<void>;
}

async function startDevice(
  spec: DeviceSpec,
  index: number,
  prefix: string,
  dataDir: string,
  opts: DevicesOptions,
): Promise<RunningDevice & { mount: Mount }> {
  const history = opts.history;
  if (spec.target === "sim") {
    const identity = simIdentity(spec.name, index);
    await seedSimConfig(dataDir, spec.name, identity, index, opts.simInverters);
    const { echoConsole, ...sim } = opts.sim ?? {};
    const app = await buildApp({
      // Each simulated device has its own household meter (issue 31 §1), the simulated house by default.
      meter: true,
      ...sim,
      dataDir,
      identity,
      // Each device watches its own inverters (issue 23), as a single gateway does; alerts keep their store in the
      // device's history.db, so they come with history.
      ...(history ? { history, alerts: {} } : {}),
      // `--console` with several devices: each line says whose it is.
      ...(echoConsole
        ? {
            onConsole: (chunk: string) =>
              process.stdout.write(`[${spec.name}] ${chunk.replace(/\r\n$/, "\n")}`),
          }
        : {}),
    });
    return {
      name: spec.name,
      prefix,
      kind: "sim",
      app,
      dataDir,
      port: app.port,
      alerts: openAlerts(app.alerts),
      lastReadings: lastReadings(app.history, app.port.place),
      meter: () => app.meter?.status() ?? null,
      note: `simulated, data in ${dataDir}`,
      defaultPassword: () => app.gateway.config.security.password === DEFAULT_PASSWORD,
      history: null,
      mount: { prefix, app, refusing: () => app.gateway.inOutage(), stopped: () => false },
    };
  }
  // The device's own credentials (from its address) or the global ones, as a pair: never one of each.
  const user = spec.credentials?.user ?? opts.deviceUser ?? "admin";
  const password = spec.credentials?.password ?? opts.devicePassword;
  const log = (line: string): void => console.log(`${spec.name}: ${line}`);
  // Without history the overview is the only reader of the device's port, and the console says it opens one.
  if (!history) log("no history recorder to share: the overview opens its own live connection to the device");
  const app = await buildProxyApp({
    ...opts.proxy,
    device: spec.target.origin,
    ...(history
      ? {
          history: { dataDir, user, ...history, ...(password ? { password } : {}) },
          alerts: opts.proxy?.alerts ?? {},
        }
      : { port: { user, ...(password ? { password } : {}), log } }),
    // Its own meter, its settings in its own folder (meter.json), as a simulated device has.
    meter: { dataDir, log },
  });
  const port = app.port;
  if (!port) throw new Error("a real device's app without its port");
  return {
    name: spec.name,
    prefix,
    kind: "proxy",
    app,
    dataDir,
    port,
    alerts: openAlerts(app.alerts?.alerts ?? null),
    lastReadings: lastReadings(app.history?.keeper ?? null, port.place),
    // Which credentials it gets, never what they are.
    note:
      `forwarded to ${app.device.origin}${spec.credentials ? " with its own credentials" : ""}` +
      (history ? `, history in ${dataDir}` : ""),
    defaultPassword: () => false,
    history: app.history
      ? {
          note: app.history.keeper.startNote(),
          // Without a usable history file the note says why; nothing to say about access then.
          access: app.history.keeper.current() ? app.history.access : null,
        }
      : null,
    mount: { prefix, app, stopped: () => false },
  };
}

export async function createDevicesHost(opts: DevicesOptions): Promise<DevicesHost> {
  const several = opts.specs.length > 1;
  const root = resolve(opts.dataDir);
  const started: (RunningDevice & { mount: Mount })[] = [];
  const closeAll = async (): Promise<void> => {
    await Promise.allSettled(started.map((d) => d.app.close()));
  };
  try {
    for (const [index, spec] of opts.specs.entries()) {
      const prefix = several ? devicePrefix(spec.name) : (opts.basePath ?? "/");
      const device = await startDevice(spec, index, prefix, several ? join(root, spec.name) : root, opts);
      started.push(device);
      placeUnder(device.app, prefix);
      let stopped = false;
      device.app.addHook("onClose", async () => void (stopped = true));
      device.mount.stopped = () => stopped;
      await device.app.ready();
    }
  } catch (err) {
    await closeAll();
    throw err;
  }
  const devices = started.map(({ mount: _mount, ...device }) => device);
  const first = started[0]?.prefix ?? "/";
  const host = createHost({
    mounts: started.map((d) => d.mount),
    notFound: (path) => `Nothing at ${path}; the devices are under ${several ? "/d/NAME/" : first}`,
  });
  if (several) addTopRoutes(host, devices);
  // One device under --base-path: the way in (`--base-path /` is the device's own `/`).
  else if (first !== "/")
    host.get("/", async (_req, reply) =>
      reply.code(302).header("location", first).header("cache-control", "no-store").send(),
    );
  const server = host.server;
  try {
    await host.ready();
  } catch (err) {
    await closeAll();
    throw err;
  }
  return {
    server,
    devices,
    async close() {
      if (server.listening) {
        server.closeAllConnections();
        await new Promise<void>((done) => server.close(() => done()));
      }
      await host.close();
      await closeAll();
    },
  };
}
