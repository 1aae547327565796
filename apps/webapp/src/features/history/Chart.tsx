/**
 * uPlot wrapper: a line chart (day curves, null = gap drawn as a gap) or bars (energy per period). Width follows the
 * container (phone width), colours follow the theme (`data-bs-theme` on <html>): the chart is rebuilt on changes.
 * The canvas is hidden from screen readers; the data table next to it carries the numbers.
 */
import { useEffect, useRef, useState } from "react";
import uPlot from "uplot";
// As text, not through the CSS pipeline: the build's purge keeps only classes written in src/, and uPlot's own
// (`u-legend`, `u-over`, …) are set by uPlot at run time. Added once, when the first chart is drawn.
import uPlotCss from "uplot/dist/uPlot.min.css?raw";

const STYLE = `${uPlotCss}
.history-chart .u-legend{font-size:.8rem;color:var(--bs-body-color)}
.history-summary{display:flex;flex-wrap:wrap;gap:.5rem 2rem}`;

function addStyle(): void {
  if (document.getElementById("history-style")) return;
  const style = document.createElement("style");
  style.id = "history-style";
  style.textContent = STYLE;
  document.head.append(style);
}

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
  valueLabel: (v: number) => string;
  unit: string;
  height?: number;
}

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#888";
}

function useThemeKey(): string {
  const [key, setKey] = useState(() => document.documentElement.getAttribute("data-bs-theme") ?? "");
  useEffect(() => {
    const o = new MutationObserver(() =>
      setKey(document.documentElement.getAttribute("data-bs-theme") ?? ""),
    );
    o.observe(document.documentElement, { attributes: true, attributeFilter: ["data-bs-theme"] });
    return () => o.disconnect();
  }, []);
  return key;
}

export function Chart(props: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeKey();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    addStyle();
    const text = cssVar("--bs-body-color");
    const grid = cssVar("--bs-border-color");
    const bars = props.kind === "bars" ? uPlot.paths.bars?.({ size: [0.7, 60] }) : undefined;
    const opts: uPlot.Options = {
      width: Math.max(240, el.clientWidth),
      height: props.height ?? 300,
      // Bars need half a slot of room on both sides.
      scales: { x: { time: false, ...(bars ? { range: (_u, min, max) => [min - 0.5, max + 0.5] } : {}) } },
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
          values: (_u, splits) => splits.map((s) => props.valueLabel(s)),
          label: props.unit,
          labelSize: 18,
        },
      ],
      series: [
        {},
        ...props.series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: s.width ?? (s.faint ? 1 : 1.5),
          ...(s.faint ? { dash: [4, 4], alpha: 0.6 } : {}),
          ...(bars ? { paths: bars, fill: s.color, points: { show: false } } : { points: { show: false } }),
          spanGaps: false,
          value: (_u: uPlot, v: number | null) => (v === null ? "–" : props.valueLabel(v)),
        })),
      ],
    };
    const plot = new uPlot(opts, [props.x, ...props.ys] as uPlot.AlignedData, el);
    const canvas = el.querySelector(".u-over");
    canvas?.setAttribute("aria-hidden", "true");
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(240, el.clientWidth), height: opts.height }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [props, theme]);
  return <div ref={box} className="history-chart w-100" />;
}
