/**
 * `npm run bench:gateway` (issue 6 §4): N live WebSocket clients on /livedata plus HTTP GET load on loopback for a
 * fixed time, against the gateway running alone in a child process (bench/gateway-server.ts).
 * Reports messages delivered per client, p50/p99 request latency per path, the gateway's RSS and heap, and whether
 * any client was dropped. Options: --clients=100 --seconds=60 --concurrency=8.
 *
 * The device keeps at most 8 live clients and closes the oldest beyond that (API.md §3.2). The bench asks buildApp
 * for `maxLiveClients: N`; a gateway without that option keeps the device's cap, and the bench then says how many of
 * the N clients it closed at connect time and measures the ones that stayed.
 */
import { fork } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { WebSocket } from "ws";
import { ADMIN_AUTH, MIXED_FLEET, REPO, setFleet, mb, median, percentile, postData, numArg } from "./lib.ts";

const CLIENTS = numArg("clients", 100);
const SECONDS = numArg("seconds", 60);
const CONCURRENCY = numArg("concurrency", 8);
/** Read endpoints a phone or a script would poll, plus the SPA index (API.md §2.4, §3.21). */
const PATHS = [
  "/api/livedata/status",
  "/api/system/status",
  "/api/ntp/status",
  "/api/network/status",
  "/api/limit/status",
  "/",
];

interface Stats {
  type: "stats";
  memory: NodeJS.MemoryUsage;
  liveClients: number;
}

