/**
 * Several devices in one gateway, in the browser (issue 24 §3–5): two simulated devices under /d/NAME/ with the
 * overview at `/`, and one device behind `--base-path /solar/`. One gateway process per case, one tab, the devices'
 * clock stopped at a summer noon so the figures hold still while they are compared.
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser } from "./browser";
import { ADMIN, copyWebRoot, runAxe } from "./harness";
import { GATEWAY_SCREENS, SCREENS, TOP_SCREENS } from "./screens";
import { fakeZeroExport, offStatus } from "./zeroExportFake";

/** The parts of src/multi/devices.ts used here (imported by a variable path, as harness.ts does with app.ts). */
interface DevicesHost {
  server: Server;
  close(): Promise<void>;
}
type CreateDevicesHost = (opts: {
  specs: { name: string; target: "sim" }[];
  dataDir: string;
  basePath?: string;
  history?: object;
  sim: { webRoot: string; clock: { now(): number }; tickMs?: number };
}) => Promise<DevicesHost>;
const devicesModule = "../apps/gateway/src/multi/devices.ts";

interface Live {
  total: { Power: { v: number }; YieldDay: { v: number }; YieldTotal: { v: number } };
  inverters: { producing: boolean; reachable: boolean }[];
}

/**
 * A summer noon from the start of the file, ten times real speed until frozen: the fleets produce after their start,
 * and each DTU polls every inverter (one per 5 s poll interval) within a second or two.
 */
const started = Date.now();
let frozen: number | null = null;
const NOON = { now: () => frozen ?? Date.UTC(2026, 5, 21, 11, 0, 0) + (Date.now() - started) * 10 };
const cleanups: (() => Promise<unknown>)[] = [];
let browser: Browser;
let context: BrowserContext;
let page: Page;
let multi: string;
let solar: string;
/** Console errors and uncaught exceptions of the tabs. */
const errors: string[] = [];
/** The device screen's probe of an optional file (as in routes.e2e.ts): its 404 is expected. */
const EXPECTED = /pin_mapping\.json/;
const watch = (p: Page): void => {
  p.on("console", (m) => {
    const text = `${m.text()} (${m.location().url})`;
    if (m.type() === "error" && !EXPECTED.test(text)) errors.push(text);
  });
  p.on("pageerror", (e) => errors.push(e.message));
};

async function listen(create: CreateDevicesHost, opts: Parameters<CreateDevicesHost>[0]): Promise<string> {
  const host = await create(opts);
  cleanups.push(() => host.close());
  await new Promise<void>((done) => host.server.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(host.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const web = await copyWebRoot("gateway");
  const dir = await mkdtemp(join(tmpdir(), "dtu-e2e-devices-"));
  cleanups.push(
    () => rm(dir, { recursive: true, force: true }),
    () => rm(web, { recursive: true, force: true }),
  );
  const { createDevicesHost } = (await import(devicesModule)) as { createDevicesHost: CreateDevicesHost };
  // With the meter, as `npm start` runs each simulated device: Settings > Meter is one of the routes walked.
  const sim = { webRoot: web, clock: NOON, tickMs: 100, meter: true };
  multi = await listen(createDevicesHost, {
    specs: [
      { name: "roof", target: "sim" },
      { name: "garage", target: "sim" },
    ],
    dataDir: join(dir, "multi"),
    history: {},
    sim,
  });
  solar = await listen(createDevicesHost, {
    specs: [{ name: "solar", target: "sim" }],
    dataDir: join(dir, "solar"),
    basePath: "/solar/",
    sim,
  });
  browser = await connectBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(60_000);
  // The system screen's update check goes to GitHub; the machine is offline.
  await context.route("https://api.github.com/**", (r) =>
    r.fulfill({ json: { total_commits: 0, html_url: "https://github.com/x/compare" } }),
  );
  // Its devices run no zero export (it needs the meter): the walk of every screen meets a stand-in API there.
  await fakeZeroExport(context, offStatus());
  await context.addInitScript(() => {
    // Not on about:blank (the walk below leaves the last page there first): its storage is closed, reading it throws.
    if (location.protocol.startsWith("http") && !localStorage.getItem("locale"))
      localStorage.setItem("locale", "en");
  });
  page = await context.newPage();
  watch(page);
});

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

const en = (v: number, decimals: number): string =>
  new Intl.NumberFormat("en", { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(v);

const producingAll = (doc: Live): boolean => doc.inverters.every((i) => i.producing);

async function live(name: string): Promise<Live> {
  const res = await fetch(`${multi}/d/${name}/api/livedata/status`);
  return (await res.json()) as Live;
}

/** Every request and socket of the tab, by path, from now on. */
function track(): { paths: string[]; sockets: string[] } {
  const seen = { paths: [] as string[], sockets: [] as string[] };
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith("http") && url.host !== "api.github.com") seen.paths.push(url.pathname);
  });
  page.on("websocket", (ws) => seen.sockets.push(new URL(ws.url()).pathname));
  return seen;
}

/**
 * This page again at phone width, dark and in German: its heading and `shown` appear, axe finds nothing; then back to
 * English, light and wide for the next step.
 */
