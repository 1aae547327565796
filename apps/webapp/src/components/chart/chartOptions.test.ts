// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type uPlot from "uplot";
import { axisDecimals, chartOptions, roundUp, valueRange, type ChartProps } from "./chartOptions";

const base: Omit<ChartProps, "kind"> = {
  x: [0, 1],
  ys: [[28, 128]],
  series: [{ label: "Energy (kWh)", color: "#0d6efd" }],
  ticks: [0, 1],
  tickLabel: String,
  valueLabel: String,
  unit: "kWh",
};

/** The y range uPlot would take for data spanning min..max. */
function yRange(kind: ChartProps["kind"], min: number, max: number) {
  const range = chartOptions({ ...base, kind }, 400, { text: "#fff", grid: "#444" }).scales?.y?.range;
  expect(typeof range).toBe("function");
  return (range as uPlot.Range.Function)({} as uPlot, min, max, "y");
}

describe("History chart scales (issue 26 §1)", () => {
  it("draws every bar chart (month, year, all years) from 0: 28 kWh next to 128 kWh", () => {
    // The year view: October 28 kWh, November 128 kWh; uPlot's own range started near 9 kWh.
    expect(yRange("bars", 28, 128)).toEqual([0, 150]);
    // A month whose smallest day is large still starts at 0.
    expect(yRange("bars", 9.5, 10.4)).toEqual([0, 12]);
  });

  it("draws the day power curve from 0 too", () => {
    expect(yRange("line", 310, 1650)).toEqual([0, 2000]);
  });

  it("keeps an empty or all-zero chart on a zero line, 0 to 1", () => {
    expect(valueRange(null, null)).toEqual([0, 1]);
    expect(valueRange(0, 0)).toEqual([0, 1]);
    expect(valueRange(Infinity, -Infinity)).toEqual([0, 1]);
    expect(yRange("bars", 0, 0)).toEqual([0, 1]);
  });

  it("ends the axis a little above the largest value, on a round number", () => {
    expect(valueRange(0, 100)).toEqual([0, 120]);
    expect(valueRange(0, 0.4)).toEqual([0, 0.5]);
    expect(valueRange(0, 3)).toEqual([0, 4]);
    expect(roundUp(150)).toBe(150);
    expect(roundUp(0.07)).toBeCloseTo(0.08);
  });

  it("gives a single bar (all years, in the first year) the whole width, not a sliver of uPlot's 0…100", () => {
    const opts = chartOptions({ ...base, kind: "bars", x: [0], ys: [[158]] }, 400, { text: "", grid: "" });
    const range = opts.scales?.x?.range as uPlot.Range.Function;
    expect(range({} as uPlot, 0, 100, "x")).toEqual([-0.5, 0.5]);
    expect(
      (
        chartOptions({ ...base, kind: "bars" }, 400, { text: "", grid: "" }).scales?.x
          ?.range as uPlot.Range.Function
      )({} as uPlot, 0, 1, "x"),
    ).toEqual([-0.5, 1.5]);
  });

  it("still shows a value below 0 (a meter reading back), with 0 on the axis", () => {
    expect(valueRange(-5, 20)).toEqual([-6, 25]);
    expect(valueRange(-5, -1)).toEqual([-6, 0]);
  });
});

describe("value axis labels", () => {
  it("takes as many decimals as the axis step has", () => {
    expect(axisDecimals([0, 500, 1000, 1500])).toBe(0);
    expect(axisDecimals([0, 0.2, 0.4, 0.6000000000000001, 0.8, 1])).toBe(1);
    expect(axisDecimals([0, 0.25, 0.5])).toBe(2);
    expect(axisDecimals([0, 0.0001])).toBe(3);
    expect(axisDecimals([0])).toBe(0);
  });

  it("hands the decimals to the axis labels, not to the legend's values", () => {
    const opts = chartOptions(
      {
        ...base,
        kind: "line",
        valueLabel: (v, d) => `${v.toFixed(d ?? 0)}${d === undefined ? " (legend)" : ""}`,
      },
      400,
      { text: "", grid: "" },
    );
    const axis = opts.axes?.[1]?.values as (u: uPlot, splits: number[]) => string[];
    expect(axis({} as uPlot, [0, 0.2, 0.4])).toEqual(["0.0", "0.2", "0.4"]);
    const legend = opts.series[1]?.value as (u: uPlot, v: number | null) => string;
    expect(legend({} as uPlot, 0.4)).toBe("0 (legend)");
  });
});
