/**
 * The gateway's command line: builds the device (buildApp) and listens.
 *   --port N      (PORT, default 8080)
 *   --host ADDR   (HOST, default 127.0.0.1: this computer only; 0.0.0.0 opens it to the LAN, SECURITY.md)
 *   --data DIR    (DTU_DATA_DIR, default ./data; created if missing)
 *   --console     also print the device console (the /console socket text) to stdout
 *   --device URL  (DTU_DEVICE) proxy mode: serve the web app in front of a real device (src/proxy/)
 *   --device NAME=URL, repeatable (DTU_DEVICES, comma-separated): several devices, each under /d/NAME/, URL `sim`
 *                 for a simulated one (src/multi/); one device alone behaves as without a NAME
 *   --base-path P (DTU_BASE_PATH) one device under the prefix P, for a reverse proxy (src/multi/)
 *   --device-user / --device-password  (DTU_DEVICE_USER / DTU_DEVICE_PASSWORD) the proxy's history recorder logs in
 *                 (a device's own credentials in its URL, http://USER:PASSWORD@ADDRESS, go first)
 *   --raw-days N  (DTU_HISTORY_RAW_DAYS, default 14) days of raw history samples kept (src/history/)
 *   --offline S,… (DTU_OFFLINE) simulated inverters that never answer, to see "unreachable" by day (src/fleet/)
 *   --fault S:N=F (DTU_FAULTS) a simulated string giving only a share of its power, to see a weak-string alert
 */
import { networkInterfaces } from "node:os";
import { resolve } from "node:path";
import { DEFAULT_PASSWORD } from "@dtu/api/limits";
import { parseFault, type StringFault } from "./faultArg.ts";
import { closeOnSignals } from "./closeOnSignals.ts";
import { DEFAULT_NAME, devicesFromEnv, parseBasePath, parseDeviceSpecs } from "./multi/specs.ts";
import { dataFolderProblem, listenProblem, startFailed } from "./startErrors.ts";

const USAGE = `Usage: npm start -- [--port N] [--host ADDR] [--data DIR] [--console] [--device [NAME=]URL …]
  --port N     HTTP port (env PORT, default 8080)
  --host ADDR  address to listen on (env HOST, default 127.0.0.1 = this computer only;
               0.0.0.0 = every network this computer is on)
  --data DIR   where config.json, pin_mapping.json and the fleet state live (env DTU_DATA_DIR, default ./data)
  --console    echo the device console (what /console sends) to stdout
  --device URL proxy mode: serve the web app and forward /api and the sockets to a real device at URL
               (env DTU_DEVICE, e.g. http://192.168.1.50); --console does not apply, --data holds history only
  --device NAME=URL
               repeatable: several devices in one gateway, each under /d/NAME/ with the overview at /api/overview
               (env DTU_DEVICES, comma-separated); URL "sim" is a simulated device with its data in --data/NAME/;
               NAME: 1 to 24 lower-case letters, digits and "-"; a device's own credentials go into its URL,
               http://USER:PASSWORD@ADDRESS (percent-encoded: %40 for @, %2F for /, %2C for a comma)
  --base-path /PREFIX/
               serve the one device under /PREFIX/ (behind a reverse proxy that keeps the prefix; env DTU_BASE_PATH)
  --device-user NAME, --device-password PW
               proxy mode: credentials for recording history when the device's read-only access is off
               (env DTU_DEVICE_USER, default admin / DTU_DEVICE_PASSWORD), for every device without its own
  --raw-days N days of raw history samples kept (env DTU_HISTORY_RAW_DAYS, default 14)
  --offline SERIAL[,SERIAL…]
               simulated inverters that never answer, as if switched off at the breaker (env DTU_OFFLINE);
               every simulated inverter stops answering at night anyway
  --fault SERIAL:STRING=FACTOR[,…]
               simulated DC string STRING (1 = the first, as the screens number them) giving FACTOR (0 to 1) of its
               power from now on, e.g. 116482345678:2=0.4 (env DTU_FAULTS); the recorded history stays normal`;

