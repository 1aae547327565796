/**
 * `npm run bench:devices` (issue 24 §6): the several-device gateway in a child process (bench/devices-server.ts),
 * 10 simulated devices × 4 inverters for 5 minutes under a steady load of overview and live GETs on loopback.
 * Reports memory per added device (against a 2-device gateway under the same load), the gateway's CPU, and
 * the p95 of `GET /api/overview` and of one device's `GET /d/NAME/api/livedata/status`.
 * Options: --devices=10 --inverters=4 --minutes=5 (decimals allowed for a quick try) --concurrency=2 --no-history.
 */
import { fork } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { REPO, mb, percentile, numArg } from "./lib.ts";

const DEVICES = numArg("devices", 10);
const INVERTERS = numArg("inverters", 4);
const MINUTES = numArg("minutes", 5);
const CONCURRENCY = numArg("concurrency", 2);
const HISTORY = !process.argv.includes("--no-history");
/** The 2-device comparison run (the smallest with the overview): as long as the main run, at most a minute. */
const BASELINE_MINUTES = Math.min(1, MINUTES);
/** Pause between two requests of one loop: a steady load like a few open overview pages, not a flood. */
const PAUSE_MS = 50;

interface Stats {
  type: "stats";
  memory: NodeJS.MemoryUsage;
  cpu: NodeJS.CpuUsage;
}

interface RunResult {
  devices: number;
  startMs: number;
  rssMax: number;
  heapMax: number;
  rssEnd: number;
  cpuPercent: number;
  latencies: Record<string, number[]>;
  errors: number;
  /** Times of 500 overview builds in the gateway process, without HTTP. */
  buildMs: number[];
}

