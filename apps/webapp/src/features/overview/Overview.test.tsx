// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import type { Overview as OverviewData } from "@dtu/api/overview";
import { Overview, OVERVIEW_POLL_MS } from "./Overview";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const card = (name: string, reachable: boolean, power_w: number): OverviewData["devices"][number] => ({
  name,
  reachable,
  since: 1_780_000_000,
  power_w,
  yield_day_wh: 1000,
  yield_total_kwh: 12.5,
  inverters: { total: 3, reachable: reachable ? 2 : 0, producing: reachable ? 1 : 0 },
});

const answer = (power: number): OverviewData => ({
  devices: [card("roof", true, power), card("garage", false, 0)],
  total: { power_w: power, yield_day_wh: 2000, yield_total_kwh: 25 },
});

describe("Overview", () => {
  it("shows the totals, a card per device linking to its pages, and asks again every few seconds", async () => {
    vi.useFakeTimers();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify(answer(812.4))))
      .mockResolvedValue(new Response(JSON.stringify(answer(900))));
    vi.stubGlobal("fetch", fetch);
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
    // No alerts API yet: nothing said about alerts.
    expect(roof.textContent).not.toContain("alerts");

    await act(() => vi.advanceTimersByTimeAsync(OVERVIEW_POLL_MS));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("region", { name: "All devices" }).textContent).toContain("900.0");
  });

  it("keeps the last figures when a poll fails, and says so", async () => {
    vi.useFakeTimers();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify(answer(812.4))))
      .mockResolvedValue(new Response("gateway busy", { status: 503, statusText: "Service Unavailable" }));
    vi.stubGlobal("fetch", fetch);
    render(<Overview />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(OVERVIEW_POLL_MS));
    expect(screen.getByRole("alert").textContent).toBe("gateway busy");
    expect(screen.getByRole("region", { name: "All devices" }).textContent).toContain("812.4");
  });
});
