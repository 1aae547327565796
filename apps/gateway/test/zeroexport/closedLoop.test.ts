/**
 * The closed loop (issue 32 "Tests"): the pure controller against the realistic simulated inverters and a house
 * whose load steps, in simulated time. Loose bounds: the benchmark (src/zeroexport/sim/run.ts) measures, this checks
 * the behaviour — the grid reaches the band after a step, nothing is sent while the load is steady, a silent meter
 * brings the fallback within 10 s.
 */
import { expect, it } from "vitest";
import { runClosedLoop } from "../../src/zeroexport/sim/closedLoop.ts";
import type { LoadStep } from "../../src/zeroexport/sim/house.ts";
import { commandFigures, fallbackAfter, stepFigures } from "../../src/zeroexport/sim/report.ts";

const STEPS: LoadStep[] = [
  { at_s: 0, load_w: 900, label: "start" },
  { at_s: 60, load_w: 400, label: "−500 W" },
  { at_s: 120, load_w: 900, label: "+500 W" },
];

it("after load steps the grid settles in the band, nothing is sent while steady, a silent meter gets the fallback", async () => {
  const run = await runClosedLoop({ duration_s: 260, steps: STEPS, silent: { from_s: 220, to_s: 260 } });
  expect(run.orders.every((o) => o.type === 0)).toBe(true);
  const figures = stepFigures(run, STEPS);
  for (const f of figures) expect(f.settle_s, f.label).not.toBeNull();
  for (const f of figures) expect(f.settle_s ?? Infinity, f.label).toBeLessThanOrEqual(40);
  expect(figures.find((f) => f.label === "−500 W")?.exported_wh).toBeLessThan(2);
  expect(commandFigures(run, { from_s: 180, to_s: 220 }).in_window).toBe(0);
  const fallback = fallbackAfter(run, 220);
  expect(fallback).not.toBeNull();
  // Stale after 10 s; an inverter with a command in flight gets its fallback once that one is answered (≤ 2 s each).
  expect(fallback ?? Infinity).toBeLessThanOrEqual(14);
});
