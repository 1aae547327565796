import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from "vitest";
import type { Page } from "playwright-core";
import { ADMIN, startHarness, type Harness, type OpenOptions } from "./harness";
import { SCREENS } from "./screens";

/** The NotFound screen's title in each language: a route showing it is not defined. */
const NOT_FOUND = /does not exist|existiert nicht|n'existe pas/;

/**
 * Console errors every run has by design: the browser itself logs the 404 that SEED §7 tolerates for a missing
 * pin_mapping.json (device manager).
 */
const EXPECTED = [/pin_mapping\.json/];

/** Routes titled with a protocol's name, the same word in every language. */
const SAME_TITLE = new Set<string>(["/info/ntp", "/info/mqtt"]);

async function showRoute(page: Page, route: string): Promise<string> {
  await page.goto(route);
  const h1 = page.locator("main h1");
  await h1.waitFor().catch((e: Error) => {
    throw new Error(`${route}: no title (${e.message.split("\n")[0]}); page text: ${page.url()}`);
  });
  // Let the screen's first requests settle so their errors (if any) are seen here, not on the next route.
  await page.waitForLoadState("networkidle").catch(() => undefined);
  return (await h1.textContent())?.trim() ?? "";
}

/** A logged-in page in a context of its own, so the journeys below run at the same time. */
async function open(h: Harness, opts: OpenOptions): Promise<Page> {
  const page = await h.openPage("/about", {
    ...opts,
    loggedIn: true,
    allowConsole: EXPECTED,
    ownContext: true,
  });
  // The machine is offline; answer the system screen's update check so it never depends on the network.
  await page
    .context()
    .route("https://api.github.com/**", (r) =>
      r.fulfill({ json: { total_commits: 0, html_url: "https://github.com/x/compare" } }),
    );
  return page;
}

type Locale = "en" | "de" | "fr";
type Theme = "light" | "dark";
/**
 * Every language × theme, ordered so that each step changes one setting. A route is loaded once (a full page
 * load, the way a bookmark or a typed address opens it) and then walks the list through the navbar's own menus,
 * forwards or backwards so that the next route loads in the state the last one ended in. This replaced a full
 * load per route and combination (126 loads), which cost most of the suite's CPU time: measured in a cgroup, a
 * load costs 0.4-0.8 s of Chromium CPU, a language or theme switch a fraction of that.
 */
const COMBOS: readonly (readonly [Locale, Theme])[] = [
  ["en", "light"],
  ["en", "dark"],
  ["de", "dark"],
  ["de", "light"],
  ["fr", "light"],
  ["fr", "dark"],
];

/** The navbar's theme and language menus (apps/webapp/src/app/NavBar.tsx), in that order at the end of the bar. */
async function choose(expect: ExpectStatic, page: Page, locale: Locale, theme: Theme): Promise<void> {
  const menus = page.locator("nav .navbar-nav").nth(1).locator(".dropdown");
  const html = page.locator("html");
  if ((await html.getAttribute("data-bs-theme")) !== theme) {
    await menus.nth(0).locator(".dropdown-toggle").click();
    // Items in THEMES order: light, dark, auto.
    await menus
      .nth(0)
      .locator(".dropdown-menu button")
      .nth(theme === "light" ? 0 : 1)
      .click();
  }
  if ((await html.getAttribute("lang")) !== locale) {
    await menus.nth(1).locator(".dropdown-toggle").click();
    await menus.nth(1).locator(`.dropdown-menu button[lang="${locale}"]`).click();
  }
  await expect.poll(() => html.getAttribute("lang")).toBe(locale);
  await expect.poll(() => html.getAttribute("data-bs-theme")).toBe(theme);
}

/** A phone never scrolls sideways: no text or control sticks out of the 375 px page. */
async function fitsWidth(expect: ExpectStatic, page: Page, where: string): Promise<void> {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, where).toBeLessThanOrEqual(width);
}

/**
 * Routes of one journey; three journeys run side by side, each in a context of its own. Thirds rather than halves:
 * with the machine busy (a second copy of the suite beside it) a half took 185 s of the 240 s test limit.
 */
