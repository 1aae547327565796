/** `npm start` without --device: the simulated device on --port/--host, and its start message. */
import { resolve } from "node:path";
import { DEFAULT_PASSWORD } from "@dtu/api/limits";
import { closeOnSignals } from "../closeOnSignals.ts";
import { dataFolderProblem, listenProblem, startFailed } from "../startErrors.ts";
import type { Args } from "./options.ts";
import { reachNote, urls } from "./reach.ts";

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
