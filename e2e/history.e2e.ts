/**
 * The History screen against the simulated gateway with history on (issue 14 §6): after a first start it shows the
 * backfilled 30 days, the day view's table equals the API, phone width, dark theme, German, no serious/critical axe
 * violation. The screen is the gateway's chunk (history_dist/), joined to the device build by the gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { HistoryEnergy, HistoryInfo, HistoryPower } from "@dtu/api/history";
import { startHarness, type Harness } from "./harness";

describe("History screen", () => {
  let h: Harness;
  let info: HistoryInfo;
  const api = async <T>(path: string): Promise<T> => (await (await fetch(`${h.baseUrl}${path}`)).json()) as T;

  beforeAll(async () => {
    h = await startHarness({ history: {} });
    info = await api<HistoryInfo>("/api/history/info");
  }, 120_000);
  afterAll(async () => h?.close());

  async function openHistory(opts: Parameters<Harness["openPage"]>[1] = {}): Promise<Page> {
    const page = await h.openPage("/", opts);
    const link = page.locator("a[data-history]");
    if (opts.width && opts.width < 992) await page.locator(".navbar-toggler").click();
    await link.click();
    await page.locator("#history h1").waitFor();
    return page;
  }

  it("appears in the navigation and shows 30 days after a first start", async () => {
    const page = await openHistory();
    expect(new URL(page.url()).pathname).toBe("/history");
    const energy = await api<HistoryEnergy>(
      `/api/history/energy?from=${info.first_day ?? ""}&to=${info.today}&interval=day`,
    );
    expect(energy.rows.length).toBeGreaterThanOrEqual(30);
    // The first backfilled day, in the month view's table.
    await page.locator("#history-date").fill(info.first_day ?? "");
    await page.getByRole("button", { name: "Month", exact: true }).click();
    await page.locator("#history summary").click();
    const first = page.locator("[data-history-table] tbody tr").first();
    await expect.poll(() => first.locator("th").textContent()).toBe(info.first_day);
    expect(await page.locator("#history canvas").count()).toBeGreaterThan(0);
    h.assertClean(page);
  });

  it("shows the day's table exactly as the API gives it", async () => {
    const page = await openHistory();
    const day = info.first_day ?? "";
    await page.locator("#history-date").fill(day);
    await page.locator("#history summary").click();
    const body = await api<HistoryPower>(`/api/history/power?date=${day}`);
    const rows = page.locator("[data-history-table] tbody tr");
    await expect.poll(() => rows.count()).toBe(body.total.length);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.children, (c) => c.textContent)),
    );
    const fmt = (w: number | null | undefined) =>
      w === null || w === undefined
        ? "–"
        : w.toLocaleString("en", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    expect(cells.map((r) => r.slice(1))).toEqual(
      body.total.map(([, w], k) => [fmt(w), ...body.series.map((s) => fmt(s.points[k]?.[1]))]),
    );
    expect(cells[0]?.[0]).toBe("00:00");
    h.assertClean(page);
  });

  it("works at phone width in the dark theme and in German, without serious axe violations", async () => {
    const page = await openHistory({ width: 375, theme: "dark", locale: "de" });
    await expect.poll(() => page.locator("#history h1").textContent()).toBe("Verlauf");
    await page.locator("#history canvas").first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await h.screenshot(page, "history-de-dark-375");
    await h.axe(page);
    h.assertClean(page);
  });

  it("puts today's peak under the live totals and leaves again through the app's own links", async () => {
    const page = await openHistory();
    await page.locator("nav .nav-link", { hasText: "Live View" }).click();
    await expect.poll(() => page.locator("#history").isHidden()).toBe(true);
    const peak = page.locator("#history-peak");
    await peak.waitFor({ state: "attached" });
    // Right under the row of the three total cards (the app's extension point, src/lib/extension.ts).
    await expect
      .poll(() => peak.evaluate((el) => el.previousElementSibling?.querySelectorAll(".card").length))
      .toBe(3);
    const now = await api<HistoryInfo>("/api/history/info");
    if (now.today_peak_w !== null)
      await expect.poll(() => peak.textContent()).toMatch(/^Today's peak: [\d,.]+ W$/);
    h.assertClean(page);
  });
});