const PARTS = [SCREENS.slice(0, 6), SCREENS.slice(6, 12), SCREENS.slice(12)] as const;

// Only generic things are asserted: the screens are built by several people.
// Concurrent: each journey mostly waits for pages to settle; side by side they take the time of the longest.
describe.concurrent("every route", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  PARTS.forEach((routes, part) => {
    it(`routes ${routes[0]} … ${routes[routes.length - 1]}: every language and theme without console errors, axe clean in English light at 1280 px and German dark at 375 px, no sideways scrolling at 375 px`, async ({
      expect,
    }) => {
      const page = await open(h, { locale: "en", theme: "light" });
      // Every route is checked even when axe fails on one, so a single report lists all of them.
      const failures: string[] = [];
      for (const [i, route] of routes.entries()) {
        const name = route === "/" ? "home" : route.slice(1).replace(/\//g, "-");
        const steps = i % 2 === 0 ? COMBOS : [...COMBOS].reverse();
        await showRoute(page, route);
        const titles = new Map<Locale, string>();
        for (const [locale, theme] of steps) {
          await choose(expect, page, locale, theme);
          const title = (await page.locator("main h1").textContent())?.trim() ?? "";
          expect(title, `${route} ${locale} ${theme}`).not.toBe("");
          expect(title, `${route} ${locale} ${theme}`).not.toMatch(NOT_FOUND);
          titles.set(locale, title);
          if (locale === "en" && theme === "light") {
            await h.axe(page).catch((e: Error) => failures.push(e.message));
            await h.screenshot(page, `route-${name}-1280`);
            await page.setViewportSize({ width: 375, height: 800 });
            await fitsWidth(expect, page, `${route} en 375 px`);
            await h.screenshot(page, `route-${name}-375`);
            await page.setViewportSize({ width: 1280, height: 900 });
          } else if (locale === "de" && theme === "dark") {
            // The other end of every axis: dark, German (the longest words), phone width.
            await page.setViewportSize({ width: 375, height: 800 });
            await h.axe(page).catch((e: Error) => failures.push(`de, dark, 375 px: ${e.message}`));
            await fitsWidth(expect, page, `${route} de 375 px`);
            await h.screenshot(page, `route-${name}-de-dark-375`);
            await page.setViewportSize({ width: 1280, height: 900 });
          } else if (locale === "fr" && theme === "light") {
            await page.setViewportSize({ width: 375, height: 800 });
            await fitsWidth(expect, page, `${route} fr 375 px`);
            await page.setViewportSize({ width: 1280, height: 900 });
          }
          h.assertClean(page);
        }
        // The switch re-rendered the screen: the title is not the same text in all three languages.
        expect(
          new Set(titles.values()).size,
          `${route}: ${[...titles.values()].join(" / ")}`,
        ).toBeGreaterThan(SAME_TITLE.has(route) ? 0 : 1);
      }
      expect(failures, `part ${part}`).toEqual([]);
      await page.close();
    });
  });
});

describe("a stale session", () => {
  // A gateway of its own: the test changes the password.
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.context.route("https://api.github.com/**", (r) =>
      r.fulfill({ json: { total_commits: 0, html_url: "https://github.com/x/compare" } }),
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  it("sends the user to the login when a request answers 401", async () => {
    const page = await h.openPage("/info/system", { loggedIn: true, allowConsole: [/401/] });
    await page.locator("main h1").waitFor();
    // Change the password behind the app's back and close the read-only access, so the stored session is stale.
    const body = new FormData();
    body.append("data", JSON.stringify({ password: "changed-secret-1", allow_readonly: false }));
    const res = await fetch(`${h.baseUrl}/api/security/config`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString("base64")}`,
      },
      body,
    });
    expect(((await res.json()) as { code: number }).code).toBe(1001);
    // Move inside the app (no reload): the next screen's request answers 401.
    await page.getByRole("button", { name: "Info" }).click();
    await page.getByRole("link", { name: "Network", exact: true }).click();
    await page.waitForURL(/\/login\?returnUrl=%2Finfo%2Fnetwork$/);
    expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();
    await page.locator('input[name="username"]').waitFor();
    h.assertClean(page);
    await page.close();
  });
});
