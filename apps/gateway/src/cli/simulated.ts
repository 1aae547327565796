/** `npm start` without --device: the simulated device on --port/--host, and its start message. */
import { join, resolve } from "node:path";
import { DEFAULT_PASSWORD } from "@dtu/api/limits";
import { closeOnSignals } from "../lib/closeOnSignals.ts";
import { REPO_ROOT } from "../lib/paths.ts";
import { dataFolderProblem, listenProblem, startFailed } from "../lib/startErrors.ts";
import { faultsNote } from "./faultsNote.ts";
import { serveMeterPort } from "../meter/cli.ts";
import type { Args } from "./options.ts";
import { reachNote, urls } from "./reach.ts";

/** The device build of the web app (`npm run build`), what goes on the device's flash (`--device-build`). */
export const DEVICE_WEB_ROOT = join(REPO_ROOT, "webapp_dist");

export const DEVICE_BUILD_NOTE =
  "Serving the device build (webapp_dist/, the files that go on the flash): the gateway's own screens (History, " +
  "Alerts) are not in it.";

export async function runSimulated(args: Args): Promise<void> {
  // Loaded here, not at the top: proxy mode never loads the simulated device (fleet, MQTT, its history).
  const { buildApp } = await import("../app.ts");
  const dataDir = resolve(args.data);
  const app = await buildApp({
    dataDir,
    echoConsole: args.console,
    history: { rawDays: args.rawDays },
    offline: args.offline,
    faults: args.faults,
    alerts: {},
    meter: true,
    zeroExport: true,
    ...(args.deviceBuild ? { webRoot: DEVICE_WEB_ROOT } : {}),
  }).catch((err: unknown) => startFailed(dataFolderProblem(dataDir, err)));
  const meterPort =
    args.meterPort === undefined ? null : await serveMeterPort(app, args.host, args.meterPort);
  await app.listen({ port: args.port, host: args.host }).catch(async (err: unknown) => {
    await app.close().catch(() => undefined);
    startFailed(listenProblem(args.port, args.host, err));
  });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : args.port;
  console.log(`OpenDTU gateway (firmware v23.11.16 behaviour), data and history in ${dataDir}`);
  for (const url of urls(args.host, port)) console.log(`  ${url}`);
  console.log(reachNote(args.host, "the live data and, with the admin password, every setting"));
  if (args.deviceBuild) console.log(DEVICE_BUILD_NOTE);
  for (const line of faultsNote(app.gateway.config.inverters, args.offline, args.faults)) console.log(line);
  if (meterPort) console.log(meterPort.note);
  const historyNote = app.history?.startNote();
  if (historyNote) console.log(historyNote);
  if (app.gateway.config.security.password === DEFAULT_PASSWORD) {
    console.log(
      `Admin login: admin / ${DEFAULT_PASSWORD} (the default password; change it under Settings > Security)`,
    );
  }
  closeOnSignals(app);
}
