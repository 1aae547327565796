/**
 * The History screen on the gateway build (issue 14 §6, issue 20): a route of the app like any other, reached
 * through its menu entry (also in the phone's collapsed menu); after a first start it shows the backfilled 30 days,
 * the day view's table equals the API; its texts follow the language menu; phone width, dark theme, no serious or
 * critical axe violation; today's peak is part of the live view; one app, one React root, no history.js; the history
 * backup downloads from the screen after the admin login, as an SQLite file holding the API's daily totals, and a
 * gateway started on that file shows them.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Page, Request } from "playwright-core";
import type { HistoryEnergy, HistoryInfo, HistoryPower } from "@dtu/api/history";
import { deviceApi } from "./deviceApi";
import { startHarness, type Harness } from "./harness";

describe("History screen", () => {
  let h: Harness;
  let info: HistoryInfo;
  const api = async <T>(path: string): Promise<T> => (await (await fetch(`${h.baseUrl}${path}`)).json()) as T;

  beforeAll(async () => {
    h = await startHarness({ build: "gateway", history: {} });
    info = await api<HistoryInfo>("/api/history/info");
  }, 120_000);
  afterAll(async () => h?.close());

  /** The live view first, then History through the menu, as a visitor goes there. */
  async function openHistory(opts: Parameters<Harness["openPage"]>[1] = {}): Promise<Page> {
    const page = await h.openPage("/", opts);
    if (opts.width && opts.width < 992) await page.locator(".navbar-toggler").click();
    const name = { de: "Verlauf", fr: "Historique", en: "History" }[opts.locale ?? "en"];
    await page.locator("#main-nav").getByRole("link", { name, exact: true }).click();
    await expect.poll(() => page.locator("main h1").textContent()).toBe(name);
    return page;
  }

  it("is a menu link of the app and shows 30 days after a first start, in one app with one React root", async () => {
    const scripts: string[] = [];
    const record = (r: Request) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    };
    h.context.on("request", record);
    const page = await h.openPage("/", {});
    // Up to the live view's first values, `/` loads the entry and nothing else (docs/PERFORMANCE.md).
    await page.locator("main .card").first().waitFor();
    expect(scripts).toEqual(["/js/app.js"]);
    await page.locator("#main-nav").getByRole("link", { name: "History", exact: true }).click();
    await page.locator("main h1", { hasText: "History" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/history");
    // The screen's code came as a lazy chunk of the same app; the body holds the app's root and nothing else.
    expect(
      scripts.some((s) => /^\/js\/History-[\w-]+\.js$/.test(s)),
      scripts.join(),
    ).toBe(true);
    expect(scripts.filter((s) => s.includes("history.js"))).toEqual([]);
    expect(
      await page.evaluate(() => Array.from(document.body.children, (e) => `${e.tagName}#${e.id}`)),
    ).toEqual(["DIV#app"]);
    expect(await page.locator("main").count()).toBe(1);
    const energy = await api<HistoryEnergy>(
      `/api/history/energy?from=${info.first_day ?? ""}&to=${info.today}&interval=day`,
    );
    expect(energy.rows.length).toBeGreaterThanOrEqual(30);
    // The first backfilled day, in the month view's table.
    await page.locator("#history-date").fill(info.first_day ?? "");
    await page.getByRole("button", { name: "Month", exact: true }).click();
    await page.locator("main summary").click();
    const first = page.locator("[data-history-table] tbody tr").first();
    await expect.poll(() => first.locator("th").textContent()).toBe(info.first_day);
    expect(await page.locator("main canvas").count()).toBeGreaterThan(0);
    h.context.off("request", record);
    h.assertClean(page);
    await page.close();
  });

  it("shows the day's table exactly as the API gives it", async () => {
    const page = await openHistory();
    const day = info.first_day ?? "";
    await page.locator("#history-date").fill(day);
    await page.locator("main summary").click();
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
    await page.close();
  });

  it("works from the phone's collapsed menu, in the dark theme and in German, without serious axe violations", async () => {
    const page = await openHistory({ width: 375, theme: "dark", locale: "de" });
    // The menu closed again after the tap, as after any of the app's links.
    await expect.poll(() => page.locator("#main-nav").getAttribute("class")).not.toContain("show");
    await page.locator("main canvas").first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await h.screenshot(page, "history-de-dark-375");
    await h.axe(page);
    // The case (issue 26 §1): the year's bars on an axis from 0, looked at by eye in the artifact.
    await page.getByRole("button", { name: "Jahr", exact: true }).click();
    await page.locator("main canvas").first().waitFor();
    await h.screenshot(page, "history-year-de-dark-375");
    h.assertClean(page);
    await page.close();
  });

  it("switches its texts with the language menu like every other screen", async () => {
    const page = await openHistory();
    const menus = page.locator("nav .navbar-nav").nth(1).locator(".dropdown");
    await menus.nth(1).locator(".dropdown-toggle").click();
    await menus.nth(1).locator('.dropdown-menu button[lang="fr"]').click();
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Historique");
    await page.getByRole("button", { name: "Mois", exact: true }).waitFor();
    await expect
      .poll(() => page.locator("#main-nav").getByRole("link", { name: "Historique" }).count())
      .toBe(1);
    h.assertClean(page);
    await page.close();
  });

  it("renders a lazy screen with its texts from the first frame, never a key (texts load with the screen)", async () => {
    const scripts: string[] = [];
    const record = (r: Request) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    };
    h.context.on("request", record);
    const page = await h.openPage("/", { locale: "fr", loggedIn: true });
    await page.locator("main .card").first().waitFor();
    // Each text chunk is held back until its screen's chunk has arrived: a screen that rendered without waiting for
    // its texts would show keys (they load side by side, and the small text chunks are usually in first).
    const arrived = new Set<string>();
    page.on("requestfinished", (r) => arrived.add(/\/js\/(\w+)-/.exec(r.url())?.[1] ?? ""));
    const screenOf: Record<string, string> = {
      about: "About",
      ntp: "NtpSettings",
      check: "NtpSettings",
      history: "History",
    };
    await page.route(/\/js\/(about|ntp|check|history)-[\w-]+\.js$/, async (route) => {
      const area = /\/js\/(\w+)-/.exec(route.request().url())?.[1] ?? "";
      await vi.waitFor(() => expect(arrived).toContain(screenOf[area]), { timeout: 10_000, interval: 20 });
      await route.continue();
    });
    // From here on, every state of the page's text as the browser gets it: each text node after each change.
    await page.evaluate(() => {
      const frames: { h1?: string; texts: string[] }[] = [];
      const texts = () => {
        const out: string[] = [];
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walk.nextNode()) out.push(walk.currentNode.textContent?.trim() ?? "");
        return out.filter((t) => t !== "");
      };
      const h1 = () => document.querySelector("main h1")?.textContent ?? undefined;
      new MutationObserver(() => frames.push({ h1: h1(), texts: texts() })).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
      Object.assign(window, { frames });
    });
    // The app's own way to change screens (lib/router.tsx navigate), without a page load: the screens' chunks
    // and their texts (locales/index.gateway.ts) load now.
    const go = (to: string) =>
      page.evaluate((path) => {
        history.pushState(null, "", path);
        dispatchEvent(new PopStateEvent("popstate"));
      }, to);
    const title = () => page.locator("main h1").textContent();
    await go("/about");
    await expect.poll(title).toBe("À propos");
    await go("/settings/ntp");
    await page.locator("main form").waitFor();
    await go("/history");
    await expect.poll(title).toBe("Historique");
    await page.locator("main canvas").first().waitFor();
    type Frame = { h1?: string; texts: string[] };
    const frames = await page.evaluate(() => (window as unknown as { frames: Frame[] }).frames);
    h.context.off("request", record);
    // A text not found shows as its key (lib/i18n.ts translate): "about.3", or "history.day" for a second part.
    const keys = frames
      .flatMap((f) => f.texts)
      .filter((t) => /^(?:about|ntp|check|history|info|alerts|overview)\.\w+$/.test(t));
    expect(keys).toEqual([]);
    // The About screen's first frame already has its own texts (locales/about.ts), not a moment later.
    const first = frames.find((f) => f.h1 === "À propos");
    expect(first, "no frame with the About screen").toBeDefined();
    expect(first?.texts).toContain("D'où vient ce projet");
    // They came as chunks of their own after `/`, not in the entry.
    for (const area of ["about", "ntp", "check", "history-screens"])
      expect(
        scripts.some((s) => s.startsWith(`/js/${area}-`)),
        `${area}: ${scripts.join()}`,
      ).toBe(true);
    h.assertClean(page);
    await page.close();
  });

  it("shows an error with Retry, not an empty page, when a screen's texts cannot be loaded", async () => {
    const page = await h.openPage("/", {
      allowConsole: [/about-[\w-]+\.js|dynamically imported module|Failed to load resource/],
    });
    await page.locator("main .card").first().waitFor();
    const texts = /\/js\/about-[\w-]+\.js$/;
    await page.route(texts, (r) => r.abort());
    await page.evaluate(() => {
      history.pushState(null, "", "/about");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    const retry = page.locator("main").getByRole("button", { name: "Retry" });
    await retry.waitFor({ timeout: 10_000 });
    // The menu stays: the failure is the screen's, not the app's.
    await expect
      .poll(() => page.locator("#main-nav").getByRole("link", { name: "Live View" }).count())
      .toBe(1);
    await page.unroute(texts);
    await retry.click();
    await page.getByText("Where this project comes from").waitFor();
    h.assertClean(page);
    await page.close();
  });

  it("puts today's peak under the live totals, as a part of the live view", async () => {
    const page = await openHistory();
    await page.locator("#main-nav").getByRole("link", { name: "Live View", exact: true }).click();
    const now = await api<HistoryInfo>("/api/history/info");
    const peak = page.locator("[data-today-peak]");
    if (now.today_peak_w === null) {
      // Night at the first start (nothing produced yet today): no line rather than a made-up zero.
      await page.locator("main .card").first().waitFor();
      expect(await peak.count()).toBe(0);
    } else {
      await expect.poll(() => peak.textContent()).toMatch(/^Today's peak: [\d,.]+ W$/);
      // Right under the row of the three total cards.
      expect(await peak.evaluate((el) => el.previousElementSibling?.querySelectorAll(".card").length)).toBe(
        3,
      );
    }
    h.assertClean(page);
    await page.close();
  });

  it("downloads the history backup after the admin login: an SQLite file with the API's daily totals, which a gateway restored on it shows", async () => {
    const page = await openHistory({ allowConsole: [/401/] });
    const button = page.getByRole("button", { name: "Download history backup" });
    // Visible to every visitor; the gateway asks for the admin, and the app sends a visitor to the login and back.
    await button.click();
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toBe("/login?returnUrl=%2Fhistory");
    await h.login(page);
    await page.locator("main h1", { hasText: "History" }).waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    const today = (await api<HistoryInfo>("/api/history/info")).today;
    expect(download.suggestedFilename()).toBe(`history-${today}.db`);
    // Saved where a restore puts it (README, "Backup and restore of history"): history.db in a data folder.
    const dataDir = await mkdtemp(join(tmpdir(), "dtu-e2e-restored-"));
    const file = join(dataDir, "history.db");
    try {
      await download.saveAs(file);
      expect((await readFile(file)).subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");
      const db = new Database(file);
      const fleetDays =
        "SELECT day, wh FROM daily JOIN series ON series.id = daily.sid WHERE serial = '' AND ch = -1 ORDER BY day";
      const copied = (db.prepare(fleetDays).all() as { day: string; wh: number }[]).map((r) => ({
        period: r.day,
        total: Math.round(r.wh),
      }));
      const energy = await api<HistoryEnergy>(
        `/api/history/energy?from=${info.first_day ?? ""}&to=${today}&interval=day`,
      );
      const served = energy.rows.map((r) => ({ period: r.period, total: r.total }));
      // Every finished day exactly; today goes on growing while the gateway records after the copy was taken.
      expect(copied.slice(0, -1)).toEqual(served.slice(0, -1));
      expect(copied.length).toBeGreaterThanOrEqual(30);
      expect(copied.at(-1)?.period).toBe(served.at(-1)?.period);
      expect(copied.at(-1)?.total).toBeLessThanOrEqual(served.at(-1)?.total ?? 0);
      expect(await page.locator("main .alert-danger").count()).toBe(0);
      h.assertClean(page);
      await page.close();

      // A gateway started on the file shows the same History. A day before the first one, which no backfill makes,
      // proves it reads this file (a fresh file would get the same modelled month).
      const before = new Date(Date.parse(`${info.first_day ?? ""}T00:00:00Z`) - 86_400_000)
        .toISOString()
        .slice(0, 10);
      db.prepare(
        "INSERT INTO daily (sid, day, wh, peak) SELECT id, ?, 4321, 0 FROM series WHERE serial = '' AND ch = -1",
      ).run(before);
      db.close();
      const appModule = "../apps/gateway/src/app.ts";
      const { buildApp } = (await import(appModule)) as { buildApp: RestoredGateway };
      const restored = await buildApp({ dataDir, history: {} });
      try {
        const res = await restored.inject({
          url: `/api/history/energy?from=${before}&to=${today}&interval=day`,
        });
        const again = (JSON.parse(res.body) as HistoryEnergy).rows.map((r) => ({
          period: r.period,
          total: r.total,
        }));
        expect(again.slice(0, -1)).toEqual([{ period: before, total: 4321 }, ...copied.slice(0, -1)]);
      } finally {
        await restored.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("after a restart at night the live view leads each panel with its last reading from the history, labelled", async () => {
    // Night on the device (the inverters sleep), then its own reboot: nothing read since the start (issue 25).
    const admin = deviceApi(() => h.baseUrl);
    const night = { year: 2026, month: 6, day: 22, hour: 1, minute: 0, second: 0 };
    expect((await admin<{ code: number }>("/api/ntp/time", night)).code).toBe(9010);
    const since = h.reboots();
    expect((await admin<{ code: number }>("/api/maintenance/reboot", { reboot: true })).code).toBe(6001);
    await h.waitForReboot(since);
    const page = await h.openPage("/", { locale: "de", width: 375 });
    const when = "(heute|gestern) um \\d\\d:\\d\\d|am .+";
    const label = new RegExp(`^Zuletzt gelesen (${when}) \\(aus dem Verlauf des Gateways\\)$`);
    const card = page.getByRole("region", { name: label });
    await card.waitFor();
    // The panel leads with the history's values (issue 34 §9): its card comes before the panel's buttons, and the
    // live tables, every value a dash, are folded away under "not read since …".
    const panel = page.locator("section.card", { has: card });
    const first = panel.locator(".card-body > *").first();
    expect(await first.getAttribute("aria-label")).toMatch(label);
    const folded = panel.locator(".card-body > details");
    expect(await folded.locator("summary").textContent()).toMatch(
      /^Seit dem Start der DTU um .+ noch nicht gelesen\.$/,
    );
    expect(await folded.getAttribute("open")).toBeNull();
    expect(await panel.locator("td.text-end", { hasText: "—" }).first().isVisible()).toBe(false);
    expect(await card.locator("td.text-end", { hasText: "—" }).count()).toBe(0);
    const power = card.locator("tr", { has: page.getByRole("rowheader", { name: "Leistung" }) }).first();
    expect(await power.locator("td").first().textContent()).toMatch(/^\d+(,\d)?$/);
    // The day's yield says which day it is from, as the card's label does (the browser's day against the reading's).
    const head = (await card.getAttribute("aria-label")) ?? "";
    const yieldRow = /gestern/.test(head)
      ? "Ertrag gestern"
      : /heute/.test(head)
        ? "Ertrag heute"
        : /^Ertrag am /;
    expect(await card.getByRole("rowheader", { name: yieldRow }).count()).toBeGreaterThan(0);
    // The total yield card: the last known total, marked as such; under the totals the line says whose it is.
    expect(await page.locator(".row-cols-3 .card-body").first().textContent()).toMatch(
      new RegExp(`^[\\d.]+,\\d{3} kWhzuletzt bekannt, (${when})$`),
    );
    const sum = `^Seit dem Start nicht gelesen \\(2\\): Gesamtertrag [\\d.]+,\\d{3} kWh, zuletzt gelesen (${when})`;
    await page.getByText(new RegExp(sum)).waitFor();
    await h.screenshot(page, "history-last-known-de-375");
    await h.axe(page);
    h.assertClean(page);
    await page.close();
  });
});

/** The part of apps/gateway/src/app.ts this file uses (imported by a variable path, as in harness.ts). */
type RestoredGateway = (opts: { dataDir: string; history: object }) => Promise<{
  inject(opts: { url: string }): Promise<{ body: string }>;
  close(): Promise<unknown>;
}>;