/** Local by default (SECURITY.md): nothing on the network reaches the gateway unless --host says so. */
export const DEFAULT_HOST = "127.0.0.1";

interface Args {
  port: number;
  host: string;
  data: string;
  console: boolean;
  /** `--device` values in order (`URL` or `NAME=URL`). */
  devices: string[];
  basePath?: string;
  deviceUser: string;
  devicePassword?: string;
  rawDays: number;
  /** Hex serials of simulated inverters that never answer. */
  offline: string[];
  faults: StringFault[];
}

/** `--offline` list: hex serials separated by commas (or spaces); anything else is refused. */
function serialList(text: string): string[] {
  const list = text.split(/[\s,]+/).filter(Boolean);
  const bad = list.find((s) => !/^[0-9a-fA-F]{1,16}$/.test(s));
  if (bad !== undefined) fail(`invalid serial for --offline: ${bad} (hex digits, e.g. 116482345678)`);
  return list;
}

/** `--fault` list: SERIAL:STRING=FACTOR separated by commas (or spaces). */
function faultList(text: string): StringFault[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((item) => {
      try {
        return parseFault(item);
      } catch (err) {
        return fail((err as Error).message);
      }
    });
}

function fail(message: string): never {
  console.error(message);
  console.error(USAGE);
  process.exit(1);
}

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv): Args {
  const args: Args = {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? DEFAULT_HOST,
    data: env.DTU_DATA_DIR ?? "./data",
    console: false,
    devices: env.DTU_DEVICE ? [env.DTU_DEVICE] : devicesFromEnv(env.DTU_DEVICES),
    ...(env.DTU_BASE_PATH ? { basePath: env.DTU_BASE_PATH } : {}),
    deviceUser: env.DTU_DEVICE_USER ?? "admin",
    ...(env.DTU_DEVICE_PASSWORD ? { devicePassword: env.DTU_DEVICE_PASSWORD } : {}),
    rawDays: Number(env.DTU_HISTORY_RAW_DAYS ?? 14),
    offline: serialList(env.DTU_OFFLINE ?? ""),
    faults: faultList(env.DTU_FAULTS ?? ""),
  };
  let fromArgv = false;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] ?? "";
    // `--device=garage=http://x`: only the first `=` ends the option's name.
    const eq = flag.startsWith("--") ? flag.indexOf("=") : -1;
    const [name, inline] = eq > 0 ? [flag.slice(0, eq), flag.slice(eq + 1)] : [flag, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") fail(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case "--port":
        args.port = Number(value());
        break;
      case "--host":
        args.host = value();
        break;
      case "--data":
        args.data = value();
        break;
      case "--console":
        args.console = true;
        break;
      case "--device":
        // The command line's devices replace the environment's.
        if (!fromArgv) args.devices = [];
        fromArgv = true;
        args.devices.push(value());
        break;
      case "--base-path":
        args.basePath = value();
        break;
      case "--device-user":
        args.deviceUser = value();
        break;
      case "--device-password":
        args.devicePassword = value();
        break;
      case "--raw-days":
        args.rawDays = Number(value());
        break;
      case "--offline":
        args.offline.push(...serialList(value()));
        break;
      case "--fault":
        args.faults.push(...faultList(value()));
        break;
      case "--help":
      case "-h":
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        // Unknown options are refused, not ignored.
        fail(`unknown option: ${flag}`);
    }
  }
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) fail(`invalid port: ${args.port}`);
  if (!Number.isInteger(args.rawDays) || args.rawDays < 1 || args.rawDays > 3660)
    fail(`invalid --raw-days: ${args.rawDays} (1 to 3660)`);
  try {
    const specs = parseDeviceSpecs(args.devices);
    if (args.basePath !== undefined) {
      args.basePath = parseBasePath(args.basePath);
      if (specs.length > 1) fail("--base-path is for one device; several devices are each under /d/NAME/");
    }
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  return args;
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}

