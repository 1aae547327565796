/**
 * Tests only: the one stand-in for `Chart` (a canvas drawn by uPlot, tested here in chartOptions.test.ts) that screen
 * tests mock it with: `vi.mock(".../components/chart/Chart", () => import(".../components/chart/chartStub"))`. One for
 * all: the web app's test files share their modules (vitest.config.ts, `isolate: false`), so a mocked module keeps
 * the factory of the first file that loaded it, and two files with different stand-ins failed by order.
 */
import type { ChartProps } from "./chartOptions";

/** Every Chart rendered since the last `chartCalls.length = 0`, its props as given. */
export const chartCalls: ChartProps[] = [];

export function Chart(props: ChartProps) {
  chartCalls.push(props);
  return (
    <div
      data-chart={JSON.stringify(props.ys)}
      data-ticks={props.ticks.length}
      data-series={props.series.map((s) => s.label).join("|")}
    />
  );
}
