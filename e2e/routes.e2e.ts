import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from "vitest";
import type { Page } from "playwright-core";
import { ADMIN, startHarness, type Harness, type OpenOptions } from "./harness";
import { GATEWAY_SCREENS, SCREENS } from "./screens";
import { fakeZeroExport, offStatus } from "./zeroExportFake";

/** The NotFound screen's title in each language: a route showing it is not defined. */
const NOT_FOUND = /does not exist|existiert nicht|n'existe pas/;

/**
 * Console errors every run has by design: the browser itself logs the 404 that SEED §7 tolerates for a missing
 * pin_mapping.json (device manager).
 */
const EXPECTED = [/pin_mapping\.json/];

/** Routes titled with a protocol's name, the same word in every language. */
const SAME_TITLE = new Set<string>(["/info/ntp", "/info/mqtt"]);

type Locale = "en" | "de" | "fr";
type Theme = "light" | "dark";

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
  // The gateway started here runs no zero export (it needs the meter): its screen is walked with a stand-in API.
  await fakeZeroExport(page.context(), offStatus());
  // The gateway build keeps the alerts' event stream open (features/alerts/feed.ts), so the network is never idle:
  // here it ends at once (the feed comes back 5 s later), so that each route's requests can settle.
  await page
    .context()
    .route("**/api/alerts/stream", (r) =>
      r.fulfill({ status: 200, contentType: "text/event-stream", body: "" }),
    );
  return page;
}

/**
 * Every language × theme, ordered so that each step changes one setting, split between the two builds (README "Two
 * builds"): a device route walks the first half on the device build and the second on the gateway build, so each
 * combination is checked once and each route on both builds, for one extra page load per route. A gateway route
 * walks all of them on the gateway build. A route is loaded once per build (a full page load, the way a bookmark or
 * a typed address opens it) and then walks its half through the navbar's own menus, forwards or backwards so that
 * the next route loads in the state the last one ended in. This replaced a full load per route and combination
 * (126 loads), which cost most of the suite's CPU time: measured in a cgroup, a load costs 0.4-0.8 s of Chromium
 * CPU, a language or theme switch a fraction of that.
 */
const DEVICE_HALF: readonly (readonly [Locale, Theme])[] = [
  ["en", "light"],
  ["en", "dark"],
  ["de", "dark"],
];
const GATEWAY_HALF: readonly (readonly [Locale, Theme])[] = [
  ["de", "light"],
  ["fr", "light"],
  ["fr", "dark"],
];
/**
 * A gateway route (gateway build only) walks three combinations that carry every check below: English light (axe at
 * 1280 px), German dark (axe and width at 375 px) and French dark (axe again). Its own e2e file walks its content in
 * each language; all six here cost the longest journey half its time.
 */
const GATEWAY_ONLY_STEPS: readonly (readonly [Locale, Theme])[] = [
  ["en", "light"],
  ["de", "dark"],
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
  // Polled: a chart sized for the last width (1280 px) takes a moment to follow the new one.
  await expect
    .poll(
      () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      {
        message: where,
      },
    )
    .toBeLessThanOrEqual(0);
}

/**
 * Routes of one journey; three journeys run side by side, each in contexts of its own. Thirds rather than halves:
 * with the machine busy (a second copy of the suite beside it) a half took 185 s of the 240 s test limit.
 */
const THIRD = Math.ceil(SCREENS.length / 3);
const PARTS = [0, 1, 2].map((part) => [
  ...SCREENS.slice(part * THIRD, (part + 1) * THIRD),
  // The gateway's routes dealt out among the journeys, so that none waits for the others.
  ...GATEWAY_SCREENS.filter((_, i) => i % 3 === part),
]);
const GATEWAY_ONLY = new Set<string>(GATEWAY_SCREENS);

/**
 * What is checked in a combination: axe (and at which width), phone width, screenshots. Axe at both ends of each
 * axis on the device build (English light at 1280 px, German dark at 375 px) and once more on the gateway build
 * (French dark), whose screens differ from the device's in the menu and the gateway's own parts.
 */