async function run(devices: number, minutes: number): Promise<RunResult> {
  const child = fork(join(REPO, "bench/devices-server.ts"), [], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    env: {
      ...process.env,
      BENCH_DEVICES: String(devices),
      BENCH_INVERTERS: String(INVERTERS),
      BENCH_HISTORY: HISTORY ? "1" : "0",
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const kill = (): boolean => child.kill();
  process.on("exit", kill);
  const { baseUrl, startMs } = await new Promise<{ baseUrl: string; startMs: number }>((resolve, reject) => {
    child.once("message", (m: { baseUrl: string; startMs: number }) => resolve(m));
    child.once("exit", (code) => reject(new Error(`gateway process exited (${code})`)));
  });
  const stats = (): Promise<Stats> =>
    new Promise((resolve) => {
      const on = (m: Stats): void => {
        if (m.type !== "stats") return;
        child.off("message", on);
        resolve(m);
      };
      child.on("message", on);
      child.send({ type: "stats" });
    });

  const paths = ["/api/overview", "/d/dev1/api/livedata/status"];
  const latencies: Record<string, number[]> = Object.fromEntries(paths.map((p) => [p, []]));
  let errors = 0;
  const first = await stats();
  const samples: Stats[] = [first];
  const t0 = performance.now();
  const end = t0 + minutes * 60_000;
  const sampler = setInterval(() => void stats().then((s) => samples.push(s)), 5000);
  const loop = async (offset: number): Promise<void> => {
    for (let i = offset; performance.now() < end; i++) {
      const path = paths[i % paths.length] as string;
      const start = performance.now();
      try {
        const res = await fetch(`${baseUrl}${path}`);
        await res.arrayBuffer();
        if (!res.ok) errors++;
        else latencies[path]?.push(performance.now() - start);
      } catch {
        errors++;
      }
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => loop(i)));
  clearInterval(sampler);
  const last = await stats();
  samples.push(last);
  const wallMs = performance.now() - t0;
  const cpuMs = (last.cpu.user + last.cpu.system - first.cpu.user - first.cpu.system) / 1000;
  const buildMs = await new Promise<number[]>((resolve) => {
    const on = (m: { type: string; times: number[] }): void => {
      if (m.type !== "build") return;
      child.off("message", on);
      resolve(m.times);
    };
    child.on("message", on);
    child.send({ type: "build", n: 500 });
  });
  child.send({ type: "close" });
  await new Promise((r) => child.once("exit", r));
  process.off("exit", kill);
  return {
    devices,
    startMs,
    rssMax: Math.max(...samples.map((s) => s.memory.rss)),
    heapMax: Math.max(...samples.map((s) => s.memory.heapUsed)),
    rssEnd: last.memory.rss,
    cpuPercent: (cpuMs / wallMs) * 100,
    latencies,
    errors,
    buildMs,
  };
}

const loadBefore = loadavg();
console.log(
  `bench:devices ${DEVICES} devices × ${INVERTERS} inverters, ${MINUTES} min (baseline 2 devices, ` +
    `${BASELINE_MINUTES} min), history ${HISTORY ? "on" : "off"}; ${cpus().length} cores, load ${loadBefore
      .map((l) => l.toFixed(2))
      .join(" ")}`,
);
const one = await run(2, BASELINE_MINUTES);
const many = await run(DEVICES, MINUTES);
const perDevice = (many.rssMax - one.rssMax) / Math.max(1, DEVICES - 2);
const p95 = (r: RunResult, path: string): number => percentile(r.latencies[path] ?? [], 95);
const result = {
  date: new Date().toISOString(),
  devices: DEVICES,
  inverters: INVERTERS,
  minutes: MINUTES,
  history: HISTORY,
  loadBefore,
  loadAfter: loadavg(),
  startMs: { two: one.startMs, many: many.startMs },
  rssMaxMiB: { two: one.rssMax / 2 ** 20, many: many.rssMax / 2 ** 20 },
  heapMaxMiB: { two: one.heapMax / 2 ** 20, many: many.heapMax / 2 ** 20 },
  perAddedDeviceMiB: perDevice / 2 ** 20,
  cpuPercent: { two: one.cpuPercent, many: many.cpuPercent },
  requests: Object.fromEntries(Object.entries(many.latencies).map(([p, l]) => [p, l.length])),
  errors: many.errors + one.errors,
  p95ms: {
    overview: p95(many, "/api/overview"),
    live: p95(many, "/d/dev1/api/livedata/status"),
    overviewTwo: p95(one, "/api/overview"),
    overviewBuild: percentile(many.buildMs, 95),
    overviewBuildMedian: percentile(many.buildMs, 50),
  },
};
console.log(
  `start: 2 devices ${one.startMs.toFixed(0)} ms, ${DEVICES} devices ${many.startMs.toFixed(0)} ms`,
);
console.log(`RSS max: 2 devices ${mb(one.rssMax)}, ${DEVICES} devices ${mb(many.rssMax)}`);
console.log(`memory per added device: ${mb(perDevice)} (goal ≤ 40 MB)`);
console.log(`heap used max: 2 devices ${mb(one.heapMax)}, ${DEVICES} devices ${mb(many.heapMax)}`);
console.log(
  `gateway CPU (share of one core): 2 devices ${one.cpuPercent.toFixed(1)} %, ${DEVICES} devices ${many.cpuPercent.toFixed(1)} %`,
);
console.log(
  `p95 /api/overview ${result.p95ms.overview.toFixed(1)} ms (goal ≤ 20), /d/dev1/api/livedata/status ` +
    `${result.p95ms.live.toFixed(1)} ms; requests ${JSON.stringify(result.requests)}, errors ${result.errors}`,
);
console.log(
  `overview build in the gateway (no HTTP), 500 runs: median ${result.p95ms.overviewBuildMedian.toFixed(2)} ms, ` +
    `p95 ${result.p95ms.overviewBuild.toFixed(2)} ms`,
);
console.log(`load after: ${result.loadAfter.map((l) => l.toFixed(2)).join(" ")}`);
mkdirSync(join(REPO, "test-artifacts"), { recursive: true });
writeFileSync(join(REPO, "test-artifacts/bench-devices.json"), JSON.stringify(result, null, 2));
