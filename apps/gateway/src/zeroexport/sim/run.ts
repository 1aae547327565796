/**
 * Prints the closed loop's figures for the step series (`npx tsx apps/gateway/src/zeroexport/sim/run.ts`), the seed
 * of `npm run bench:zero-export`. `--seed=N` picks another run of the fleet's randomness.
 */
import { runClosedLoop } from "./closedLoop.ts";
import { SERIES_END_S, SILENT_METER, STEADY_WINDOW, STEP_SERIES } from "./house.ts";
import { commandFigures, fallbackAfter, shareInBand, stepFigures } from "./report.ts";

const seedArg = process.argv.find((a) => a.startsWith("--seed="));
const seed = seedArg ? Number(seedArg.slice(7)) : 7;
const started = Date.now();
const run = await runClosedLoop({ duration_s: SERIES_END_S, steps: STEP_SERIES, silent: SILENT_METER, seed });
const steps = stepFigures(run, STEP_SERIES);
const settled = steps.flatMap((s) => (s.settle_s === null ? [] : [s.settle_s])).sort((a, b) => a - b);
const median = settled[Math.floor(settled.length / 2)] ?? null;
console.log(
  `zero-export closed loop, seed ${seed}: ${SERIES_END_S} s simulated in ${Date.now() - started} ms`,
);
for (const s of steps) {
  const settle = s.settle_s === null ? "not settled" : `${s.settle_s} s`;
  console.log(
    `  ${s.label.padEnd(18)} at ${String(s.at_s).padStart(4)} s: settle ${settle}, exported ${s.exported_wh.toFixed(2)} Wh`,
  );
}
const unsettled = steps.length - settled.length;
console.log(
  `settle: median ${median} s, worst ${settled.at(-1) ?? "-"} s, not settled ${unsettled} (goal: median ≤ 8 s, worst ≤ 15 s)`,
);
const drop = steps.find((s) => s.label === "−1,000 W");
console.log(`exported after the 1 kW drop: ${drop?.exported_wh.toFixed(2)} Wh (goal ≤ 2 Wh)`);
const commands = commandFigures(run, STEADY_WINDOW);
console.log(
  `most commands within an hour per inverter: ${JSON.stringify(commands.max_per_hour)} (goal ≤ 60); in the 10 steady minutes: ${commands.in_window} (goal 0)`,
);
const fallback = fallbackAfter(run, SILENT_METER.from_s);
console.log(`silent meter → fallback sent (inverters not at it yet): ${fallback ?? "never"} s (goal ≤ 10 s)`);
console.log(`share of seconds within the band: ${(shareInBand(run) * 100).toFixed(1)} %`);
