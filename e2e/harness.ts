/**
 * Browser-test harness: the real gateway in-process on 127.0.0.1:0 with a fresh data dir, serving a production
 * build (a private copy of webapp_dist, or of gateway_dist with `{ build: "gateway" }`; both made by
 * `npm run build`), and headless Chromium via playwright-core.
 *
 *   const h = await startHarness();                       // beforeAll
 *   const page = await h.openPage("/info/system", { locale: "de", theme: "dark", width: 375 });
 *   const other = await h.openPage("/", { ownContext: true }); // own storage: may run beside other pages
 *   await h.screenshot(page, "system-de-dark-375");
 *   await h.axe(page);                                    // throws on serious/critical violations
 *   h.assertClean(page);                                  // throws on console errors / page errors
 *   await h.close();                                      // afterAll
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { connectBrowser } from "./browser";

const repo = fileURLToPath(new URL("..", import.meta.url));
/** The device build (the firmware's files) and the gateway build (what `npm start` serves): README "Two builds". */
export const WEB_ROOT = join(repo, "webapp_dist");
export const GATEWAY_WEB_ROOT = join(repo, "gateway_dist");
export type Build = "device" | "gateway";

/** Every file below `dir`, as paths relative to it with `/`, sorted: a build's file list. */
export const filesOf = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) =>
      join(e.parentPath, e.name)
        .slice(dir.length + 1)
        .replaceAll("\\", "/"),
    )
    .sort();
const ROOTS: Record<Build, string> = { device: WEB_ROOT, gateway: GATEWAY_WEB_ROOT };
export const ARTIFACTS = join(repo, "test-artifacts");
/** Factory default password (API.md §2) of a fresh data dir. */
export const ADMIN = { username: "admin", password: "openDTU42" };

/** The part of the gateway's Fastify instance the harness needs (apps/gateway/src/app.ts). */
interface GatewayApp {
  listen(opts: { port: number; host: string }): Promise<string>;
  close(): Promise<unknown>;
  server: { closeAllConnections(): void };
  /** The simulated device (apps/gateway/src/device/gateway.ts): its reboots, for tests that cause one. */
  gateway: {
    softResets: number;
    rebootPending(): boolean;
    inOutage(): boolean;
    /** Faults of the simulated fleet (apps/gateway/src/fleet/faults.ts), for tests that need an alert. */
    fleet: { faults: { event(serial: string, id: number, endMs?: number | null): boolean } };
  };
  /** The alerts module when asked for (`alerts` option; apps/gateway/src/alerts/service.ts). */
  alerts: { tick(): Promise<void> } | null;
}
/** Extra buildApp options a test file may ask for (e.g. `history` for e2e/history.e2e.ts). */
export interface GatewayExtras {
  history?: { rawDays?: number };
  /** Simulated inverters that never answer (`--offline`, apps/gateway/src/fleet/README.md). */
  offline?: readonly string[];
  /** The host clock of the gateway, for tests that move time on instead of waiting (e2e/live-states.e2e.ts). */
  clock?: { now(): number };
  /** Period of the gateway's fleet tick and live-push check (default 1000 ms). */
  tickMs?: number;
  /** Alerts (e2e/alerts.e2e.ts: a long period, the test calls `alerts().tick()`). */
  alerts?: { tickMs?: number };
  /** The household meter (issue 31: the simulated house; e2e/meter.e2e.ts), as `npm start` runs it. */
  meter?: boolean;
}
/** What a harness serves: the device build unless asked for the gateway build. */
export interface HarnessOptions extends GatewayExtras {
  build?: Build;
}
type BuildApp = (opts: { dataDir: string; webRoot?: string } & GatewayExtras) => Promise<GatewayApp>;

export interface OpenOptions {
  locale?: "en" | "de" | "fr";
  theme?: "light" | "dark" | "auto";
  /** Viewport width in px (375 phone, 1280 desktop); default 1280. */
  width?: number;
  /** Start with the stored session of the default admin. */
  loggedIn?: boolean;
  /** Console errors matching one of these are expected (e.g. the 401 of a wrong login). */
  allowConsole?: readonly RegExp[];
  /**
   * A browser context of its own for this page (own storage, cookies and routes; closed with the page), so pages of
   * one file can run at the same time (`it.concurrent`). Routes and permissions set on `h.context` do not apply.
   */
  ownContext?: boolean;
}

