import { describe, expect, it } from "vitest";
import type uPlot from "uplot";
import type { HistoryPower } from "@dtu/api/history";
import { chartOptions } from "../../components/chart/chartOptions";
import { makeI18n } from "../../lib/i18n";
import { dayChart } from "./dayChart";

const T0 = Date.UTC(2026, 10, 27) / 1000;

/** A day of `slots` 5-minute readings, every one `w`. */
function day(w: number, slots = 12): HistoryPower {
  const total: [number, number][] = Array.from({ length: slots }, (_, k) => [T0 + k * 300, w]);
  return {
    date: "2026-11-27",
    step: 300,
    series: [],
    total,
    utc_offsets: [[T0, 3600]],
    energy_wh: w,
    peak_w: w,
    grid: null,
    import_wh: null,
    export_wh: null,
  };
}

/** The W axis' labels for the splits uPlot takes for that range. */
function axisLabels(power: HistoryPower, splits: number[], locale: "en" | "de" = "de"): string[] {
  const opts = chartOptions(dayChart(power, day(0), makeI18n(locale)), 400, { text: "", grid: "" });
  return (opts.axes?.[1]?.values as (u: uPlot, s: number[]) => string[])({} as uPlot, splits);
}

describe("day chart value axis", () => {
  it("labels an all-zero day's 0–1 W axis without repeating a label (not 1 1 1 0 0 0)", () => {
    // uPlot splits the 0–1 range in steps of 0.2.
    const labels = axisLabels(day(0), [0, 0.2, 0.4, 0.6000000000000001, 0.8, 1]);
    expect(labels).toEqual(["0,0", "0,2", "0,4", "0,6", "0,8", "1,0"]);
  });

  it("keeps whole watts on a day with real power, grouped per locale", () => {
    expect(axisLabels(day(1650), [0, 500, 1000, 1500, 2000], "en")).toEqual([
      "0",
      "500",
      "1,000",
      "1,500",
      "2,000",
    ]);
  });

  it("shows the legend's values in whole watts", () => {
    const opts = chartOptions(dayChart(day(0), day(0), makeI18n("en")), 400, { text: "", grid: "" });
    expect((opts.series[1]?.value as (u: uPlot, v: number | null) => string)({} as uPlot, 812.4)).toBe("812");
  });
});
