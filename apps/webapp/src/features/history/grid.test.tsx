// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { HistoryEnergy, HistoryEnergyRow, HistoryPower } from "@dtu/api/history";
import { makeI18n, setLocale } from "../../lib/i18n";
import { BarsView } from "./BarsView";
import { dayChart } from "./dayChart";
import { DayView } from "./DayView";
import { gridFigures, sumFigures } from "./grid";

// The charts' data and legends, without a canvas.
vi.mock("../../components/chart/Chart", () => import("../../components/chart/chartStub"));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setLocale("en");
});

const T0 = Date.UTC(2026, 5, 21) / 1000;

/** Four 5-minute slots: night import, noon export, a gap in the meter, balanced. */
function day(grid: boolean): HistoryPower {
  const ts = (k: number) => T0 + k * 300;
  return {
    date: "2026-06-21",
    step: 300,
    series: [],
    total: [
      [ts(0), 0],
      [ts(1), 2000],
      [ts(2), 1500],
      [ts(3), 400],
    ],
    utc_offsets: [[T0, 7200]],
    energy_wh: 6000,
    peak_w: 2000,
    grid: grid
      ? [
          [ts(0), 300],
          [ts(1), -1200],
          [ts(2), null],
          [ts(3), 0],
        ]
      : null,
    import_wh: grid ? 1000 : null,
    export_wh: grid ? 3000 : null,
  };
}

const row = (period: string, total: number, imp: number | null, exp: number | null): HistoryEnergyRow => ({
  period,
  total,
  peak_w: 1000,
  inverters: {},
  import_wh: imp,
  export_wh: exp,
  home_wh: imp === null || exp === null ? null : total + imp - exp,
});

function stubFetch(answer: (url: string) => unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string) => Promise.resolve(new Response(JSON.stringify(answer(url))))),
  );
}

const chartOf = (n = 0) => document.querySelectorAll("[data-chart]")[n];
const tableText = () => document.querySelector("[data-history-table]")?.textContent ?? "";

describe("the meter's figures (Home Assistant's definitions)", () => {
  it("computes a mixed day by hand: 6 kWh produced, 1 kWh imported, 3 kWh exported", () => {
    expect(gridFigures(6000, 1000, 3000)).toEqual({
      importWh: 1000,
      exportWh: 3000,
      homeWh: 4000,
      selfWh: 3000,
      selfPct: 50,
      autarkyPct: 75,
    });
  });

  it("a day that only exports (all its use from the sun) and a night that only imports", () => {
    expect(gridFigures(5000, 0, 5000)).toMatchObject({ homeWh: 0, selfWh: 0, selfPct: 0, autarkyPct: null });
    expect(gridFigures(null, 800, 0)).toMatchObject({ homeWh: 800, selfWh: 0, selfPct: null, autarkyPct: 0 });
  });

  it("has nothing without a meter, and sums only the periods that have one", () => {
    expect(gridFigures(6000, null, null)).toBeNull();
    expect(sumFigures([row("2026-06-01", 4000, null, null)])).toBeNull();
    expect(
      sumFigures([row("2026-06-01", 4000, null, null), row("2026-06-02", 2000, 500, 1000)]),
    ).toMatchObject({ importWh: 500, exportWh: 1000, homeWh: 1500 });
  });
});

describe("History day view with a meter", () => {
  it("draws the grid curve and home use (total + grid) under production, with their table columns", async () => {
    stubFetch(() => day(true));
    render(<DayView date="2026-06-21" serial={null} today="2026-06-22" />);
    await screen.findByText("Self-consumed", {}, { timeout: 5000 });
    const ys = JSON.parse(chartOf()?.getAttribute("data-chart") ?? "[]") as (number | null)[][];
    expect(chartOf()?.getAttribute("data-series")).toBe(
      "Total|Grid (+ import, − export)|Home use|Yesterday (total)",
    );
    expect(ys[1]).toEqual([300, -1200, null, 0]);
    // Home use per slot: production + grid; unknown where the meter has a gap (never 0).
    expect(ys[2]).toEqual([300, 800, null, 400]);
    const summary = document.querySelector("[data-grid-summary]")?.textContent ?? "";
    expect(summary).toContain("3.00 kWh");
    expect(summary).toContain("50 %");
    expect(summary).toContain("75 %");
    fireEvent.click(screen.getByText("Data table"));
    expect(tableText()).toContain("Grid (+ import, − export) (W)");
    expect(tableText()).toContain("-1,200.0");
  });

  it("shows no meter curve, figures or column for a day without one (null), in German", async () => {
    setLocale("de");
    stubFetch(() => day(false));
    render(<DayView date="2026-06-21" serial={null} today="2026-06-22" />);
    await screen.findByText("Datentabelle", {}, { timeout: 5000 });
    expect(chartOf()?.getAttribute("data-series")).toBe("Gesamt|Gestern (gesamt)");
    expect(document.querySelector("[data-grid-summary]")).toBeNull();
    expect(tableText()).not.toContain("Netz");
  });

  it("names the series in the page's language (French)", () => {
    const chart = dayChart(day(true), day(false), makeI18n("fr"));
    expect(chart.series.map((s) => s.label)).toContain("Réseau (+ soutirage, − injection)");
    expect(chart.series.map((s) => s.label)).toContain("Consommation de la maison");
  });
});

describe("History bars with a meter", () => {
  const june = (rows: HistoryEnergyRow[]): HistoryEnergy => ({ interval: "day", unit: "Wh", rows });

  it("draws self-consumed, exported and imported energy side by side, with the percentages and columns", async () => {
    stubFetch(() => june([row("2026-06-01", 6000, 1000, 3000), row("2026-06-02", 4000, null, null)]));
    render(<BarsView view="month" date="2026-06-15" first="2026-01-01" serial={null} />);
    await screen.findByText("Self-consumed", {}, { timeout: 5000 });
    expect(document.querySelectorAll("[data-chart]")).toHaveLength(2);
    const ys = JSON.parse(chartOf(1)?.getAttribute("data-chart") ?? "[]") as (number | null)[][];
    expect(chartOf(1)?.getAttribute("data-series")).toBe("Self-consumed (kWh)|Exported (kWh)|Imported (kWh)");
    expect(ys.map((s) => s.slice(0, 2))).toEqual([
      [3, null],
      [3, null],
      [1, null],
    ]);
    expect(document.querySelector("[data-grid-summary]")?.textContent).toContain("Autarky75 %");
    fireEvent.click(screen.getByText("Data table"));
    expect(tableText()).toContain("Self-consumption (%)");
    // The day without a meter: dashes, not zeros.
    const second = document.querySelectorAll("[data-history-table] tbody tr")[1]?.textContent ?? "";
    expect(second).toContain("–");
    expect(second).not.toMatch(/0\.00.*0\.00/);
  });

  it("has no meter chart, summary or columns when no period has a meter", async () => {
    stubFetch(() => june([row("2026-06-01", 6000, null, null)]));
    render(<BarsView view="month" date="2026-06-15" first="2026-01-01" serial={null} />);
    await screen.findByText("Data table", {}, { timeout: 5000 });
    expect(document.querySelectorAll("[data-chart]")).toHaveLength(1);
    expect(document.querySelector("[data-grid-summary]")).toBeNull();
    fireEvent.click(screen.getByText("Data table"));
    expect(tableText()).not.toContain("Imported");
  });
});
