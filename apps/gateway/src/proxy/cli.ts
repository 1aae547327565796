/**
 * `npm start -- --device http://<address>` (env DTU_DEVICE): the proxy app on --port/--host, started by server.ts
 * instead of the simulated device.
 */
import type { ProxyHistoryOptions } from "../history/proxy.ts";
import type { Access } from "../port/real/index.ts";
import { buildProxyApp } from "./app.ts";
import { closeOnSignals } from "../lib/closeOnSignals.ts";
import { drain } from "../lib/drain.ts";

export interface ProxyCliArgs {
  device: string;
  port: number;
  host: string;
  /** The local URLs to print for the port actually bound (server.ts's list of interfaces). */
  urls: (host: string, port: number) => string[];
  /** The sentence on who can reach it (server.ts). */
  reachNote: (host: string, what: string) => string;
  /** History recording (issue 14); `password` is only needed while the device's read-only access is off. */
  history?: ProxyHistoryOptions;
  /** The user and password came in the device's address (`http://admin:secret@…`), not from --device-user/-password. */
  credentialsInAddress?: boolean;
}

/**
 * How the owner gives a device its password: the single proxy's option, or its address (`address`: a single device
 * given by its address, the proxy whose address carried its credentials or the one device under --base-path), or
 * (several devices) the device's address after its name.
 */
const PASSWORD_HOW = {
  single: "Pass --device-password (env DTU_DEVICE_PASSWORD)",
  address: "Put it in the device's address (--device http://admin:PASSWORD@host) or pass --device-password",
  several: "Put it in the device's address (NAME=http://admin:PASSWORD@host) or pass --device-password",
} as const;

/** The start message's line about history: recorded where, or why not. */
export function historyLine(
  access: Access,
  dataDir: string,
  how: keyof typeof PASSWORD_HOW = "single",
): string {
  const where = `History: recorded in ${dataDir}/history.db`;
  switch (access) {
    case "open":
    case "credentials-ok":
      return where;
    case "credentials-needed":
      return (
        "History is NOT recorded: the device's read-only access is off, so reading live data needs its " +
        `password. ${PASSWORD_HOW[how]}, or switch read-only access on.`
      );
    case "credentials-wrong":
      return how === "single"
        ? "History is NOT recorded: the device refuses --device-user/--device-password (wrong credentials)."
        : "History is NOT recorded: the device refuses the user and password given for it (wrong credentials).";
    case "unreachable":
      return `${where} once the device answers (nothing is recorded while it does not)`;
  }
}

export async function runProxy(args: ProxyCliArgs): Promise<void> {
  const app = await buildProxyApp({
    device: args.device,
    // The meter and zero export (off until their settings say on) keep their settings beside history.
    ...(args.history
      ? { history: args.history, alerts: {}, meter: { dataDir: args.history.dataDir }, zeroExport: true }
      : {}),
  });
  await app.listen({ port: args.port, host: args.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : args.port;
  console.log(`Proxy mode: web app here, API and sockets forwarded to the device at ${app.device.origin}`);
  for (const url of args.urls(args.host, port)) console.log(`  ${url}`);
  console.log(
    args.reachNote(
      args.host,
      "the device through this proxy (its live data, console and read pages, and every setting to whoever knows " +
        "the admin password)",
    ),
  );
  console.log("Log in with the device's own admin password.");
  if (app.history && args.history) {
    const dataDir = args.history.dataDir;
    const keeper = app.history.keeper;
    // A history file that cannot be used (or was kept aside) is said first; the device's access rule after it.
    const note = keeper.startNote();
    if (note) console.log(note);
    const how = args.credentialsInAddress ? "address" : "single";
    if (keeper.current()) void app.history.access.then((a) => console.log(historyLine(a, dataDir, how)));
  }
  // Tell at once whether the device answers, without waiting for the first page load.
  void fetch(new URL("/api/system/status", app.device), { signal: AbortSignal.timeout(4000) }).then(
    (res) => {
      // 401 is the device's answer with read-only access off (API.md §2.1): normal, not a fault.
      if (res.status === 401)
        console.log("The device's read-only access is off: its pages ask for its admin password.");
      else if (!res.ok) console.log(`Device answered HTTP ${res.status} to /api/system/status`);
      return drain(res);
    },
    (err: unknown) =>
      console.warn(
        `Warning: the device does not answer yet (${err instanceof Error ? err.message : String(err)}); ` +
          "the page will say so and recover once it does",
      ),
  );
  closeOnSignals(app);
}
