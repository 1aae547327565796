/**
 * `npm start -- --device http://<address>` (env DTU_DEVICE): the proxy app on --port/--host, started by server.ts
 * instead of the simulated device.
 */
import { buildProxyApp } from "./app.ts";
import { closeOnSignals } from "../closeOnSignals.ts";

export interface ProxyCliArgs {
  device: string;
  port: number;
  host: string;
  /** The local URLs to print for the port actually bound (server.ts's list of interfaces). */
  urls: (host: string, port: number) => string[];
  /** The sentence on who can reach it (server.ts). */
  reachNote: (host: string, what: string) => string;
}

export async function runProxy(args: ProxyCliArgs): Promise<void> {
  const app = await buildProxyApp({ device: args.device });
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
  // Tell at once whether the device answers, without waiting for the first page load.
  void fetch(new URL("/api/system/status", app.device), { signal: AbortSignal.timeout(4000) }).then(
    (res) => {
      if (!res.ok) console.log(`Device answered HTTP ${res.status} to /api/system/status`);
      return res.body?.cancel();
    },
    (err: unknown) =>
      console.warn(
        `Warning: the device does not answer yet (${err instanceof Error ? err.message : String(err)}); ` +
          "the page will say so and recover once it does",
      ),
  );
  closeOnSignals(app);
}
