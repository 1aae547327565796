/**
 * Proxy mode in the browser (issue 8): the web app served by the proxy in front of a gateway playing the device
 * shows its inverters live, says so when the device goes away and recovers by itself when it is back; and a device
 * with later firmware (API.md §9.2/§9.3: summary GET, `?inv=` detail, one inverter per socket frame, inverter-level
 * values in INV/0) renders too.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { existsSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { connectBrowser } from "./browser";
import { WebSocketServer, WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS, GATEWAY_WEB_ROOT, WEB_ROOT } from "./harness";
import { SCREENS } from "./screens";

/** The parts of the gateway and proxy apps used here (apps/gateway/src/app.ts, src/proxy/app.ts). */
interface Listening {
  listen(opts: { port: number; host: string }): Promise<string>;
  close(): Promise<unknown>;
}
type BuildApp = (opts: { dataDir: string; webRoot?: string }) => Promise<Listening>;
type BuildProxyApp = (opts: { device: string; webRoot?: string }) => Promise<Listening>;

// Imported by a variable path so the e2e type check does not pull in the gateway's source tree (as harness.ts).
const appModule = "../apps/gateway/src/app.ts";
const proxyModule = "../apps/gateway/src/proxy/app.ts";

let buildApp: BuildApp;
let buildProxyApp: BuildProxyApp;
let browser: Browser;
let context: BrowserContext;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  for (const f of [join(WEB_ROOT, "index.html.gz"), join(GATEWAY_WEB_ROOT, "js/app.js")]) {
    if (!existsSync(f)) throw new Error(`${f} missing: run \`npm run build\` before the browser tests`);
  }
  ({ buildApp } = (await import(appModule)) as { buildApp: BuildApp });
  ({ buildProxyApp } = (await import(proxyModule)) as { buildProxyApp: BuildProxyApp });
  browser = await connectBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

async function startProxy(device: string): Promise<string> {
  // The proxy serves the gateway build (README "Two builds"); the gateway playing the device, the device build.
  const proxy = await buildProxyApp({ device, webRoot: GATEWAY_WEB_ROOT });
  const url = await proxy.listen({ port: 0, host: "127.0.0.1" });
  cleanups.push(() => proxy.close());
  return url.replace("0.0.0.0", "127.0.0.1");
}

/** Default admin of a fresh data dir (API.md §2), as the web app stores its session (lib/storage.ts). */
const SESSION = JSON.stringify({
  username: "admin",
  authdata: Buffer.from("admin:openDTU42").toString("base64"),
});

async function openPage(
  base: string,
  path: string,
  loggedIn = false,
  watch?: (page: Page) => void,
): Promise<Page> {
  const page = await context.newPage();
  watch?.(page);
  await page.addInitScript(
    ({ session }) => {
      localStorage.setItem("locale", "en");
      localStorage.setItem("theme", "light");
      if (session) localStorage.setItem("user", session);
      else localStorage.removeItem("user");
    },
    { session: loggedIn ? SESSION : null },
  );
  await page.goto(base + path);
  await page.locator("nav.navbar").waitFor();
  return page;
}

