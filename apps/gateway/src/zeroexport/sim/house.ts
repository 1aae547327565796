/**
 * The simulated house for the closed loop (issue 32 "Benchmark"): a load that steps at given times, and the step
 * series of the benchmark. Pure.
 */

export interface LoadStep {
  /** Seconds from the start of the run. */
  at_s: number;
  load_w: number;
  label: string;
}

/** The load at `t_s`: the last step at or before it (the first step's load before it). */
export function loadAt(steps: readonly LoadStep[], t_s: number): number {
  let load = steps[0]?.load_w ?? 0;
  for (const s of steps) if (s.at_s <= t_s) load = s.load_w;
  return load;
}

const BASE_W = 400;

/** Fridge cycles: the compressor (+90 W) on for 45 s every 2 minutes, five times. */
function fridge(from_s: number, base: number): LoadStep[] {
  return Array.from({ length: 5 }, (_, i) => [
    { at_s: from_s + i * 120, load_w: base + 90, label: `fridge on ${i + 1}` },
    { at_s: from_s + i * 120 + 45, load_w: base, label: `fridge off ${i + 1}` },
  ]).flat();
}

/**
 * The benchmark's step series: +500 W, −500 W, +1,000 W, −1,000 W, a kettle of 2 kW for 3 minutes, fridge cycles, then
 * 10 steady minutes. A silent meter follows in `SILENT_METER` (after the steady window).
 */
export const STEP_SERIES: readonly LoadStep[] = [
  { at_s: 0, load_w: BASE_W, label: "start" },
  { at_s: 120, load_w: BASE_W + 500, label: "+500 W" },
  { at_s: 240, load_w: BASE_W, label: "−500 W" },
  { at_s: 360, load_w: BASE_W + 1000, label: "+1,000 W" },
  { at_s: 480, load_w: BASE_W, label: "−1,000 W" },
  { at_s: 600, load_w: BASE_W + 2000, label: "kettle on (2 kW)" },
  { at_s: 780, load_w: BASE_W, label: "kettle off" },
  ...fridge(900, BASE_W),
  { at_s: 1500, load_w: BASE_W, label: "steady" },
];

/** The 10 steady minutes (no command expected) and the meter's 60 s silence after them. */
export const STEADY_WINDOW = { from_s: 1560, to_s: 2160 } as const;
export const SILENT_METER = { from_s: 2160, to_s: 2220 } as const;
export const SERIES_END_S = 2280;
