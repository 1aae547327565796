/** The live chart's data (LiveChart.tsx): grid, the target band's edges, total output and total limit, in W. */
import type { ChartProps } from "../../components/chart/Chart";
import type { I18n } from "../../lib/i18n";
import type { Sample } from "./feed";

const TICK_S = 120;

export function liveChart(samples: readonly Sample[], { t, number, hm }: I18n): ChartProps {
  const x = samples.map((s) => s.t / 1000);
  const first = x[0] ?? 0;
  const last = x[x.length - 1] ?? 0;
  const ticks: number[] = [];
  for (let s = Math.ceil(first / TICK_S) * TICK_S; s <= last; s += TICK_S) ticks.push(s);
  return {
    kind: "line",
    x,
    ys: [
      samples.map((s) => s.grid),
      samples.map((s) => s.low),
      samples.map((s) => s.high),
      samples.map((s) => s.output),
      samples.map((s) => s.limit),
    ],
    series: [
      { label: t("zeroexport.chartGrid"), color: "#0d6efd", width: 2 },
      { label: t("zeroexport.chartBandLow"), color: "#6c757d", faint: true },
      { label: t("zeroexport.chartBandHigh"), color: "#6c757d", faint: true },
      { label: t("zeroexport.chartOutput"), color: "#198754" },
      { label: t("zeroexport.chartLimit"), color: "#fd7e14" },
    ],
    ticks,
    tickLabel: (s: number) => hm(s * 1000),
    valueLabel: (v: number, decimals = 0) => number(v, decimals),
    unit: "W",
    height: 240,
  };
}