describe("proxy mode in the browser", () => {
  it("shows the device's inverters live, says when the device is gone and recovers", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "dtu-e2e-proxy-device-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let device = await buildApp({ dataDir, webRoot: WEB_ROOT });
    const deviceUrl = (await device.listen({ port: 0, host: "127.0.0.1" })).replace("0.0.0.0", "127.0.0.1");
    const port = Number(new URL(deviceUrl).port);
    cleanups.push(() => device.close());
    const live = (await (await fetch(`${deviceUrl}/api/livedata/status`)).json()) as {
      inverters: { serial: string; name: string }[];
    };
    const first = live.inverters[0];
    expect(first).toBeDefined();
    if (!first) return;

    const base = await startProxy(deviceUrl);
    const page = await openPage(base, "/");
    const card = page.locator("section.card", { has: page.getByRole("heading", { name: first.name }) });
    await card.waitFor();
    expect(await card.textContent()).toContain(first.serial);
    await page.screenshot({ path: join(ARTIFACTS, "proxy-live-1280.png"), fullPage: true });

    // Device gone: the live socket is closed by the proxy and the page says the connection is lost.
    await device.close();
    const banner = page.getByRole("alert").filter({ hasText: /connection|lost|unreachable/i });
    await banner.first().waitFor({ timeout: 20_000 });
    // A page that asks the API meanwhile shows the proxy's message instead of loading for ever.
    const info = await openPage(base, "/info/system");
    await info
      .getByText(/Device unreachable/)
      .first()
      .waitFor({ timeout: 20_000 });
    await info.screenshot({ path: join(ARTIFACTS, "proxy-unreachable-1280.png"), fullPage: true });
    await info.close();

    // Device back on the same address: the open page reconnects by itself (the web app retries every 10 s).
    device = await buildApp({ dataDir, webRoot: WEB_ROOT });
    await device.listen({ port, host: "127.0.0.1" });
    await banner.first().waitFor({ state: "detached", timeout: 30_000 });
    await card.waitFor();
    await page.close();
  });

  it("every screen loads through the proxy with no request failing in the proxy", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "dtu-e2e-proxy-device-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const device = await buildApp({ dataDir, webRoot: WEB_ROOT });
    const deviceUrl = (await device.listen({ port: 0, host: "127.0.0.1" })).replace("0.0.0.0", "127.0.0.1");
    cleanups.push(() => device.close());
    const base = await startProxy(deviceUrl);
    // The login screen is not part of the walk: the tab is logged in.
    const routes = SCREENS.filter((r) => r !== "/login");
    let apiAnswers = 0;
    let problems: string[] = [];
    let leaving = false;
    // One tab for all screens, each opened by a full page load (a new tab per screen cost about 3 s of CPU).
    const page = await openPage(base, "/about", true, (page) => {
      page.on("response", (res) => {
        if (!new URL(res.url()).pathname.startsWith("/api/")) return;
        apiAnswers++;
        // 502/504 are the proxy's own answers (device unreachable); the device itself never sends them (§1).
        if (res.status() === 502 || res.status() === 504) problems.push(`${res.status()} ${res.url()}`);
      });
      page.on("requestfailed", (req) => {
        // Only requests to the proxy count (the system page also asks GitHub for updates, offline here).
        // Leaving a screen aborts its requests still under way (the browser's doing, not the proxy's).
        const aborted = leaving && req.failure()?.errorText === "net::ERR_ABORTED";
        if (req.url().startsWith(base) && !aborted)
          problems.push(`failed ${req.url()}: ${req.failure()?.errorText}`);
      });
    });
    for (const route of routes) {
      leaving = true;
      await page.goto(base + route);
      leaving = false;
      problems = [];
      await page.locator("main h1").first().waitFor({ timeout: 10_000 });
      await page.waitForLoadState("networkidle").catch(() => undefined);
      expect(problems, route).toEqual([]);
      expect(await page.getByText(/Device unreachable/).count(), route).toBe(0);
    }
    // Without recorded history (this proxy records none) the gateway build lists no History, and its route is
    // the not-found page (the server's offer, GET /api/gateway/features).
    await expect.poll(() => page.locator("#main-nav .nav-link").first().textContent()).toBe("Live View");
    expect(await page.locator("#main-nav").getByRole("link", { name: "History" }).count()).toBe(0);
    await page.goto(`${base}/history`);
    await expect.poll(() => page.locator("main h1").textContent()).toMatch(/does not exist/);
    await page.close();
    // The screens did talk to the device through the proxy (most of them read one or more endpoints).
    expect(apiAnswers).toBeGreaterThan(10);
  });

  it("renders a device with later firmware: summary GET, ?inv= detail, per-inverter socket frames (§9.2, §9.3)", async () => {
    const fake = await startLaterFirmwareDevice();
    cleanups.push(() => fake.close());
    const base = await startProxy(fake.url);
    const page = await openPage(base, "/");
    for (const inv of LATER_INVERTERS) {
      await page.getByText(inv.name).first().waitFor();
    }
    // The first tab's panel: serial and the inverter-level values that later firmware sends in INV/0.
    const panel = page.locator("section.card", { has: page.getByRole("heading", { name: "Garage" }) });
    await panel.waitFor();
    expect(await panel.textContent()).toContain("116482345678");
    // Efficiency arrives with 3 decimals; percentages are shown with one (issue 13 §5).
    await panel.getByText("95.6", { exact: true }).waitFor();
    await panel.getByText("804.113").first().waitFor();
    await page.screenshot({ path: join(ARTIFACTS, "proxy-later-firmware-1280.png"), fullPage: true });
    await page.close();
  });
});

