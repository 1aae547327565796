// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { OverviewEnergy } from "@dtu/api/overview";
import { setLocale } from "../../lib/i18n";
import { CombinedEnergy } from "./CombinedEnergy";
import { energyRange, energyStep } from "./energyPeriods";

// The canvas chart itself is drawn by uPlot (tested in components/chart); here only what it is given.
vi.mock("../../components/chart/Chart", () => import("../../components/chart/chartStub"));

afterEach(() => {
  cleanup();
  setLocale("en");
  vi.unstubAllGlobals();
});

describe("energy periods", () => {
  it("asks for the days of a month, the months of a year, or the years up to this one", () => {
    expect(energyRange("month", "2024-02-10")).toEqual({
      from: "2024-02-01",
      to: "2024-02-29",
      interval: "day",
    });
    expect(energyRange("month", "2026-12-31")).toEqual({
      from: "2026-12-01",
      to: "2026-12-31",
      interval: "day",
    });
    expect(energyRange("year", "2026-06-15")).toEqual({
      from: "2026-01-01",
      to: "2026-12-31",
      interval: "month",
    });
    expect(energyRange("all", "2026-06-15")).toEqual({
      from: "2007-01-01",
      to: "2026-12-31",
      interval: "year",
    });
  });

  it("steps a month or a year across the year's end, and leaves 'all' where it is", () => {
    expect(energyStep("month", "2026-12-15", 1)).toBe("2027-01-01");
    expect(energyStep("month", "2026-01-31", -1)).toBe("2025-12-01");
    expect(energyStep("month", "2026-06-15", -1)).toBe("2026-05-01");
    expect(energyStep("year", "2026-06-15", -1)).toBe("2025-01-01");
    expect(energyStep("all", "2026-06-15", 1)).toBe("2026-06-15");
  });
});

const june: OverviewEnergy = {
  interval: "day",
  unit: "Wh",
  rows: [
    {
      period: "2026-06-01",
      total: 3500,
      devices: { roof: 2000, garage: 1500 },
      import_wh: null,
      export_wh: null,
    },
    { period: "2026-06-02", total: 1250, devices: { roof: 1250 }, import_wh: null, export_wh: null },
  ],
  unavailable: ["garage"],
  locked: [],
};

function stub(answer: (url: string) => Response) {
  const fetch = vi.fn((url: unknown) => Promise.resolve(answer(String(url))));
  vi.stubGlobal("fetch", fetch);
  return { urls: () => fetch.mock.calls.map((c) => String(c[0])) };
}