export interface Harness {
  baseUrl: string;
  /** The run's shared Chromium (e2e/browser.ts); browser.close() ends this file's connection. */
  browser: Browser;
  /** The context pages open in unless asked for their own. */
  context: BrowserContext;
  /** A tab (new, or one an earlier test closed) with fresh storage set as asked, at `path`, after the app has rendered its navbar. */
  openPage(path: string, opts?: OpenOptions): Promise<Page>;
  /** Logs in through the login form of the current page's app (navigates to /login first if needed). */
  login(page: Page, password?: string): Promise<void>;
  screenshot(page: Page, name: string): Promise<string>;
  /** Runs axe-core; throws listing every serious or critical violation. */
  axe(page: Page): Promise<void>;
  /** Errors seen on this page so far (console errors not allowed, uncaught exceptions). */
  errors(page: Page): readonly string[];
  /** Throws when errors(page) is not empty. */
  assertClean(page: Page): void;
  /** Restarts the gateway like a device reboot: close, buildApp again on the same data dir and the same port. */
  restart(): Promise<void>;
  /** The running gateway's fleet faults and alerts module (tests that raise an alert). */
  gatewayApp(): Pick<GatewayApp, "gateway" | "alerts">;
  /** How many times the device has rebooted by itself so far (after a restore, a reboot request, ...). */
  reboots(): number;
  /** Waits until the device has rebooted more than `since` (a reboots() value) times and answers again. */
  waitForReboot(since: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The files a usable build has (apps/webapp/scripts/postbuild.mjs, build-kind.mjs). */
const BUILD_FILES: Record<Build, string[]> = {
  device: ["index.html.gz", "js/app.js.gz"],
  gateway: ["index.html", "js/app.js"],
};

/**
 * A private copy of webapp_dist in a fresh temp dir: someone running `npm run build` during a test run rewrites
 * webapp_dist (postbuild deletes and re-creates files), which broke pages served straight from it. The caller
 * removes the directory. A copy caught in the middle of a rebuild is taken again.
 */
export async function copyWebRoot(build: Build = "device"): Promise<string> {
  const from = ROOTS[build];
  const files = BUILD_FILES[build];
  for (let attempt = 1; ; attempt++) {
    if (!existsSync(join(from, files[0] ?? ""))) {
      throw new Error(`${from}/${files[0]} missing: run \`npm run build\` before the browser tests`);
    }
    const dir = await mkdtemp(join(tmpdir(), "dtu-e2e-web-"));
    const ok = await cp(from, dir, { recursive: true }).then(
      () => files.every((f) => existsSync(join(dir, f))),
      () => false,
    );
    if (ok) return dir;
    await rm(dir, { recursive: true, force: true });
    if (attempt >= 5) throw new Error(`could not copy a complete build from ${from}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** Same-origin blank page a tab shows between tests: storage of the origin can be written there. */
const BLANK = "/__e2e-blank";

/** What the harness keeps per tab. */
interface Tab {
  /** Errors since the tab was last handed out by openPage. */
  errs: string[];
  allow: readonly RegExp[];
  /** Listeners the test added (page.on/once/addListener): removed when the tab is recycled. */
  added: [string, (...args: never[]) => unknown][];
  /** The test changed the tab in a way recycling cannot undo (init script, exposed function, emulation). */
  tainted: boolean;
}

/**
 * Makes page.close() keep the tab for the next openPage: a new tab costs about 0.6 s of Chromium CPU on this
 * machine (measured in a cgroup), a navigation in an open tab a fraction of that. Recycling removes the test's
 * listeners and routes and leaves the app (its sockets close, its timers stop); a tab the test changed in ways that
 * cannot be undone is really closed.
 */
function recyclable(page: Page, tab: Tab): void {
  type Listen = (event: string, fn: (...args: never[]) => unknown) => Page;
  const p = page as unknown as Record<string, unknown>;
  for (const name of ["on", "once", "addListener", "prependListener"]) {
    const original = (p[name] as Listen).bind(page);
    p[name] = (event: string, fn: (...args: never[]) => unknown) => {
      tab.added.push([event, fn]);
      return original(event, fn);
    };
  }
  for (const name of [
    "addInitScript",
    "exposeFunction",
    "exposeBinding",
    "emulateMedia",
    "setExtraHTTPHeaders",
  ]) {
    const original = (p[name] as (...args: unknown[]) => unknown).bind(page);
    p[name] = (...args: unknown[]) => {
      tab.tainted = true;
      return original(...args);
    };
  }
  const close = page.close.bind(page);
  page.close = async (options) => {
    if (tab.tainted) return close(options);
    try {
      for (const [event, fn] of tab.added.splice(0)) page.off(event as "close", fn as () => void);
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await page.goto(BLANK, { timeout: 10_000 });
      spares.get(page.context())?.push(page);
    } catch {
      await close(options);
    }
  };
}
/** The spare tabs of each shared context (filled by recyclable pages on close). */
const spares = new WeakMap<BrowserContext, Page[]>();

export async function startHarness({ build, ...extras }: HarnessOptions = {}): Promise<Harness> {
  // One copy per harness, i.e. per test file (each file starts its own in beforeAll).
  const webRoot = await copyWebRoot(build);
  const dataDir = await mkdtemp(join(tmpdir(), "dtu-e2e-data-"));
  // Imported by a variable path so the e2e type check does not pull in the whole gateway source tree.
  const appModule = "../apps/gateway/src/app.ts";
  const { buildApp } = (await import(appModule)) as { buildApp: BuildApp };
  let app = await buildApp({ dataDir, webRoot, ...extras });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const baseUrl = address.replace("0.0.0.0", "127.0.0.1");

  const browser = await connectBrowser();
  const newContext = async () => {
    const ctx = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    // Playwright's 30 s is too short for a page load on a busy machine (several test runs at once); still bounded.
    ctx.setDefaultTimeout(60_000);
    return ctx;
  };
  const context = await newContext();
  // The page tabs go to between tests (see recycle): answered by Playwright, never by the gateway.
  await context.route(`**${BLANK}`, (r) =>
    r.fulfill({ contentType: "text/html", body: "<!doctype html><title>-</title>" }),
  );
  const spare: Page[] = [];
  spares.set(context, spare);
  // Reboots of apps closed by restart(): reboots() counts across them.
  let earlierReboots = 0;
  const tabs = new WeakMap<Page, Tab>();
  mkdirSync(ARTIFACTS, { recursive: true });

  /** A tab with the harness's error listeners; a tab of the shared context is kept for reuse when closed. */
  const newTab = async (ctx: BrowserContext, reuse: boolean): Promise<Page> => {
    const page = await ctx.newPage();
    const tab: Tab = { errs: [], allow: [], added: [], tainted: !reuse };
    tabs.set(page, tab);
    page.on("console", (m) => {
      if (m.type() !== "error") return;
      const text = `console: ${m.text()} (${m.location().url})`;
      if (!tab.allow.some((r) => r.test(text))) tab.errs.push(text);
    });
    page.on("pageerror", (e) => tab.errs.push(`pageerror: ${e.message}`));
    if (reuse) recyclable(page, tab);
    return page;
  };

  const h: Harness = {
    baseUrl,
    browser,
    context,
    async openPage(path, opts = {}) {
      const own = opts.ownContext ? await newContext() : null;
      const page = own ? await newTab(own, false) : (spare.pop() ?? (await newTab(context, true)));
      if (own) page.once("close", () => void own.close().catch(() => undefined));
      const tab = tabs.get(page) as Tab;
      tab.errs = [];
      tab.allow = opts.allowConsole ?? [];
      await page.setViewportSize({ width: opts.width ?? 1280, height: 900 });
      // Storage as a returning user would have it, written on a blank page of the gateway's origin before the app
      // starts; keys as in apps/webapp/src/lib/storage.ts. Seeded once: the app's own changes (logout, language
      // switch) survive reloads.
      // On the origin of `path`, which may be another server's (a proxy in front of this gateway).
      await page.goto(new URL(BLANK, new URL(path, baseUrl)).href);
      await page.evaluate(
        (s) => {
          localStorage.clear();
          sessionStorage.clear();
          localStorage.setItem("locale", s.locale);
          localStorage.setItem("theme", s.theme);
          if (s.user) localStorage.setItem("user", s.user);
        },
        {
          locale: opts.locale ?? "en",
          theme: opts.theme ?? "light",
          user: opts.loggedIn
            ? JSON.stringify({
                username: ADMIN.username,
                authdata: Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString("base64"),
              })
            : null,
        },
      );
      await page.goto(path);
      await page.locator("nav.navbar").waitFor();
      return page;
    },
    async login(page, password = ADMIN.password) {
      if (!new URL(page.url()).pathname.startsWith("/login")) await page.goto("/login");
      await page.locator('input[name="username"]').fill(ADMIN.username);
      await page.locator('input[name="password"]').fill(password);
      await page.locator('form button[type="submit"]').click();
    },
    async screenshot(page, name) {
      const file = join(ARTIFACTS, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    axe: runAxe,
    errors: (page) => tabs.get(page)?.errs ?? [],
    assertClean(page) {
      const errs = h.errors(page);
      if (errs.length > 0) throw new Error(`errors on ${page.url()}:\n${errs.join("\n")}`);
    },
    async restart() {
      // A reboot drops every connection. Without this, a socket Chromium opened ahead of time (no request yet)
      // holds close() until Node's 60 s header timeout.
      const kill = setInterval(() => app.server.closeAllConnections(), 50);
      try {
        await app.close();
      } finally {
        clearInterval(kill);
      }
      earlierReboots += app.gateway.softResets;
      app = await buildApp({ dataDir, webRoot, ...extras });
      await app.listen({ port: Number(new URL(baseUrl).port), host: "127.0.0.1" });
    },
    gatewayApp: () => app,
    reboots: () => earlierReboots + app.gateway.softResets,
    async waitForReboot(since, timeoutMs = 30_000) {
      // State of the in-process device rather than a guess from the outside: done once the reboot ran and the
      // simulated outage (connections refused, API.md §8.6) is over.
      const end = Date.now() + timeoutMs;
      while (h.reboots() <= since || app.gateway.rebootPending() || app.gateway.inOutage()) {
        if (Date.now() > end) throw new Error(`no reboot within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      spare.length = 0;
      await browser.close().catch(() => undefined);
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(webRoot, { recursive: true, force: true });
    },
  };
  return h;
}

/** Runs axe-core on the page; throws listing every serious or critical violation (also for pages of other servers). */
export async function runAxe(page: Page): Promise<void> {
  // Evaluated through the browser's devtools protocol: the pages' CSP (SECURITY.md) blocks an inline <script>.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // axe is a global injected just above; typed loosely because axe-core's types are not loaded here.
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run();
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  if (violations.length > 0) throw new Error(`axe on ${page.url()}:\n${violations.join("\n")}`);
}

/**
 * Resolves once every request the page started before the call has been reported (Playwright's "request" events):
 * for negative checks ("nothing was sent") without a fixed wait. A marker request the page sends now is reported
 * after all earlier ones; it is answered locally and never reaches the gateway.
 */
export async function requestsSettled(page: Page): Promise<void> {
  const marker = `/__e2e-marker-${Math.random().toString(36).slice(2)}`;
  await page.route(`**${marker}`, (r) => r.fulfill({ body: "" }));
  await Promise.all([
    page.waitForRequest((r) => r.url().endsWith(marker)),
    page.evaluate((m) => fetch(m).then(() => undefined), marker),
  ]);
  await page.unroute(`**${marker}`);
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Every POST the page sends, by path (to prove a refused form sent nothing). */
export function trackPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
  });
  return posts;
}