const f = (v: number, u: string, d: number) => ({ v, u, d });

const LATER_INVERTERS = [
  { serial: "116482345678", name: "Garage", order: 0 },
  { serial: "114182123456", name: "Shed", order: 1 },
];

/** Summary keys as at v26.3.30 (§9.2). */
function summary(inv: (typeof LATER_INVERTERS)[number]) {
  return {
    serial: inv.serial,
    name: inv.name,
    order: inv.order,
    data_age: 1,
    data_age_ms: 1200,
    poll_enabled: true,
    reachable: true,
    producing: true,
    limit_relative: 80,
    limit_absolute: 1440,
    radio_stats: {
      tx_request: 10,
      tx_re_request: 1,
      rx_success: 9,
      rx_fail_nothing: 1,
      rx_fail_partial: 0,
      rx_fail_corrupt: 0,
      rssi: -71,
    },
  };
}

/** Detail form: summary keys, then AC, DC, INV (with the values moved there in v24.2.12), events. */
function detail(inv: (typeof LATER_INVERTERS)[number]) {
  return {
    ...summary(inv),
    AC: {
      "0": {
        Power: f(955.2, "W", 1),
        Voltage: f(229.4, "V", 1),
        Current: f(4.16, "A", 2),
        Frequency: f(49.98, "Hz", 2),
        PowerFactor: f(1, "", 3),
        ReactivePower: f(-3.2, "var", 1),
      },
    },
    DC: {
      "0": {
        name: { u: "West" },
        Power: f(250.1, "W", 1),
        Voltage: f(36.2, "V", 1),
        Current: f(6.91, "A", 2),
        YieldDay: f(812, "Wh", 0),
        YieldTotal: f(470.25, "kWh", 3),
      },
    },
    INV: {
      "0": {
        "Power DC": f(998.7, "W", 1),
        YieldDay: f(3120, "Wh", 0),
        YieldTotal: f(804.113, "kWh", 3),
        Temperature: f(41.3, "°C", 1),
        Efficiency: f(95.644, "%", 3),
      },
    },
    events: 2,
  };
}

const common = {
  total: { Power: f(1910.4, "W", 1), YieldDay: f(6240, "Wh", 0), YieldTotal: f(1608.226, "kWh", 3) },
  hints: { time_sync: false, radio_problem: false, default_password: false, pin_mapping_issue: false },
};

interface FakeDevice {
  url: string;
  detailRequests: string[];
  close(): Promise<void>;
}

/** A device with firmware after v24.2.12, reduced to what the live view reads. */
async function startLaterFirmwareDevice(): Promise<FakeDevice> {
  const detailRequests: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://device");
    const json = (body: unknown) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/api/livedata/status") {
      const serial = url.searchParams.get("inv");
      if (serial && parseInt(serial, 16) !== 0) {
        detailRequests.push(serial);
        const inv = LATER_INVERTERS.find((i) => i.serial === serial);
        return json({ inverters: inv ? [detail(inv)] : [], ...common });
      }
      return json({ inverters: LATER_INVERTERS.map(summary), ...common });
    }
    // Everything else: the device's HTML app (API.md §1), which later-firmware probes recognise as "absent".
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>device</title>");
  });
  const wss = new WebSocketServer({ server, path: "/livedata" });
  // One frame per inverter and second, as the later firmware pushes (§9.3).
  const timer = setInterval(() => {
    for (const inv of LATER_INVERTERS) {
      const frame = JSON.stringify({ inverters: [detail(inv)], ...common });
      for (const ws of wss.clients) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
    }
  }, 1000);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    detailRequests,
    async close() {
      clearInterval(timer);
      for (const ws of wss.clients) ws.terminate();
      await new Promise((r) => wss.close(r));
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