/**
 * What the start message says about reach: on loopback how to open it to the LAN and what that exposes; opened,
 * a reminder of the same. `what` is the part that the LAN then reaches.
 */
export function reachNote(host: string, what: string): string {
  return isLoopback(host)
    ? `Only this computer can open it. To open it to your network: --host 0.0.0.0 (HOST=0.0.0.0); anyone on the ` +
        `network can then reach ${what}.`
    : `Open to the network on ${host}: anyone who can reach this computer reaches ${what}.`;
}

export function urls(host: string, port: number): string[] {
  if (host !== "0.0.0.0" && host !== "::")
    return [`http://${host.includes(":") ? `[${host}]` : host}:${port}/`];
  const list = [`http://localhost:${port}/`];
  for (const addrs of Object.values(networkInterfaces())) {
    for (const a of addrs ?? []) {
      if (a.family === "IPv4" && !a.internal) list.push(`http://${a.address}:${port}/`);
    }
  }
  return list;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), process.env);
  const specs = parseDeviceSpecs(args.devices);
  if (specs.length > 1 || args.basePath !== undefined) {
    const { runDevices } = await import("./multi/cli.ts");
    await runDevices({
      specs: specs.length > 0 ? specs : [{ name: DEFAULT_NAME, target: "sim" }],
      ...(args.basePath !== undefined ? { basePath: args.basePath } : {}),
      dataDir: resolve(args.data),
      history: { rawDays: args.rawDays },
      deviceUser: args.deviceUser,
      ...(args.devicePassword !== undefined ? { devicePassword: args.devicePassword } : {}),
      sim: { echoConsole: args.console, offline: args.offline },
      port: args.port,
      host: args.host,
      urls,
      reachNote,
    });
    return;
  }
  const single = specs[0]?.target;
  if (single instanceof URL) {
    // Credentials in the address (`http://admin:secret@…`) go before --device-user/--device-password.
    const own = specs[0]?.credentials;
    const password = own?.password ?? args.devicePassword;
    const { runProxy } = await import("./proxy/cli.ts");
    await runProxy({
      device: single.origin,
      port: args.port,
      host: args.host,
      urls,
      reachNote,
      history: {
        dataDir: resolve(args.data),
        rawDays: args.rawDays,
        user: own?.user ?? args.deviceUser,
        ...(password !== undefined ? { password } : {}),
      },
      ...(own ? { credentialsInAddress: true } : {}),
    });
    return;
  }
  // Loaded here, not at the top: proxy mode never loads the simulated device (fleet, MQTT, its history).
  const { buildApp } = await import("./app.ts");
  const dataDir = resolve(args.data);
  const app = await buildApp({
    dataDir,
    echoConsole: args.console,
    history: { rawDays: args.rawDays },
    offline: args.offline,
    faults: args.faults,
    alerts: {},
  }).catch((err: unknown) => startFailed(dataFolderProblem(dataDir, err)));
  await app.listen({ port: args.port, host: args.host }).catch(async (err: unknown) => {
    await app.close().catch(() => undefined);
    startFailed(listenProblem(args.port, args.host, err));
  });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : args.port;
  console.log(`OpenDTU gateway (firmware v23.11.16 behaviour), data and history in ${dataDir}`);
  for (const url of urls(args.host, port)) console.log(`  ${url}`);
  console.log(reachNote(args.host, "the live data and, with the admin password, every setting"));
  const historyNote = app.history?.startNote();
  if (historyNote) console.log(historyNote);
  if (app.gateway.config.security.password === DEFAULT_PASSWORD) {
    console.log(
      `Admin login: admin / ${DEFAULT_PASSWORD} (the default password; change it under Settings > Security)`,
    );
  }
  closeOnSignals(app);
}

if (import.meta.url === `file://${process.argv[1] ?? ""}` || process.argv[1]?.endsWith("server.ts")) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