const child = fork(join(REPO, "bench/gateway-server.ts"), [], {
  execArgv: ["--import", "tsx"],
  env: { ...process.env, BENCH_MAX_LIVE_CLIENTS: String(CLIENTS) },
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
// Whatever happens, the child goes when we go.
process.on("exit", () => child.kill());

const baseUrl = await new Promise<string>((resolve, reject) => {
  child.once("message", (m: { type: string; baseUrl: string }) => resolve(m.baseUrl));
  child.once("exit", (code) => reject(new Error(`gateway process exited (${code})`)));
});

function stats(): Promise<Stats> {
  return new Promise((resolve) => {
    const on = (m: Stats): void => {
      if (m.type !== "stats") return;
      child.off("message", on);
      resolve(m);
    };
    child.on("message", on);
    child.send({ type: "stats" });
  });
}

// ---- set-up: 10 inverters, poll every second so the live push runs at its 1/s maximum (API.md §3.2) ----
await setFleet(baseUrl, MIXED_FLEET);
const dtu = (await (
  await fetch(`${baseUrl}/api/dtu/config`, { headers: { authorization: ADMIN_AUTH } })
).json()) as Record<string, unknown>;
const dtuResult = await postData(baseUrl, "/api/dtu/config", { ...dtu, pollinterval: 1 });
if (dtuResult.type !== "success") throw new Error(`dtu/config: ${JSON.stringify(dtuResult)}`);

// ---- live clients ----
interface Client {
  ws: WebSocket;
  messages: number;
  bad: number;
  closedAt: number | null;
}
const wsUrl = `${baseUrl.replace(/^http/, "ws")}/livedata`;
const clients: Client[] = [];
for (let i = 0; i < CLIENTS; i++) {
  const ws = new WebSocket(wsUrl);
  const c: Client = { ws, messages: 0, bad: 0, closedAt: null };
  ws.on("message", (data) => {
    c.messages++;
    try {
      const doc = JSON.parse(String(data)) as { inverters?: unknown[] };
      if (doc.inverters?.length !== MIXED_FLEET.length) c.bad++;
    } catch {
      c.bad++;
    }
  });
  ws.on("close", () => {
    c.closedAt = performance.now();
  });
  ws.on("error", () => undefined);
  await new Promise<void>((resolve) => {
    ws.once("open", () => resolve());
    ws.once("close", () => resolve());
  });
  clients.push(c);
}
await new Promise((r) => setTimeout(r, 2000));
const kept = clients.filter((c) => c.closedAt === null);
const closedAtConnect = CLIENTS - kept.length;
const before = await stats();
console.log(
  `gateway ${baseUrl}: ${CLIENTS} clients connected, ${kept.length} kept` +
    (closedAtConnect > 0 ? ` (${closedAtConnect} closed by the gateway: live client cap, API.md §3.2)` : ""),
);
for (const c of kept) {
  c.messages = 0;
  c.bad = 0;
}

// ---- HTTP load for SECONDS, sampling the gateway's memory every 5 s ----
const latencies = new Map<string, number[]>(PATHS.map((p) => [p, []]));
let errors = 0;
const start = performance.now();
const end = start + SECONDS * 1000;
const samples: Stats[] = [before];
const sampler = setInterval(() => void stats().then((s) => samples.push(s)), 5000);
let next = 0;
async function worker(): Promise<void> {
  while (performance.now() < end) {
    const path = PATHS[next++ % PATHS.length] as string;
    const t0 = performance.now();
    try {
      const res = await fetch(`${baseUrl}${path}`);
      await res.arrayBuffer();
      if (res.status !== 200) errors++;
      latencies.get(path)?.push(performance.now() - t0);
    } catch {
      errors++;
    }
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
clearInterval(sampler);
const elapsed = (performance.now() - start) / 1000;
const after = await stats();
samples.push(after);

// ---- results ----
const droppedDuringRun = kept.filter((c) => c.closedAt !== null).length;
const perClient = kept.map((c) => c.messages);
const all = [...latencies.values()].flat();
const fmtMs = (n: number): string => `${n.toFixed(1)} ms`;
const rows = [...latencies].map(([path, l]) => ({
  path,
  requests: l.length,
  p50: percentile(l, 50),
  p99: percentile(l, 99),
}));
const maxRss = Math.max(...samples.map((s) => s.memory.rss));
const maxHeap = Math.max(...samples.map((s) => s.memory.heapUsed));
const result = {
  node: process.version,
  cpu: cpus()[0]?.model,
  cores: cpus().length,
  loadAverageAtEnd: loadavg(),
  clientsRequested: CLIENTS,
  clientsKept: kept.length,
  closedAtConnect,
  droppedDuringRun,
  liveClientsAtEnd: after.liveClients,
  seconds: Number(elapsed.toFixed(1)),
  messagesPerClient: { min: Math.min(...perClient), median: median(perClient), max: Math.max(...perClient) },
  badMessages: kept.reduce((s, c) => s + c.bad, 0),
  requests: all.length,
  requestsPerSecond: Math.round(all.length / elapsed),
  httpErrors: errors,
  latencyMs: { p50: percentile(all, 50), p99: percentile(all, 99) },
  perPath: rows,
  memory: {
    rssBefore: before.memory.rss,
    rssAfter: after.memory.rss,
    rssMax: maxRss,
    heapUsedBefore: before.memory.heapUsed,
    heapUsedAfter: after.memory.heapUsed,
    heapUsedMax: maxHeap,
  },
};

console.log(`\n${kept.length} live clients + ${CONCURRENCY} concurrent GET loops for ${result.seconds} s:`);
console.log(
  `  live messages per client: min ${result.messagesPerClient.min}, median ${result.messagesPerClient.median}, ` +
    `max ${result.messagesPerClient.max} (${result.badMessages} not a 10-inverter document)`,
);
console.log(
  `  clients dropped during the run: ${droppedDuringRun}; live clients at the end: ${after.liveClients}` +
    (closedAtConnect > 0 ? `; closed at connect (cap): ${closedAtConnect}` : ""),
);
console.log(
  `  HTTP: ${all.length} requests (${result.requestsPerSecond}/s), ${errors} errors, ` +
    `p50 ${fmtMs(result.latencyMs.p50)}, p99 ${fmtMs(result.latencyMs.p99)}`,
);
for (const r of rows) {
  console.log(
    `    ${r.path.padEnd(22)} ${String(r.requests).padStart(7)}  p50 ${fmtMs(r.p50)}  p99 ${fmtMs(r.p99)}`,
  );
}
console.log(
  `  gateway memory: RSS ${mb(before.memory.rss)} → ${mb(after.memory.rss)} (max ${mb(maxRss)}), ` +
    `heap used ${mb(before.memory.heapUsed)} → ${mb(after.memory.heapUsed)} (max ${mb(maxHeap)})`,
);
console.log(
  `  load average (1/5/15 min): ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")} on ${cpus().length} cores`,
);
mkdirSync(join(REPO, "test-artifacts"), { recursive: true });
writeFileSync(join(REPO, "test-artifacts/bench-gateway.json"), `${JSON.stringify(result, null, 2)}\n`);

for (const c of clients) c.ws.terminate();
child.send({ type: "close" });
await new Promise((r) => child.once("exit", r));
const ok = droppedDuringRun === 0 && errors === 0 && result.badMessages === 0 && closedAtConnect === 0;
if (!ok) {
  console.log(
    `\nbench:gateway: NOT clean (${closedAtConnect > 0 ? "live client cap; " : ""}` +
      `${droppedDuringRun} dropped, ${errors} HTTP errors, ${result.badMessages} bad messages)`,
  );
  process.exitCode = 1;
}
