/**
 * `npm run bench:history-load` (issue 21 item 3): do history readers starve the device API? The gateway runs alone in
 * a child process (bench/gateway-server.ts) on a data folder holding a year of history for the ten bench inverters.
 * Phase A: 200 "mixed" clients, each looping over the read endpoints a page polls with every 10th request a settings
 * save (POST /api/dtu/config). Phase B: the same plus 16 clients reading history back to back (a year of days, ten
 * years of months, day curves of all inverters, one inverter's curve as CSV). Reports requests/s of the mixed load and
 * the saves' p50/p99 in both phases; the goal is saves at p50 within 2× of phase A.
 * Options: --clients=200 --readers=16 --seconds=20 --days=365.
 */
import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { openHistory } from "../apps/gateway/src/history/index.ts";
import { parsePosixTz } from "../apps/gateway/src/time/posixTz.ts";
import { benchDay, writeAggregates } from "./historyData.ts";
import { ADMIN_AUTH, MIXED_FLEET, REPO, percentile, postData, setFleet, numArg } from "./lib.ts";

const CLIENTS = numArg("clients", 200);
const READERS = numArg("readers", 16);
const SECONDS = numArg("seconds", 20);
const DAYS = numArg("days", 365);
const PATHS = ["/api/livedata/status", "/api/system/status", "/api/ntp/status", "/api/limit/status", "/"];

// ---- a year of history up to today, written before the gateway starts ----
const dataDir = await mkdtemp(join(tmpdir(), "dtu-bench-history-load-"));
const today = Date.now() - (Date.now() % 86_400_000);
const serials = MIXED_FLEET.map((i) => i.serial);
const prep = openHistory({
  dataDir,
  zone: () => parsePosixTz("CET-1CEST,M3.5.0,M10.5.0/3"),
  clock: { now: () => Date.now() },
});
const t0 = performance.now();
const rows = writeAggregates(prep, serials, 4, today - DAYS * 86_400_000, DAYS);
prep.db.pragma("wal_checkpoint(TRUNCATE)");
prep.close();
console.log(
  `history: ${rows} 5-minute rows of ${DAYS} days written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const child = fork(join(REPO, "bench/gateway-server.ts"), [], {
  execArgv: ["--import", "tsx"],
  env: { ...process.env, BENCH_HISTORY_DIR: dataDir },
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
process.on("exit", () => child.kill());
const baseUrl = await new Promise<string>((resolve, reject) => {
  child.once("message", (m: { type: string; baseUrl: string }) => resolve(m.baseUrl));
  child.once("exit", (code) => reject(new Error(`gateway process exited (${code})`)));
});
await setFleet(baseUrl, MIXED_FLEET);
const dtu = (await (
  await fetch(`${baseUrl}/api/dtu/config`, { headers: { authorization: ADMIN_AUTH } })
).json()) as Record<string, unknown>;

const from = benchDay(today - 365 * 86_400_000);
const to = benchDay(today);
const historyPaths = (k: number): string =>
  [
    `/api/history/energy?from=${from}&to=${to}&interval=day`,
    `/api/history/energy?from=${benchDay(today - 3650 * 86_400_000)}&to=${to}&interval=month`,
    `/api/history/power?date=${benchDay(today - (k % DAYS) * 86_400_000)}`,
    `/api/history/power?date=${benchDay(today - ((k * 7) % DAYS) * 86_400_000)}&serial=${serials[k % 10]}&format=csv`,
  ][k % 4] ?? "/api/history/info";

interface Phase {
  requests: number;
  errors: number;
  saves: number[];
  gets: number[];
  history: number[];
  historyRefused: number;
  seconds: number;
}

async function phase(readers: number): Promise<Phase> {
  const out: Phase = {
    requests: 0,
    errors: 0,
    saves: [],
    gets: [],
    history: [],
    historyRefused: 0,
    seconds: 0,
  };
  const start = performance.now();
  const end = start + SECONDS * 1000;
  let stop = false;
  const timed = async (fn: () => Promise<Response>): Promise<[number, number]> => {
    const t = performance.now();
    const res = await fn();
    await res.arrayBuffer();
    return [res.status, performance.now() - t];
  };
  async function mixed(id: number): Promise<void> {
    for (let n = id; performance.now() < end; n++) {
      try {
        if (n % 10 === 0) {
          const t = performance.now();
          const r = await postData(baseUrl, "/api/dtu/config", dtu);
          out.saves.push(performance.now() - t);
          if (r.type !== "success") out.errors++;
        } else {
          const [status, ms] = await timed(() => fetch(`${baseUrl}${PATHS[n % PATHS.length] ?? "/"}`));
          out.gets.push(ms);
          if (status !== 200) out.errors++;
        }
        out.requests++;
      } catch {
        out.errors++;
      }
    }
  }
  async function reader(id: number): Promise<void> {
    for (let k = id; !stop; k++) {
      try {
        const [status, ms] = await timed(() =>
          fetch(`${baseUrl}${historyPaths(k)}`, { headers: { authorization: ADMIN_AUTH } }),
        );
        if (status === 200) out.history.push(ms);
        else out.historyRefused++;
      } catch {
        out.historyRefused++;
      }
    }
  }
  const readersDone = Promise.all(Array.from({ length: readers }, (_, i) => reader(i)));
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => mixed(i)));
  out.seconds = (performance.now() - start) / 1000;
  stop = true;
  await readersDone;
  return out;
}

const ms = (n: number): string => `${n.toFixed(0)} ms`;
function report(name: string, p: Phase): void {
  console.log(
    `${name}: ${(p.requests / p.seconds).toFixed(0)} mixed requests/s (${p.errors} errors); ` +
      `saves p50 ${ms(percentile(p.saves, 50))} p99 ${ms(percentile(p.saves, 99))} (${p.saves.length}); ` +
      `GETs p50 ${ms(percentile(p.gets, 50))} p99 ${ms(percentile(p.gets, 99))}` +
      (p.history.length + p.historyRefused > 0
        ? `; history ${(p.history.length / p.seconds).toFixed(1)}/s p50 ${ms(percentile(p.history, 50))} ` +
          `p99 ${ms(percentile(p.history, 99))}, ${p.historyRefused} refused (503)`
        : ""),
  );
}

console.log(
  `${CLIENTS} mixed clients, ${SECONDS} s per phase, ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}`,
);
const alone = await phase(0);
report("A  mixed alone         ", alone);
const loaded = await phase(READERS);
report(`B  + ${READERS} history readers`, loaded);
const ratio = percentile(loaded.saves, 50) / percentile(alone.saves, 50);
console.log(
  `saves p50 B/A = ${ratio.toFixed(2)} (goal ≤ 2); load now ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ")}`,
);
if (!(ratio <= 2)) process.exitCode = 1;

child.send({ type: "close" });
await new Promise((r) => child.once("exit", r));
await rm(dataDir, { recursive: true, force: true });
