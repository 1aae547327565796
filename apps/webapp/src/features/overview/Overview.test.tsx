// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import type { Overview as OverviewData, OverviewDevice, OverviewEnergy } from "@dtu/api/overview";
import { setLocale } from "../../lib/i18n";
import { Overview, OVERVIEW_POLL_MS } from "./Overview";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const card = (
  name: string,
  reachable: boolean,
  power_w: number,
  alerts: [number, number] | null = null,
): OverviewDevice => ({
  name,
  locked: false,
  reachable,
  since: 1_780_000_000,
  power_w,
  yield_day_wh: 1000,
  yield_total_kwh: 12.5,
  last_known_at: null,
  inverters: { total: 3, reachable: reachable ? 2 : 0, producing: reachable ? 1 : 0, read: 3 },
  alerts_open: alerts?.[0] ?? null,
  alerts_critical: alerts?.[1] ?? null,
  grid_w: null,
  import_today_wh: null,
  export_today_wh: null,
});

const answer = (power: number): OverviewData => ({
  devices: [card("roof", true, power), card("garage", false, 0)],
  total: {
    power_w: power,
    yield_day_wh: 2000,
    yield_total_kwh: 25,
    grid_w: null,
    import_today_wh: null,
    export_today_wh: null,
  },
  locked: [],
});

const NO_ENERGY: OverviewEnergy = { interval: "day", unit: "Wh", rows: [], unavailable: [], locked: [] };

/**
 * A fetch answering the overview with `overview` in turn (the last one again and again) and the combined energy with
 * `energy`; `overviewCalls()` counts the overview's requests only.
 */
function stubGateway(overview: (() => Response)[], energy: OverviewEnergy = NO_ENERGY) {
  let n = 0;
  const fetch = vi.fn((url: unknown) => {
    if (String(url).startsWith("/api/overview/energy"))
      return Promise.resolve(new Response(JSON.stringify(energy)));
    const next = overview[Math.min(n++, overview.length - 1)];
    return Promise.resolve(next ? next() : new Response("none", { status: 500 }));
  });
  vi.stubGlobal("fetch", fetch);
  return { fetch, overviewCalls: () => n };
}
const json = (body: unknown) => () => new Response(JSON.stringify(body));