describe("CombinedEnergy", () => {
  it("shows a row per period with each device's energy and the sum in kWh, and says whose history is missing", async () => {
    const { urls } = stub(() => new Response(JSON.stringify(june)));
    render(<CombinedEnergy names={["roof", "garage"]} today="2026-06-15" />);
    const table = await screen.findByRole("table");
    expect(urls()).toEqual(["/api/overview/energy?from=2026-06-01&to=2026-06-30&interval=day"]);
    const cells = [...table.querySelectorAll("tr")].map((tr) =>
      [...tr.querySelectorAll("th, td")].map((c) => c.textContent),
    );
    expect(cells).toEqual([
      ["Period", "roof", "garage", "Total"],
      ["Jun 1, 2026", "2.00", "1.50", "3.50"],
      ["Jun 2, 2026", "1.25", "–", "1.25"],
    ]);
    expect(screen.getByRole("alert").textContent).toContain("No history answered from: garage.");
    // The sums as bars, every day of June in its slot (kWh; a day without data is an empty slot).
    const bars = JSON.parse(document.querySelector("[data-chart]")?.getAttribute("data-chart") ?? "[]");
    expect(bars[0]).toHaveLength(30);
    expect(bars[0].slice(0, 3)).toEqual([3.5, 1.25, null]);
    // This month is the latest: no step into the future.
    expect(screen.getByRole("button", { name: /Next/ }).hasAttribute("disabled")).toBe(true);
  });

  it("steps back a month, switches to a year's months, and offers a retry when the gateway refuses", async () => {
    let refuse = false;
    const { urls } = stub((url) =>
      refuse
        ? new Response("Login required", { status: 401, statusText: "Unauthorized" })
        : new Response(
            JSON.stringify({
              ...june,
              rows: [],
              unavailable: [],
              interval: url.includes("month") ? "month" : "day",
            }),
          ),
    );
    render(<CombinedEnergy names={["roof"]} today="2026-06-15" />);
    await screen.findByText("No data recorded for this period.");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: /Previous/ })));
    await screen.findByText("No data recorded for this period.");
    expect(urls().at(-1)).toBe("/api/overview/energy?from=2026-05-01&to=2026-05-31&interval=day");
    expect(screen.getByRole("button", { name: /Next/ }).hasAttribute("disabled")).toBe(false);
    refuse = true;
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Year" })));
    expect(urls().at(-1)).toBe("/api/overview/energy?from=2026-01-01&to=2026-12-31&interval=month");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Could not load the data");
    refuse = false;
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Retry" })));
    await screen.findByText("No data recorded for this period.");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(urls()).toHaveLength(4);
    // Nothing to draw: no chart.
    expect(document.querySelector("[data-chart]")).toBeNull();
  });

  it("draws all years from the first year with data up to the devices' year", async () => {
    const years: OverviewEnergy = {
      interval: "year",
      unit: "Wh",
      rows: [
        {
          period: "2024-01-01",
          total: 900_000,
          devices: { roof: 900_000 },
          import_wh: null,
          export_wh: null,
        },
        {
          period: "2026-01-01",
          total: 1_500_000,
          devices: { roof: 1_000_000, garage: 500_000 },
          import_wh: null,
          export_wh: null,
        },
      ],
      unavailable: [],
      locked: [],
    };
    const { urls } = stub(() => new Response(JSON.stringify(years)));
    render(<CombinedEnergy names={["roof", "garage"]} today="2026-06-15" />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "All years" })));
    await screen.findByRole("table");
    expect(urls().at(-1)).toBe("/api/overview/energy?from=2007-01-01&to=2026-12-31&interval=year");
    const bars = JSON.parse(document.querySelector("[data-chart]")?.getAttribute("data-chart") ?? "[]");
    expect(bars).toEqual([[900, null, 1500]]);
    expect(screen.queryByRole("button", { name: /Next/ })).toBeNull();
  });

  it("names the locked devices apart from the ones whose history did not answer, without a column for them", async () => {
    const locked: OverviewEnergy = {
      interval: "day",
      unit: "Wh",
      rows: [
        { period: "2026-06-01", total: 2000, devices: { roof: 2000 }, import_wh: null, export_wh: null },
      ],
      unavailable: ["shed"],
      locked: ["garage"],
    };
    stub(() => new Response(JSON.stringify(locked)));
    render(<CombinedEnergy names={["roof", "garage", "shed"]} today="2026-06-15" />);
    const table = await screen.findByRole("table");
    expect([...table.querySelectorAll("thead th")].map((c) => c.textContent)).toEqual([
      "Period",
      "roof",
      "shed",
      "Total",
    ]);
    expect(screen.getByRole("alert").textContent).toBe(
      "No history answered from: shed. Their figures are missing from the sums.",
    );
    expect(screen.getByRole("status").textContent).toBe(
      "Not in the sums, password needed: garage. Open a device to log in there.",
    );
  });

  it("adds the devices' summed import and export when a meter was recorded, '–' for a period without one", async () => {
    const metered: OverviewEnergy = {
      ...june,
      rows: [
        {
          period: "2026-06-01",
          total: 3500,
          devices: { roof: 2000, garage: 1500 },
          import_wh: 4250,
          export_wh: 1200,
        },
        { period: "2026-06-02", total: 1250, devices: { roof: 1250 }, import_wh: null, export_wh: null },
      ],
      unavailable: [],
    };
    stub(() => new Response(JSON.stringify(metered)));
    const cellsOf = (table: HTMLElement) =>
      [...table.querySelectorAll("tr")].map((tr) =>
        [...tr.querySelectorAll("th, td")].map((c) => c.textContent),
      );
    render(<CombinedEnergy names={["roof", "garage"]} today="2026-06-15" />);
    expect(cellsOf(await screen.findByRole("table"))).toEqual([
      ["Period", "roof", "garage", "Total", "Imported", "Exported"],
      ["Jun 1, 2026", "2.00", "1.50", "3.50", "4.25", "1.20"],
      ["Jun 2, 2026", "1.25", "–", "1.25", "–", "–"],
    ]);
    cleanup();
    for (const [locale, head] of [
      ["de", ["Bezogen", "Eingespeist"]],
      ["fr", ["Soutiré", "Injecté"]],
    ] as const) {
      setLocale(locale);
      render(<CombinedEnergy names={["roof", "garage"]} today="2026-06-15" />);
      const heads = [...(await screen.findByRole("table")).querySelectorAll("thead th")].map(
        (c) => c.textContent,
      );
      expect(heads.slice(-2)).toEqual(head);
      cleanup();
    }
  });
});
