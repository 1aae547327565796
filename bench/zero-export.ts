/**
 * `npm run bench:zero-export` (issue 32 "Benchmark"): the gateway's zero-export controller (apps/gateway/src/
 * zeroexport/) on the simulated device's port with its realistic inverters (HM-2CH 800 W, HMS-4CH 2,000 W) and a
 * house, in simulated time, faster than real time:
 *
 * 1. the step series (+500 W, −500 W, +1,000 W, −1,000 W, a 2 kW kettle for 3 minutes, fridge cycles, 10 steady
 *    minutes, the meter silent for 60 s) at a sunny June noon, for each seed;
 * 2. a standard day (the simulated house's model, 06:00–20:00 Berlin, a June day) against an ideal controller: an
 *    unlimited twin of the fleet (same seed and clock) says what the sun gave; the ideal exports nothing and imports
 *    only the target, or what the load needs beyond the sun.
 *
 * Options: `--seeds=7,3` (default 7,3), `--day=off` (the series only), `--day-tick=500` (ms per step of the day).
 */
import { cpus, loadavg } from "node:os";
import { houseDay, houseLoad } from "../apps/gateway/src/meter/house/model.ts";
import { partsOf } from "../apps/gateway/src/time/index.ts";
import { parsePosixTz } from "../apps/gateway/src/time/posixTz.ts";
import { runClosedLoop, type LoopRun } from "../apps/gateway/src/zeroexport/sim/closedLoop.ts";
import {
  SERIES_END_S,
  SILENT_METER,
  STEADY_WINDOW,
  STEP_SERIES,
} from "../apps/gateway/src/zeroexport/sim/house.ts";
import {
  commandFigures,
  fallbackAfter,
  shareInBand,
  stepFigures,
} from "../apps/gateway/src/zeroexport/sim/report.ts";

const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SEEDS = (arg("seeds") ?? "7,3").split(",").map(Number);
const DAY = arg("day") !== "off";
const DAY_TICK_MS = Number(arg("day-tick") ?? 500);

const BERLIN = parsePosixTz("CET-1CEST,M3.5.0,M10.5.0/3");
const DAY_DATE = "2024-06-15";
/** 06:00 Berlin (CEST) on the day. */
const DAY_START = "2024-06-15T04:00:00Z";
const DAY_HOURS = 14;

const pad = (s: string | number, n: number): string => String(s).padStart(n);

async function series(seed: number): Promise<void> {
  const started = Date.now();
  const run = await runClosedLoop({
    duration_s: SERIES_END_S,
    steps: STEP_SERIES,
    silent: SILENT_METER,
    seed,
  });
  const steps = stepFigures(run, STEP_SERIES);
  const settled = steps.flatMap((s) => (s.settle_s === null ? [] : [s.settle_s])).sort((a, b) => a - b);
  const median = settled[Math.floor(settled.length / 2)] ?? null;
  console.log(`\nstep series, seed ${seed}: ${SERIES_END_S} s simulated in ${Date.now() - started} ms`);
  for (const s of steps) {
    const settle = s.settle_s === null ? "not settled" : `${s.settle_s} s`;
    console.log(
      `  ${s.label.padEnd(18)} at ${pad(s.at_s, 4)} s: settle ${settle}, exported ${s.exported_wh.toFixed(2)} Wh`,
    );
  }
  const unsettled = steps.length - settled.length;
  console.log(
    `  settle: median ${median} s, worst ${settled.at(-1) ?? "-"} s, not settled ${unsettled} (goal: median ≤ 8 s, worst ≤ 15 s)`,
  );
  const drop = steps.find((s) => s.label === "−1,000 W");
  console.log(`  exported after the 1 kW drop: ${drop?.exported_wh.toFixed(2)} Wh (goal ≤ 2 Wh)`);
  const commands = commandFigures(run, STEADY_WINDOW);
  console.log(
    `  most commands within an hour per inverter: ${JSON.stringify(commands.max_per_hour)} (goal ≤ 60)`,
  );
  console.log(`  commands in the 10 steady minutes: ${commands.in_window} (goal 0)`);
  const fallback = fallbackAfter(run, SILENT_METER.from_s);
  console.log(`  silent meter → fallback sent: ${fallback ?? "never"} s (goal ≤ 10 s)`);
  console.log(`  share of seconds within the band: ${(shareInBand(run) * 100).toFixed(1)} %`);
}

/** The day's figures: exported/imported energy of the run and of the ideal controller, time in band while surplus. */
function dayFigures(run: LoopRun) {
  let exported = 0;
  let imported = 0;
  let idealImport = 0;
  let surplus = 0;
  let inBand = 0;
  const dt = 1 / 3600;
  for (const s of run.seconds) {
    exported += Math.max(0, -s.grid_w) * dt;
    imported += Math.max(0, s.grid_w) * dt;
    const available = s.available_w ?? 0;
    idealImport += Math.max(run.target_w, s.load_w - available) * dt;
    if (available > s.load_w + run.target_w) {
      surplus++;
      if (Math.abs(s.grid_w - run.target_w) <= s.band_w) inBand++;
    }
  }
  return { exported, imported, idealImport, surplus, inBand };
}

async function day(seed: number): Promise<void> {
  const started = Date.now();
  const model = houseDay(seed, DAY_DATE);
  const load = (_t: number, now: number): number => {
    const p = partsOf(BERLIN, now);
    return houseLoad(model, p.hour * 60 + p.minute + p.second / 60).reduce((a, b) => a + b, 0);
  };
  const run = await runClosedLoop({
    start: DAY_START,
    duration_s: DAY_HOURS * 3600,
    steps: [],
    load,
    twin: true,
    seed,
    tick_ms: DAY_TICK_MS,
  });
  const f = dayFigures(run);
  const commands = commandFigures(run);
  console.log(
    `\nstandard day ${DAY_DATE} 06:00–20:00, seed ${seed}: ${DAY_HOURS} h simulated in ${Date.now() - started} ms (tick ${DAY_TICK_MS} ms)`,
  );
  console.log(
    `  exported ${f.exported.toFixed(1)} Wh (ideal 0), imported ${f.imported.toFixed(0)} Wh (ideal ${f.idealImport.toFixed(0)} Wh)`,
  );
  console.log(
    `  within the band while the sun gave more than the load: ${((f.inBand / Math.max(1, f.surplus)) * 100).toFixed(1)} % of ${f.surplus} s`,
  );
  console.log(
    `  most commands within an hour per inverter: ${JSON.stringify(commands.max_per_hour)} (goal ≤ 60)`,
  );
}

console.log(
  `zero-export bench: ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
for (const seed of SEEDS) await series(seed);
if (DAY) await day(SEEDS[0] ?? 7);
