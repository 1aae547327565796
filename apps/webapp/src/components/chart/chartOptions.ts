/**
 * uPlot options of the History charts, apart from the component so the scales can be tested without a canvas.
 * The value axis always holds 0 (issue 26 §1): a bar of energy, or a power curve, drawn on an axis that starts at
 * the smallest value makes a month of 28 kWh look like a quarter of its height next to one of 128 kWh.
 */
import uPlot from "uplot";

export interface ChartSeries {
  label: string;
  color: string;
  /** Faint comparison line (yesterday). */
  faint?: boolean;
  width?: number;
}

export interface ChartProps {
  kind: "line" | "bars";
  x: number[];
  ys: (number | null)[][];
  series: ChartSeries[];
  /** Tick positions on x and their labels. */
  ticks: number[];
  tickLabel: (x: number) => string;
  /** A value as text: on the value axis with `decimals` (axisDecimals), in the legend without. */
  valueLabel: (v: number, decimals?: number) => string;
  unit: string;
  height?: number;
}

/** Steps of a round axis end, per power of ten. */
const ROUND = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/** The smallest round number (ROUND × 10ⁿ) at or above `v` (> 0). */
export function roundUp(v: number): number {
  const ten = 10 ** Math.floor(Math.log10(v));
  const step = ROUND.find((r) => r * ten >= v * (1 - 1e-9)) ?? 10;
  return step * ten;
}

/**
 * The value axis' range for the data's smallest and largest value: from 0 (or from a round number below a negative
 * value) to a round number a little above the largest, so the tallest bar does not touch the top. Without data, or
 * with only zeros, 0 to 1: an empty axis on the zero line rather than one uPlot centres around 0.
 */
export function valueRange(min: number | null, max: number | null): [number, number] {
  const lo = min !== null && Number.isFinite(min) && min < 0 ? -roundUp(-min * 1.05) : 0;
  const hi = max !== null && Number.isFinite(max) && max > 0 ? roundUp(max * 1.05) : lo < 0 ? 0 : 1;
  return [lo, hi];
}

/**
 * The decimals that tell the value axis' labels apart: as many as its step has (5 → 0, 0.2 → 1, 0.25 → 2), at most
 * 3. An all-zero day spans 0–1 W; with whole numbers its labels read "0 0 0 1 1 1".
 */
export function axisDecimals(splits: readonly number[]): number {
  const step = Math.abs((splits[1] ?? 0) - (splits[0] ?? 0));
  let d = 0;
  while (d < 3 && step > 0 && Math.abs(step * 10 ** d - Math.round(step * 10 ** d)) > 1e-6) d++;
  return d;
}

/** Share of a period's slot its bars take. */
const BAR_SLOT = 0.7;
/** uPlot's unit "value of the scale" (BarsPathBuilderFacetUnit.ScaleValue, a const enum of its types). */
const SCALE_VALUE = 1 as uPlot.Series.BarsPathBuilderFacetUnit;

/**
 * The bars of series `i` of `n`: one series fills its slot's share; several stand side by side in it (the meter's
 * self-consumed, exported and imported energy of a period), each from its own offset in the slot.
 */
export function barsPath(i: number, n: number): uPlot.Series.PathBuilder | undefined {
  if (n <= 1) return uPlot.paths.bars?.({ size: [BAR_SLOT, 60] });
  const w = BAR_SLOT / n;
  return uPlot.paths.bars?.({
    size: [w, 60],
    disp: {
      x0: { unit: SCALE_VALUE, values: (u) => (u.data[0] as number[]).map((x) => x - BAR_SLOT / 2 + i * w) },
      size: { unit: SCALE_VALUE, values: (u) => (u.data[0] as number[]).map(() => w) },
    },
  });
}

export function chartOptions(props: ChartProps, width: number, colors: { text: string; grid: string }) {
  const { text, grid } = colors;
  const bars = props.kind === "bars";
  const opts: uPlot.Options = {
    width,
    height: props.height ?? 300,
    scales: {
      // Bars (x = 0, 1, … per period) need half a slot of room on both sides. From the periods, not from uPlot's
      // min and max: with a single period (all years, in the first year) uPlot widens those to 0…100.
      x: { time: false, ...(bars ? { range: () => [-0.5, props.x.length - 0.5] } : {}) },
      y: { range: (_u, min, max) => valueRange(min, max) },
    },
    legend: { show: true, live: false },
    cursor: { drag: { x: false, y: false } },
    axes: [
      {
        stroke: text,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid },
        splits: () => props.ticks,
        // Every second label on a phone, so the labels do not overlap.
        values: (u, splits) => splits.map((s, i) => (u.width < 560 && i % 2 ? "" : props.tickLabel(s))),
      },
      {
        stroke: text,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid },
        size: 60,
        values: (_u, splits) => splits.map((s) => props.valueLabel(s, axisDecimals(splits))),
        label: props.unit,
        labelSize: 18,
      },
    ],
    series: [
      {},
      ...props.series.map((s, i) => ({
        label: s.label,
        stroke: s.color,
        width: s.width ?? (s.faint ? 1 : 1.5),
        ...(s.faint ? { dash: [4, 4], alpha: 0.6 } : {}),
        ...(bars
          ? { paths: barsPath(i, props.series.length), fill: s.color, points: { show: false } }
          : { points: { show: false } }),
        spanGaps: false,
        value: (_u: uPlot, v: number | null) => (v === null ? "–" : props.valueLabel(v)),
      })),
    ],
  };
  return opts;
}