async function germanDarkPhone(heading: string, shown: Locator): Promise<void> {
  await page.evaluate(() => {
    localStorage.setItem("theme", "dark");
    localStorage.setItem("locale", "de");
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await page.getByRole("heading", { name: heading }).waitFor();
  await shown.waitFor();
  await runAxe(page);
  await page.evaluate(() => {
    localStorage.setItem("theme", "light");
    localStorage.setItem("locale", "en");
  });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("two simulated devices", () => {
  it("shows the overview at /: totals equal the sum of each device's live data, a card per device", async () => {
    // Every inverter of both producing (so each was read since its DTU started: the overview counts an unread one's
    // yields from the history, issue 25), then the clock stops; the fleets' last tick after it is what both pages
    // then show.
    await expect
      .poll(async () => (await Promise.all([live("garage"), live("roof")])).every(producingAll), {
        timeout: 20_000,
      })
      .toBe(true);
    frozen = NOON.now();
    await new Promise((r) => setTimeout(r, 300));
    await page.goto(`${multi}/`);
    const total = page.locator("section[data-total]");
    await total.waitFor();
    const [roofLive, garageLive] = await Promise.all([live("roof"), live("garage")]);
    const [roof, garage] = [roofLive.total, garageLive.total];
    const text = (await total.textContent()) ?? "";
    expect(text).toContain(en(roof.Power.v + garage.Power.v, 1));
    expect(text).toContain(en(roof.YieldDay.v + garage.YieldDay.v, 0));
    expect(text).toContain(en(roof.YieldTotal.v + garage.YieldTotal.v, 3));
    for (const [name, doc] of [
      ["roof", roofLive],
      ["garage", garageLive],
    ] as const) {
      const own = doc.total;
      const card = page.getByRole("region", { name, exact: true });
      await expect.poll(() => card.textContent()).toContain(en(own.Power.v, 1));
      expect(await card.getByRole("link", { name: `Open ${name}` }).getAttribute("href")).toBe(`/d/${name}/`);
      // Its open alerts (none on a fresh device), linking to its own Alerts screen.
      const alerts = card.getByRole("link", { name: `Open alerts of ${name}` });
      expect(await alerts.getAttribute("href")).toBe(`/d/${name}/alerts`);
      expect(await card.locator("[data-alerts]").textContent()).toBe("Open alerts: 0");
      expect(await card.textContent()).toContain("Answering");
      const producing = doc.inverters.filter((i) => i.producing).length;
      expect(await card.locator("[data-inverters]").textContent()).toBe(`${producing} / 2 / 2`);
    }
    // The energy of all devices per period is the History's: the overview links there.
    expect(
      await page
        .getByRole("link", { name: "Energy of all devices per day, month and year" })
        .getAttribute("href"),
    ).toBe("/history");
    // The top level has its own screens only: no device menus, the switcher lists the devices.
    await expect.poll(() => page.locator("nav").textContent()).not.toContain("Settings");
    await runAxe(page);
    // Phone width, dark, German: the cards stack, the texts are German.
    await germanDarkPhone("Übersicht", page.getByText("Alle Geräte").first());
    expect(errors).toEqual([]);
  });

  it("shows the energy of all devices on the top-level History: each total is the sum of the device columns", async () => {
    await page.goto(`${multi}/`);
    // In the menu next to Overview.
    const menu = page.locator("#main-nav a.nav-link");
    await expect.poll(() => menu.allTextContents()).toEqual(["Overview", "History"]);
    await menu.nth(1).click();
    await page.getByRole("heading", { name: "History of all devices" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/history");
    // The devices' month (their clock is in June 2026), whatever the browser's date is.
    const energy = page.getByRole("region", { name: "Energy of all devices (kWh)" });
    expect(await energy.locator("[data-range]").textContent()).toBe("June 2026");
    // By its caption: the chart's legend is a table too (uPlot's).
    const table = energy.getByRole("table", { name: "Energy of all devices (kWh)" });
    await table.waitFor();
    // Each simulated device has its simulated house's meter: the sums of their grid energy follow the total.
    expect(await table.locator("thead th").allTextContents()).toEqual([
      "Period",
      "roof",
      "garage",
      "Total",
      "Imported",
      "Exported",
    ]);
    const rows: number[][] = [];
    for (const tr of await table.locator("tbody tr").all()) {
      rows.push((await tr.locator("td").allTextContents()).map((v) => Number(v.replace(/,/g, ""))));
    }
    // The backfilled days of June up to the devices' today, each with both devices.
    expect(rows.length).toBeGreaterThan(1);
    for (const [roof, garage, total, imported, exported] of rows) {
      expect(imported).toBeGreaterThanOrEqual(0);
      expect(exported).toBeGreaterThanOrEqual(0);
      expect(roof).toBeGreaterThan(0);
      expect(garage).toBeGreaterThan(0);
      // Each figure is rounded to 10 Wh on its own: the sum may differ from the total by that rounding.
      expect(Math.abs((roof ?? 0) + (garage ?? 0) - (total ?? 0))).toBeLessThanOrEqual(0.011);
    }
    await energy.locator("figure .history-chart canvas").first().waitFor();
    // The devices' today is the latest period: no step on.
    expect(await energy.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    // Every top-level screen passes axe, wide and at phone width in German and dark.
    for (const route of TOP_SCREENS) {
      await page.goto(`${multi}${route}`);
      await page.locator(route === "/" ? "section[data-total]" : "table.table").waitFor();
      await runAxe(page);
    }
    await germanDarkPhone("Verlauf aller Geräte", page.locator("table.table"));
    // Each device's own History leads there.
    await page.goto(`${multi}/d/roof/history`);
    const back = page.getByRole("link", { name: "Energy of all devices together" });
    expect(await back.getAttribute("href")).toBe("/history");
    expect(errors).toEqual([]);
  });

  it("walks every screen of one device under /d/garage/: nothing is asked outside its path", async () => {
    await page.goto(`${multi}/d/garage/`);
    // Counted from here: the last test's page may still have been asking for roof's history until this navigation.
    // The reload below loads this page again, so its own first requests are counted all the same.
    const seen = track();
    // Logged in on this device only (its own key, apps/webapp/src/lib/storage.ts).
    await page.evaluate(
      (user) => localStorage.setItem("user /d/garage/", user),
      JSON.stringify({ username: "admin", authdata: btoa(`${ADMIN.username}:${ADMIN.password}`) }),
    );
    // Loaded once, then from route to route inside the app (as its links do): quick, and the router's base at work.
    await page.reload();
    for (const route of [...SCREENS, ...GATEWAY_SCREENS]) {
      const title = page.locator("main h1");
      const before = route === "/" ? "" : ((await title.textContent().catch(() => "")) ?? "");
      await page.evaluate((r) => {
        history.pushState(null, "", r);
        dispatchEvent(new PopStateEvent("popstate"));
      }, `/d/garage${route}`);
      // The screen's own title: not the last screen's, nor the spinner's (the app's name) while its chunk loads.
      await expect
        .poll(async () => {
          const now = await title.textContent().catch(() => null);
          return now !== null && now !== "OpenDTU" && (now !== before || route === "/");
        })
        .toBe(true);
      expect(new URL(page.url()).pathname, route).toBe(`/d/garage${route}`);
      expect(await title.textContent(), route).not.toMatch(/does not exist/);
    }
    // The live view's socket, under the prefix.
    await page.goto(`${multi}/d/garage/`);
    await page.locator("section.card").first().waitFor();
    expect(seen.sockets).toContain("/d/garage/livedata");
    const outside = seen.paths.filter((p) => !p.startsWith("/d/garage/") && p !== "/api/overview/devices");
    expect(outside).toEqual([]);
    await runAxe(page);
    // The switcher: the overview and both devices.
    await page.getByRole("button", { name: "garage" }).click();
    const items = page.locator(".dropdown-menu.show a");
    expect(await items.allTextContents()).toEqual(["Overview", "roof", "garage"]);
    expect(await items.nth(1).getAttribute("href")).toBe("/d/roof/");
    await items.nth(0).click();
    await page.locator("section[data-total]").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(errors).toEqual([]);
  });

  it("keeps logins apart: a login to one device does not open the other", async () => {
    await page.goto(`${multi}/d/roof/login`);
    await page.locator('input[name="username"]').fill(ADMIN.username);
    await page.locator('input[name="password"]').fill(ADMIN.password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${multi}/d/roof/`);
    // Logged in on roof: its reboot page opens.
    await page.goto(`${multi}/d/roof/maintenance/reboot`);
    await page.locator("main h1").waitFor();
    expect(new URL(page.url()).pathname).toBe("/d/roof/maintenance/reboot");
    // garage's was set by the walk above; without it garage asks for its own login.
    await page.evaluate(() => localStorage.removeItem("user /d/garage/"));
    await page.goto(`${multi}/d/garage/maintenance/reboot`);
    await page.waitForURL(/\/d\/garage\/login\?returnUrl=/);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("user")))).toEqual([
      "user /d/roof/",
    ]);
    // And the cookie for roof's sockets stays on roof's path.
    const cookies = await context.cookies(`${multi}/d/roof/`);
    expect(cookies.map((c) => c.path)).toContain("/d/roof");
    expect(cookies.map((c) => `${c.name} ${c.path}`)).toEqual(["dtu_session /d/roof"]);
  });
});

describe("--base-path /solar/", () => {
  it("loads the live view under the prefix, its socket connects there", async () => {
    // A tab of its own: a late request of the last page (its icon) is not this one's.
    page = await context.newPage();
    watch(page);
    const seen = track();
    const frames: string[] = [];
    page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload).slice(0, 20))));
    await page.goto(`${solar}/solar/`);
    await page.locator("section.card").first().waitFor();
    expect(seen.sockets).toContain("/solar/livedata");
    await expect.poll(() => frames.length).toBeGreaterThan(0);
    expect(seen.paths.filter((p) => !p.startsWith("/solar/"))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
