/**
 * Child process of bench/gateway.ts: the gateway alone in its own process, so the load generator neither shares its
 * event loop nor counts in its memory. Talks to the parent over IPC: "ready" with the URL, "stats" on request.
 */
import { startGateway } from "./lib.ts";

const maxLiveClients = Number(process.env.BENCH_MAX_LIVE_CLIENTS ?? 100);
// bench/history-load.ts: a data folder with a prepared history.db, history on.
const dataDir = process.env.BENCH_HISTORY_DIR;
const gw = await startGateway({ maxLiveClients, ...(dataDir ? { dataDir, history: {} } : {}) });

type Request = { type: "stats" } | { type: "close" };

process.on("message", (m: Request) => {
  if (m.type === "stats") {
    process.send?.({
      type: "stats",
      memory: process.memoryUsage(),
      liveClients: gw.app.sockets.clientCount("/livedata"),
    });
  } else if (m.type === "close") {
    void gw.close().then(() => process.exit(0));
  }
});
process.send?.({ type: "ready", baseUrl: gw.baseUrl });
