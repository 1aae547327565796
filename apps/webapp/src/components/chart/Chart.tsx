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
import { chartOptions, type ChartProps } from "./chartOptions";

export type { ChartProps, ChartSeries } from "./chartOptions";

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
    const opts = chartOptions(props, Math.max(240, el.clientWidth), {
      text: cssVar("--bs-body-color"),
      grid: cssVar("--bs-border-color"),
    });
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