const CHECKS: Record<string, { axe?: 1280 | 375; fits?: true; shot?: string }> = {
  "en light": { axe: 1280, fits: true, shot: "" },
  "de dark": { axe: 375, fits: true, shot: "-de-dark" },
  "de light": { fits: true },
  "fr light": { fits: true },
  "fr dark": { axe: 1280 },
};

// Only generic things are asserted: the screens are built by several people.
// Concurrent: each journey mostly waits for pages to settle; side by side they take the time of the longest.
describe.concurrent("every route, on both builds", () => {
  const h: Record<"device" | "gateway", Harness> = {} as Record<"device" | "gateway", Harness>;
  beforeAll(async () => {
    [h.device, h.gateway] = await Promise.all([
      startHarness(),
      startHarness({ build: "gateway", history: {}, alerts: { tickMs: 3600_000 }, meter: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([h.device?.close(), h.gateway?.close()]);
  });

  PARTS.forEach((routes, part) => {
    it(`routes ${routes[0]} … ${routes[routes.length - 1]}: every language and theme without console errors, axe clean on both builds, no sideways scrolling at 375 px`, async ({
      expect,
    }) => {
      const pages = {
        device: await open(h.device, { locale: "en", theme: "light" }),
        gateway: await open(h.gateway, { locale: "de", theme: "light" }),
      };
      // Every route is checked even when axe fails on one, so a single report lists all of them.
      const failures: string[] = [];
      const titles = new Map<string, Map<Locale, string>>(routes.map((r) => [r, new Map()]));
      /** One build's walk over the journey's routes; the two builds walk side by side. */
      const walk = async (build: "device" | "gateway") => {
        const page = pages[build];
        const h_ = h[build];
        for (const [i, route] of routes.entries()) {
          const half = GATEWAY_ONLY.has(route)
            ? GATEWAY_ONLY_STEPS
            : build === "device"
              ? DEVICE_HALF
              : GATEWAY_HALF;
          if (build === "device" && GATEWAY_ONLY.has(route)) continue;
          const name = route === "/" ? "home" : route.slice(1).replace(/\//g, "-");
          const steps = i % 2 === 0 ? half : [...half].reverse();
          await showRoute(page, route);
          for (const [locale, theme] of steps) {
            const where = `${route} ${build} ${locale} ${theme}`;
            await choose(expect, page, locale, theme);
            const title = (await page.locator("main h1").textContent())?.trim() ?? "";
            expect(title, where).not.toBe("");
            expect(title, where).not.toMatch(NOT_FOUND);
            titles.get(route)?.set(locale, title);
            const check = CHECKS[`${locale} ${theme}`] ?? {};
            if (check.axe === 1280)
              await h_.axe(page).catch((e: Error) => failures.push(`${where}: ${e.message}`));
            if (check.shot === "") await h_.screenshot(page, `route-${build}-${name}-1280`);
            if (check.axe === 375 || check.fits) {
              await page.setViewportSize({ width: 375, height: 800 });
              if (check.axe === 375)
                await h_.axe(page).catch((e: Error) => failures.push(`${where}, 375 px: ${e.message}`));
              await fitsWidth(expect, page, `${where} 375 px`);
              if (check.shot !== undefined)
                await h_.screenshot(page, `route-${build}-${name}${check.shot}-375`);
              await page.setViewportSize({ width: 1280, height: 900 });
            }
            h_.assertClean(page);
          }
        }
      };
      await Promise.all([walk("device"), walk("gateway")]);
      // The switch re-rendered the screen: the title is not the same text in all three languages.
      for (const [route, byLocale] of titles) {
        expect(
          new Set(byLocale.values()).size,
          `${route}: ${[...byLocale.values()].join(" / ")}`,
        ).toBeGreaterThan(SAME_TITLE.has(route) ? 0 : 1);
      }
      expect(failures, `part ${part}`).toEqual([]);
      await Promise.all([pages.device.close(), pages.gateway.close()]);
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
