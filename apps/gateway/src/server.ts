/**
 * The gateway's command line (`npm start`): reads the options (cli/options.ts defines them, `--help` lists them)
 * and starts one of three modes: the simulated device (cli/simulated.ts), the proxy in front of a real device
 * (proxy/cli.ts) or several devices (multi/cli.ts). Each mode is loaded only when it starts: proxy mode never loads
 * the simulated device (test/proxy/imports.test.ts).
 */
import { resolve } from "node:path";
import { parseArgs } from "./cli/args.ts";
import type { Args } from "./cli/options.ts";
import { reachNote, urls } from "./cli/reach.ts";
import { DEFAULT_NAME, parseDeviceSpecs, type DeviceSpec } from "./multi/specs.ts";

export { parseArgs } from "./cli/args.ts";
export { DEFAULT_HOST } from "./cli/options.ts";
export { reachNote, urls } from "./cli/reach.ts";

async function runSeveral(args: Args, specs: DeviceSpec[]): Promise<void> {
  const { runDevices } = await import("./multi/cli.ts");
  await runDevices({
    specs: specs.length > 0 ? specs : [{ name: DEFAULT_NAME, target: "sim" }],
    ...(args.basePath !== undefined ? { basePath: args.basePath } : {}),
    dataDir: resolve(args.data),
    history: { rawDays: args.rawDays },
    deviceUser: args.deviceUser,
    ...(args.devicePassword !== undefined ? { devicePassword: args.devicePassword } : {}),
    sim: { echoConsole: args.console, offline: args.offline, meter: true },
    port: args.port,
    host: args.host,
    urls,
    reachNote,
  });
}

async function runOneProxy(args: Args, spec: DeviceSpec & { target: URL }): Promise<void> {
  // Credentials in the address (`http://admin:secret@…`) go before --device-user/--device-password.
  const own = spec.credentials;
  const password = own?.password ?? args.devicePassword;
  const { runProxy } = await import("./proxy/cli.ts");
  await runProxy({
    device: spec.target.origin,
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
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2), process.env);
  const specs = parseDeviceSpecs(args.devices);
  const [single] = specs;
  if (specs.length > 1 || args.basePath !== undefined) return runSeveral(args, specs);
  if (single?.target instanceof URL) return runOneProxy(args, { ...single, target: single.target });
  const { runSimulated } = await import("./cli/simulated.ts");
  return runSimulated(args);
}

if (import.meta.url === `file://${process.argv[1] ?? ""}` || process.argv[1]?.endsWith("server.ts")) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
