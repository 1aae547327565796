/**
 * `npm start -- --device roof=sim --device garage=http://192.168.1.50` (several devices), or one device under
 * `--base-path /solar/`: the devices host (./devices.ts) on --port/--host, started by server.ts.
 */
import { DEFAULT_PASSWORD } from "@dtu/api/limits";
import { closeOnSignals } from "../lib/closeOnSignals.ts";
import { historyLine } from "../proxy/cli.ts";
import { listenProblem, startFailed } from "../lib/startErrors.ts";
import { createDevicesHost, type DevicesOptions, type RunningDevice } from "./devices.ts";

export interface DevicesCliArgs extends DevicesOptions {
  port: number;
  host: string;
  urls: (host: string, port: number) => string[];
  reachNote: (host: string, what: string) => string;
}

/**
 * The start message: where each device is and what it is (addresses without credentials, specs.ts). One device
 * under `--base-path` is spoken of as the one-device gateway does (server.ts): its addresses with the prefix, no
 * name (`dtu` is none the owner gave), "the" device rather than "every device".
 */
export function startLines(
  devices: readonly RunningDevice[],
  args: Pick<DevicesCliArgs, "host" | "urls" | "reachNote">,
  port: number,
): string[] {
  const urls = args.urls(args.host, port);
  const [one] = devices;
  if (devices.length === 1 && one) {
    return [
      `OpenDTU gateway under ${one.prefix} (${one.note})`,
      ...urls.map((url) => `  ${new URL(one.prefix.slice(1), url).href}`),
      ...(one.defaultPassword()
        ? [
            `Admin login: admin / ${DEFAULT_PASSWORD} (the default password; change it under Settings > Security)`,
          ]
        : []),
      args.reachNote(args.host, "the device's live data and, with its admin password, every setting"),
    ];
  }
  const [base = "http://localhost/"] = urls;
  const lines = [
    `OpenDTU gateway with ${devices.length} devices (overview: GET /api/overview)`,
    ...urls.map((url) => `  ${url}`),
  ];
  for (const d of devices) {
    lines.push(`  ${d.name}: ${new URL(d.prefix.slice(1), base).href} (${d.note})`);
    if (d.defaultPassword())
      lines.push(`    admin / ${DEFAULT_PASSWORD} (the default password; each device has its own)`);
  }
  lines.push(
    args.reachNote(args.host, "every device's live data and, with its admin password, its settings"),
  );
  return lines;
}

/**
 * Each real device's history line, as a single proxy says it (proxy/cli.ts): above all a device that refuses the
 * recorder (read-only access off, and no or wrong password for it), which would otherwise record nothing silently.
 */
export async function historyLines(devices: readonly RunningDevice[]): Promise<string[]> {
  // One device (under a base path) has no name to tell it from another: neither in its lines nor in its address.
  const one = devices.length === 1;
  const lines = await Promise.all(
    devices.map(async ({ name, dataDir, history }) => {
      if (!history) return [];
      const access = history.access
        ? historyLine(await history.access, dataDir, one ? "address" : "several")
        : null;
      const lines = [history.note, access].filter((l) => l !== null);
      return one ? lines : lines.map((l) => `  ${name}: ${l}`);
    }),
  );
  return lines.flat();
}

export async function runDevices(args: DevicesCliArgs): Promise<void> {
  const host = await createDevicesHost(args).catch((err: unknown) =>
    startFailed(`Could not start the devices: ${err instanceof Error ? err.message : String(err)}`),
  );
  await new Promise<void>((done, fail) => {
    host.server.once("error", fail);
    host.server.listen(args.port, args.host, () => done());
  }).catch(async (err: unknown) => {
    await host.close().catch(() => undefined);
    startFailed(listenProblem(args.port, args.host, err));
  });
  const address = host.server.address();
  const port = typeof address === "object" && address ? address.port : args.port;
  for (const line of startLines(host.devices, args, port)) console.log(line);
  for (const line of await historyLines(host.devices)) console.log(line);
  closeOnSignals({ close: () => host.close() });
}
