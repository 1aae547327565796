// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { OverviewDeviceNames, OverviewEnergy } from "@dtu/api/overview";
import { AllHistoryScreen } from "./AllHistory";

// The canvas chart is uPlot's (components/chart); this screen's test is about what it asks and shows.
vi.mock("../components/chart/Chart", () => import("../components/chart/chartStub"));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const energy: OverviewEnergy = {
  interval: "day",
  unit: "Wh",
  rows: [
    {
      period: "2026-07-01",
      total: 4200,
      devices: { roof: 3000, garage: 1200 },
      import_wh: null,
      export_wh: null,
    },
  ],
  unavailable: [],
  locked: [],
};

/** The gateway: the devices' names and today in turn (the last one again), and the combined energy. */
function stub(names: OverviewDeviceNames[]) {
  let n = 0;
  const fetch = vi.fn((url: unknown) =>
    Promise.resolve(
      new Response(
        JSON.stringify(
          String(url).startsWith("/api/overview/energy") ? energy : names[Math.min(n++, names.length - 1)],
        ),
      ),
    ),
  );
  vi.stubGlobal("fetch", fetch);
  return { urls: () => fetch.mock.calls.map((c) => String(c[0])) };
}

describe("AllHistoryScreen", () => {
  it("shows the month of the devices' today, not the browser's", async () => {
    // The browser is still on the 30th of June (UTC, a zone west of the devices); the devices are on the 1st of July.
    vi.useFakeTimers({ now: Date.UTC(2026, 5, 30, 22, 30), toFake: ["Date"] });
    const { urls } = stub([{ names: ["roof", "garage"], today: "2026-07-01" }]);
    render(<AllHistoryScreen />);
    const table = await screen.findByRole("table");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("History of all devices");
    expect(urls()).toEqual([
      "/api/overview/devices",
      "/api/overview/energy?from=2026-07-01&to=2026-07-31&interval=day",
    ]);
    expect([...table.querySelectorAll("thead th")].map((th) => th.textContent)).toEqual([
      "Period",
      "roof",
      "garage",
      "Total",
    ]);
    expect(screen.getByText("July 2026")).toBeTruthy();
    expect(document.querySelector("[data-chart]")).not.toBeNull();
    // July is the devices' latest month: no step on.
    expect(screen.getByRole("button", { name: /Next/ }).hasAttribute("disabled")).toBe(true);
  });

  it("says so while no device's date is known, and asks again on retry", async () => {
    const { urls } = stub([
      { names: ["roof", "garage"], today: null },
      { names: ["roof", "garage"], today: "2026-06-15" },
    ]);
    render(<AllHistoryScreen />);
    await screen.findByText(/No device has told the gateway its date yet/);
    expect(screen.queryByRole("table")).toBeNull();
    expect(urls()).toEqual(["/api/overview/devices"]);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Retry" })));
    await screen.findByRole("table");
    expect(urls().at(-1)).toBe("/api/overview/energy?from=2026-06-01&to=2026-06-30&interval=day");
  });
});