describe("Overview", () => {
  it("shows the totals, a card per device linking to its pages, and asks again every few seconds", async () => {
    vi.useFakeTimers();
    const { fetch, overviewCalls } = stubGateway([json(answer(812.4)), json(answer(900))]);
    render(<Overview />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/api/overview");
    const all = screen.getByRole("region", { name: "All devices" });
    expect(all.textContent).toContain("812.4");
    expect(all.textContent).toContain("2,000");
    expect(all.textContent).toContain("25.000");
    const roof = screen.getByRole("region", { name: "roof" });
    expect(roof.textContent).toContain("Answering");
    expect(roof.querySelector("[data-inverters]")?.textContent).toBe("1 / 2 / 3");
    expect(screen.getByRole("link", { name: "Open roof" }).getAttribute("href")).toBe("/d/roof/");
    const garage = screen.getByRole("region", { name: "garage" });
    expect(garage.textContent).toMatch(/Not answering since .*2026/);
    // Devices without alerts (no history): nothing said about alerts, not "0".
    expect(roof.textContent).not.toContain("alerts");
    // The energy of all devices per period is the History's: a link to it, nothing asked for it here.
    const history = screen.getByRole("link", { name: "Energy of all devices per day, month and year" });
    expect(history.getAttribute("href")).toBe("/history");
    expect(fetch.mock.calls.filter((c) => String(c[0]) !== "/api/overview")).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(OVERVIEW_POLL_MS));
    expect(overviewCalls()).toBe(2);
    expect(screen.getByRole("region", { name: "All devices" }).textContent).toContain("900.0");
  });

  it("keeps the last figures when a poll fails, and says so", async () => {
    vi.useFakeTimers();
    stubGateway([
      json(answer(812.4)),
      () => new Response("gateway busy", { status: 503, statusText: "Service Unavailable" }),
    ]);
    render(<Overview />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(OVERVIEW_POLL_MS));
    expect(screen.getByRole("alert").textContent).toBe("gateway busy");
    expect(screen.getByRole("region", { name: "All devices" }).textContent).toContain("812.4");
  });

  it("shows each device's open alerts, critical ones apart, linking to that device's Alerts screen", async () => {
    const data: OverviewData = {
      devices: [
        card("roof", true, 10, [3, 2]),
        card("garage", true, 20, [1, 0]),
        card("shed", true, 5, [0, 0]),
      ],
      total: {
        power_w: 35,
        yield_day_wh: 3000,
        yield_total_kwh: 37.5,
        grid_w: null,
        import_today_wh: null,
        export_today_wh: null,
      },
      locked: [],
    };
    stubGateway([json(data)]);
    render(<Overview />);
    const roof = await screen.findByRole("region", { name: "roof" });
    const alerts = (name: string) => screen.getByRole("region", { name }).querySelector("[data-alerts]");
    expect(alerts("roof")?.textContent).toBe("Open alerts: 3 (critical: 2)");
    expect(alerts("roof")?.querySelector(".badge")?.className).toContain("text-bg-danger");
    expect(alerts("garage")?.textContent).toBe("Open alerts: 1");
    expect(alerts("garage")?.querySelector(".badge")?.className).toContain("text-bg-warning");
    expect(alerts("shed")?.textContent).toBe("Open alerts: 0");
    expect(alerts("shed")?.querySelector(".badge")?.className).toContain("text-bg-secondary");
    expect(roof.querySelector("a[href='/d/roof/alerts']")?.getAttribute("aria-label")).toBe(
      "Open alerts of roof",
    );
    expect(screen.getByRole("link", { name: "Open alerts of garage" }).getAttribute("href")).toBe(
      "/d/garage/alerts",
    );
  });
  it("puts the colon as each language writes it (French: a space before it)", async () => {
    const data: OverviewData = {
      devices: [card("roof", true, 10, [0, 0])],
      total: {
        power_w: 10,
        yield_day_wh: 1000,
        yield_total_kwh: 12.5,
        grid_w: null,
        import_today_wh: null,
        export_today_wh: null,
      },
      locked: [],
    };
    stubGateway([json(data)]);
    act(() => setLocale("fr"));
    try {
      render(<Overview />);
      const roof = await screen.findByRole("region", { name: "roof" });
      expect(roof.querySelector("[data-alerts]")?.textContent).toBe("Alertes en cours : 0");
      expect(roof.querySelector("[data-inverters]")?.parentElement?.textContent).toBe(
        "Onduleurs en production / joignables / au total : 1 / 2 / 3",
      );
    } finally {
      act(() => setLocale("en"));
    }
  });

  it("shows a figure nothing was read for as the dash, never as 0, and says what the figures cover", async () => {
    const night: OverviewData = {
      devices: [
        {
          ...card("roof", true, 0),
          power_w: null,
          yield_day_wh: null,
          yield_total_kwh: 1234.5,
          last_known_at: 1_780_000_000,
          inverters: { total: 2, reachable: 2, producing: 0, read: 0 },
        },
        {
          ...card("garage", true, 0),
          power_w: null,
          yield_day_wh: null,
          yield_total_kwh: null,
          inverters: { total: 2, reachable: 2, producing: 0, read: 0 },
        },
      ],
      total: {
        power_w: null,
        yield_day_wh: null,
        yield_total_kwh: 1234.5,
        grid_w: null,
        import_today_wh: null,
        export_today_wh: null,
      },
      locked: [],
    };
    stubGateway([json(night)]);
    render(<Overview />);
    const figures = (name: string) =>
      [...screen.getByRole("region", { name }).querySelectorAll(".fs-5 .text-nowrap")].map(
        (e) => e.textContent,
      );
    await screen.findByRole("region", { name: "garage" });
    expect(figures("garage")).toEqual(["—", "—", "—"]);
    expect(figures("roof")).toEqual(["—", "—", "1,234.500"]);
    expect(figures("All devices")).toEqual(["—", "—", "1,234.500"]);
    expect(screen.getByRole("region", { name: "All devices" }).textContent).not.toMatch(/\b0(\.0+)?\b/);
    const roof = screen.getByRole("region", { name: "roof" });
    expect(roof.querySelector("[data-unread]")?.textContent).toBe(
      "Not read since the DTU started: 2 of 2 inverters",
    );
    expect(roof.querySelector("[data-last-known]")?.textContent).toMatch(
      /^Yields include the last readings kept in the history, from .*2026/,
    );
    expect(screen.getByRole("region", { name: "garage" }).querySelector("[data-last-known]")).toBeNull();
  });

  it("shows a device's grid power and today's import and export when it has a meter, nothing for null (issue 31)", async () => {
    setLocale("de");
    const metered: OverviewData = {
      ...answer(500),
      devices: [
        { ...card("roof", true, 500), grid_w: -740, import_today_wh: 1200, export_today_wh: null },
        card("garage", true, 10),
      ],
      total: {
        ...answer(500).total,
        grid_w: -740,
        import_today_wh: 1200,
        export_today_wh: null,
      },
    };
    stubGateway([json(metered)]);
    render(<Overview />);
    const roof = await screen.findByRole("region", { name: "roof" });
    const grid = roof.querySelector("[data-grid]");
    expect(grid?.textContent).toContain("Einspeisung");
    expect(grid?.textContent).toContain("740");
    expect(grid?.textContent).toContain("Bezug heute");
    expect(grid?.textContent).toContain("1.200");
    // Export today unknown: not shown, not 0.
    expect(grid?.textContent).not.toContain("Einspeisung heute");
    expect(screen.getByRole("region", { name: "garage" }).querySelector("[data-grid]")).toBeNull();
    expect(screen.getByRole("region", { name: "Alle Geräte" }).querySelector("[data-grid]")).not.toBeNull();
    setLocale("en");
  });

  it("says nothing of coverage while every inverter was read", async () => {
    stubGateway([json(answer(812.4))]);
    render(<Overview />);
    const roof = await screen.findByRole("region", { name: "roof" });
    expect(roof.querySelector("[data-unread]")).toBeNull();
    expect(roof.querySelector("[data-last-known]")).toBeNull();
  });

  it("shows a locked device by its name only, linking to its own login, and says the total leaves it out", async () => {
    const data: OverviewData = {
      devices: [card("roof", true, 812.4), { name: "garage", locked: true }],
      total: {
        power_w: 812.4,
        yield_day_wh: 1000,
        yield_total_kwh: 12.5,
        grid_w: null,
        import_today_wh: null,
        export_today_wh: null,
      },
      locked: ["garage"],
    };
    stubGateway([json(data)]);
    render(<Overview />);
    const garage = await screen.findByRole("region", { name: "garage" });
    expect(garage.textContent).toBe("garageLockedPassword needed — open this device to log in");
    // No figures, no inverters, no "not answering": the card has nothing of the device.
    expect(garage.querySelector(".fs-5, [data-inverters], [data-reachable], [data-alerts]")).toBeNull();
    const links = [...garage.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(["/d/garage/", "/d/garage/"]);
    expect(screen.getByRole("link", { name: "Password needed — open this device to log in" })).toBeTruthy();
    const all = screen.getByRole("region", { name: "All devices" });
    expect(all.querySelector("[data-left-out]")?.textContent).toBe(
      "Not in the total, password needed: garage",
    );
    // The readable device's card is as ever, and the total says nothing of left-out devices when there are none.
    expect(screen.getByRole("region", { name: "roof" }).querySelector("[data-inverters]")?.textContent).toBe(
      "1 / 2 / 3",
    );
    cleanup();
    stubGateway([json(answer(812.4))]);
    render(<Overview />);
    await screen.findByRole("region", { name: "roof" });
    expect(screen.getByRole("region", { name: "All devices" }).querySelector("[data-left-out]")).toBeNull();
  });
});
