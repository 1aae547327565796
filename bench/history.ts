/**
 * `npm run bench:history` (issue 14 Benchmark): one year of 10 inverters × 6 strings written into a fresh
 * history.db (5-minute aggregates and daily rows for the year, raw samples through the recorder for the last
 * 14 days at a 60 s cadence in daylight), then the database size on disk, the insert rate and the p95 latency of
 * the three screen queries: a day curve, a month of daily bars and a year of monthly bars. Goals: ≤ 50 ms p95 on a
 * 2-core machine, ≤ 30 MB per inverter-year.
 */
import { statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { openHistory } from "../apps/gateway/src/history/index.ts";
import type { InverterReading } from "../apps/gateway/src/history/reading.ts";
import { parsePosixTz } from "../apps/gateway/src/time/posixTz.ts";
import { benchDay, benchPower, writeAggregates } from "./historyData.ts";

const INVERTERS = 10;
const STRINGS = 6;
/** Shorter runs for a quick look: BENCH_DAYS (default 365) and BENCH_RAW_DAYS (default 14). */
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const RAW_DAYS = Number(process.env.BENCH_RAW_DAYS ?? 14);
const tz = parsePosixTz("CET-1CEST,M3.5.0,M10.5.0/3");
const END = Date.UTC(2026, 10, 1);
const START = END - DAYS * 86_400_000;
const serials = Array.from({ length: INVERTERS }, (_, i) => `1382123456${String(i).padStart(2, "0")}`);
const day = benchDay;
const power = benchPower;

const dir = await mkdtemp(join(tmpdir(), "dtu-bench-history-"));
const h = openHistory({ dataDir: dir, zone: () => tz, clock: { now: () => END } });

// 1. The year of 5-minute aggregates and daily rows, one transaction per day.
const t0 = performance.now();
const rows = writeAggregates(h, serials, STRINGS, START, DAYS - RAW_DAYS);
const aggSeconds = (performance.now() - t0) / 1000;

// 2. The last RAW_DAYS days through the recorder (raw samples, aggregates, energy), daylight readings every 60 s.
let calls = 0;
const t1 = performance.now();
for (let ms = END - RAW_DAYS * 86_400_000; ms < END; ms += 60_000) {
  if (power(ms, 0, 0) <= 0) continue;
  const readings: InverterReading[] = serials.map((serial, i) => {
    const dc = Array.from({ length: STRINGS }, (_, ch) => power(ms, i, ch));
    const ac = dc.reduce((a, b) => a + b, 0) * 0.96;
    const totalWh = 1_000_000 + (ms - START) / 1000 / 4;
    return {
      serial,
      name: `Inverter ${i + 1}`,
      reachable: true,
      producing: true,
      dataAge: 0,
      limitRelative: 100,
      power: ac,
      voltage: 230,
      current: ac / 230,
      temperature: 35,
      yieldDayWh: null,
      yieldTotalWh: Math.round(totalWh),
      strings: dc.map((p, ch) => ({
        ch,
        name: `${ch + 1}`,
        power: p,
        voltage: 35,
        current: p / 35,
        yieldDayWh: null,
        yieldTotalWh: null,
        maxPower: 410,
      })),
    };
  });
  h.recorder.record(ms, readings);
  calls++;
}
const recSeconds = (performance.now() - t1) / 1000;
h.db.pragma("wal_checkpoint(TRUNCATE)");

/**
 * p95 of the wall time and, separately, of the CPU time of one call: on a loaded machine the wall time includes
 * waiting for a core, the CPU time is what the query itself costs (the load average is printed with the figures).
 */
function p95(fn: (i: number) => unknown, n = 60): { wall: number; cpu: number } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    fn(i);
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const at95 = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(n * 0.95)] ?? NaN;
  return { wall: at95(wall), cpu: at95(cpu) };
}
const loadBefore = loadavg()[0] ?? NaN;
const someDay = (i: number): string => day(START + ((i * 37) % DAYS) * 86_400_000);
const dayAll = p95((i) => h.queries.power(someDay(i), null));
const dayOne = p95((i) => h.queries.power(someDay(i), serials[i % INVERTERS] ?? null));
const month = p95((i) => {
  const d = someDay(i);
  return h.queries.energy(`${d.slice(0, 7)}-01`, `${d.slice(0, 7)}-31`, "day", null);
});
const year = p95(() => h.queries.energy("2025-01-01", "2025-12-31", "month", null));
h.close();
const bytes = ["history.db", "history.db-wal"].reduce(
  (a, f) => a + (statSync(join(dir, f), { throwIfNoEntry: false })?.size ?? 0),
  0,
);
await rm(dir, { recursive: true, force: true });

const mb = (b: number): string => (b / 1e6).toFixed(1);
console.log(
  `History benchmark: ${INVERTERS} inverters × ${STRINGS} strings, ${DAYS} days (${cpus().length} cores)`,
);
console.log(
  `  database on disk         ${mb(bytes)} MB (${mb(bytes / INVERTERS)} MB per inverter-year; goal ≤ 30)`,
);
console.log(
  `  5-minute rows, year      ${rows} rows in ${aggSeconds.toFixed(1)} s (${Math.round(rows / aggSeconds)} rows/s)`,
);
console.log(
  `  recorder, last 14 days   ${calls} batches of ${INVERTERS} inverters in ${recSeconds.toFixed(1)} s (${Math.round(calls / recSeconds)} batches/s)`,
);
const fig = (p: { wall: number; cpu: number }): string =>
  `${p.wall.toFixed(1).padStart(6)} ms (CPU ${p.cpu.toFixed(1)} ms)`;
console.log(`  p95 day curve, all       ${fig(dayAll)} (goal ≤ 50)`);
console.log(`  p95 day curve, 1 inv.    ${fig(dayOne)}`);
console.log(`  p95 month of days        ${fig(month)}`);
console.log(`  p95 year of months       ${fig(year)}`);
console.log(
  `  load average (1 min) before the queries ${loadBefore.toFixed(2)}; now (1/5/15 min) ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ")}`,
);
const ok = bytes / INVERTERS <= 30e6 && Math.max(...[dayAll, dayOne, month, year].map((p) => p.wall)) <= 50;
if (!ok) process.exitCode = 1;
