/** The figures of a closed-loop run (issue 32 "Benchmark"): settle times, export after a drop, commands. Pure. */
import type { LoadStep } from "./house.ts";
import type { LoopRun } from "./closedLoop.ts";

/** Within the band this long counts as settled. */
export const SETTLED_FOR_S = 10;

export interface StepFigure {
  label: string;
  at_s: number;
  /** Seconds from the step until the grid entered the band and stayed for 10 s (before the next step); null: never. */
  settle_s: number | null;
  /** Energy exported (Wh) from the step to the next one. */
  exported_wh: number;
}

const within = (run: LoopRun, i: number): boolean => {
  const s = run.seconds[i];
  return s !== undefined && Math.abs(s.grid_w - run.target_w) <= s.band_w;
};

/** Settled: within the band, or importing with nothing left to give (every inverter at its max or the sun's). */
const settledAt = (run: LoopRun, i: number): boolean => {
  const s = run.seconds[i];
  return within(run, i) || (s !== undefined && s.grid_w > run.target_w && s.reason === "nothing_to_change");
};

/** One figure per step (only those followed by at least 10 s before the next). */
export function stepFigures(run: LoopRun, steps: readonly LoadStep[]): StepFigure[] {
  return steps.flatMap((step, k) => {
    const end = steps[k + 1]?.at_s ?? run.seconds.at(-1)?.t_s ?? step.at_s;
    if (end - step.at_s < SETTLED_FOR_S) return [];
    const idx = run.seconds.map((s, i) => [s.t_s, i] as const).filter(([t]) => t >= step.at_s && t < end);
    let settle: number | null = null;
    for (const [t] of idx) {
      const hold = idx.filter(([u]) => u >= t && u < Math.min(t + SETTLED_FOR_S, end));
      if (hold.length > 0 && hold.every(([, j]) => settledAt(run, j))) {
        settle = t - step.at_s;
        break;
      }
    }
    const exported = idx.reduce((a, [, i]) => a + Math.max(0, -(run.seconds[i]?.grid_w ?? 0)) / 3600, 0);
    return [{ label: step.label, at_s: step.at_s, settle_s: settle, exported_wh: exported }];
  });
}

/** Per inverter the most orders within any hour of the run, and the orders sent within a window. */
export function commandFigures(run: LoopRun, window?: { from_s: number; to_s: number }) {
  const per = new Map<string, number[]>();
  for (const o of run.orders) per.set(o.serial, [...(per.get(o.serial) ?? []), o.t_s]);
  const busiestHour = (times: number[]): number =>
    Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 3600).length));
  const inWindow = window
    ? run.orders.filter((o) => o.t_s >= window.from_s && o.t_s < window.to_s).length
    : 0;
  return {
    max_per_hour: Object.fromEntries([...per].map(([s, times]) => [s, busiestHour(times)])),
    in_window: inWindow,
  };
}

/**
 * Seconds from the meter's silence to the last fallback order (an inverter already at its fallback limit gets none);
 * null when no fallback order came at all.
 */
export function fallbackAfter(run: LoopRun, silentFrom: number): number | null {
  const times = run.orders
    .filter((o) => o.t_s >= silentFrom && o.why.code === "fallback_meter_stale")
    .map((o) => o.t_s - silentFrom);
  return times.length > 0 ? Math.max(...times) : null;
}

/** Share of the seconds within the band while the inverters could give more than the load (i.e. control matters). */
export function shareInBand(run: LoopRun): number {
  const idx = run.seconds.map((_, i) => i);
  return idx.filter((i) => within(run, i)).length / Math.max(1, idx.length);
}
