/**
 * History with the household meter on the gateway build (issue 31 §5, §8 and its "Done when"): right after a first
 * start, the backfilled 30 days of the simulated house. The day view draws the grid and home-use curves (import at
 * night in its table), the month view the self-consumed / exported / imported bars with the two percentages, and
 * its table has the meter's columns with the API's figures; en and de at 375 px, axe. One gateway, two page loads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { HistoryEnergy, HistoryInfo, HistoryPower } from "@dtu/api/history";
import { startHarness, type Harness } from "./harness";

/** The screen's words in each language (locales/history.screens.ts), as an owner reads them. */
const WORDS = {
  en: {
    title: "History",
    month: "Month",
    table: "Data table",
    grid: "Grid (+ import, − export)",
    home: "Home use",
    imported: "Imported",
    exported: "Exported",
    selfPct: "Self-consumption",
    autarky: "Autarky",
  },
  de: {
    title: "Verlauf",
    month: "Monat",
    table: "Datentabelle",
    grid: "Netz (+ Bezug, − Einspeisung)",
    home: "Hausverbrauch",
    imported: "Bezogen",
    exported: "Eingespeist",
    selfPct: "Eigenverbrauch",
    autarky: "Autarkie",
  },
} as const;

/** A number as the page writes it in `locale` ("1,234.5" / "1.234,5"). */
const parse = (text: string, locale: "en" | "de"): number =>
  Number((locale === "de" ? text.replace(/\./g, "").replace(",", ".") : text.replace(/,/g, "")).trim());

describe("History with the household meter", () => {
  let h: Harness;
  let info: HistoryInfo;
  const api = async <T>(path: string): Promise<T> => (await (await fetch(`${h.baseUrl}${path}`)).json()) as T;

  beforeAll(async () => {
    h = await startHarness({ build: "gateway", history: {}, meter: true });
    info = await api<HistoryInfo>("/api/history/info");
  }, 120_000);
  afterAll(async () => h?.close());

  /** The table under the chart (opened), as text: its head and its rows. */
  async function table(page: Page, locale: "en" | "de") {
    const details = page.locator("main details", { has: page.getByText(WORDS[locale].table) });
    if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
    const rows = page.locator("[data-history-table] tbody tr");
    await rows.first().waitFor();
    const head = await page
      .locator("[data-history-table] thead th")
      .evaluateAll((ths) => ths.map((th) => th.textContent ?? ""));
    const body = await rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.children, (c) => c.textContent ?? "")),
    );
    return { head, body, col: (name: string) => head.indexOf(name) };
  }

  for (const locale of ["en", "de"] as const) {
    const w = WORDS[locale];
    it(`shows the grid and home use of a day and the month's import, export and percentages (${locale}, 375 px)`, async () => {
      const yesterday = new Date(Date.parse(`${info.today}T12:00:00Z`) - 86_400_000)
        .toISOString()
        .slice(0, 10);
      const page = await h.openPage("/history", { locale, width: 375 });
      await page.locator("main h1", { hasText: w.title }).waitFor();
      // A whole day: yesterday, backfilled at the start.
      await page.locator("#history-date").fill(yesterday);
      const figure = page.locator("main figure");
      await figure.locator("canvas").first().waitFor();
      // The chart's legend names both meter series beside the production.
      await expect.poll(() => figure.textContent()).toContain(w.grid);
      expect(await figure.textContent()).toContain(w.home);
      const day = await table(page, locale);
      expect(day.head).toEqual(expect.arrayContaining([`${w.grid} (W)`, `${w.home} (W)`]));
      // Import at night: 02:00, the simulated house on standby and no sun (+ = import).
      const night = day.body.find((r) => r[0] === "02:00");
      expect(night, "no 02:00 row").toBeDefined();
      const gridAt2 = parse(night?.[day.col(`${w.grid} (W)`)] ?? "", locale);
      expect(gridAt2).toBeGreaterThan(0);
      // Home use at night is what the grid brings (nothing produced then).
      expect(parse(night?.[day.col(`${w.home} (W)`)] ?? "", locale)).toBeCloseTo(gridAt2, 0);
      const power = await api<HistoryPower>(`/api/history/power?date=${yesterday}`);
      expect(power.grid?.some(([, g]) => g !== null && g > 0)).toBe(true);
      await h.screenshot(page, `meter-history-day-${locale}-375`);

      // The month with the most of the 30 days (this one from its 16th, else the one of the first day).
      const date = Number(info.today.slice(8)) >= 16 ? info.today : (info.first_day ?? info.today);
      await page.locator("#history-date").fill(date);
      await page.getByRole("button", { name: w.month, exact: true }).click();
      const summary = page.locator("[data-grid-summary]");
      await summary.waitFor();
      const figureOf = async (label: string) =>
        (await summary
          .locator("div", { has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
          .locator("dd")
          .textContent()) ?? "";
      for (const label of [w.selfPct, w.autarky]) {
        const pct = parse((await figureOf(label)).replace("%", ""), locale);
        expect(pct, label).toBeGreaterThan(0);
        expect(pct, label).toBeLessThan(100);
      }
      expect(parse((await figureOf(w.imported)).replace("kWh", ""), locale)).toBeGreaterThan(0);
      expect(parse((await figureOf(w.exported)).replace("kWh", ""), locale)).toBeGreaterThan(0);
      // Two charts: the production's bars and the meter's.
      expect(await page.locator("main canvas").count()).toBeGreaterThanOrEqual(2);

      const month = await table(page, locale);
      const cols = {
        imported: month.col(`${w.imported} (kWh)`),
        exported: month.col(`${w.exported} (kWh)`),
        selfPct: month.col(`${w.selfPct} (%)`),
        autarky: month.col(`${w.autarky} (%)`),
      };
      for (const [name, c] of Object.entries(cols)) expect(c, name).toBeGreaterThan(0);
      // The table's figures are the API's, every day imports (its nights), some day exports (its sunny noon).
      const from = month.body[0]?.[0] ?? "";
      const to = month.body.at(-1)?.[0] ?? "";
      const energy = await api<HistoryEnergy>(`/api/history/energy?from=${from}&to=${to}&interval=day`);
      expect(month.body.map((r) => r[0])).toEqual(energy.rows.map((r) => r.period));
      const imports = month.body.map((r) => parse(r[cols.imported] ?? "", locale));
      const exports = month.body.map((r) => parse(r[cols.exported] ?? "", locale));
      // To the page's two decimals (the locale rounds halves up, where toFixed may not).
      const kwhOf = (wh: number | null) => (wh === null ? NaN : wh / 1000);
      energy.rows.forEach((r, k) => {
        expect(Math.abs((imports[k] ?? NaN) - kwhOf(r.import_wh)), r.period).toBeLessThanOrEqual(0.0051);
        expect(Math.abs((exports[k] ?? NaN) - kwhOf(r.export_wh)), r.period).toBeLessThanOrEqual(0.0051);
      });
      expect(imports.every((v) => v > 0)).toBe(true);
      expect(exports.some((v) => v > 0)).toBe(true);
      for (const r of month.body)
        for (const c of [cols.selfPct, cols.autarky]) {
          const v = r[c] ?? "";
          if (v !== "–") expect(parse(v, locale)).toBeGreaterThanOrEqual(0);
          if (v !== "–") expect(parse(v, locale)).toBeLessThanOrEqual(100);
        }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await h.screenshot(page, `meter-history-month-${locale}-375`);
      await h.axe(page);
      h.assertClean(page);
      await page.close();
    });
  }
});
