/**
 * Browser-side pieces shared by bench:ui and bench:compare: a fresh Chromium profile, the device-link emulation,
 * the feed front server (answers the live GET and /livedata from bench/feed.ts, forwards the rest to a gateway) and
 * the "page shows the last message" check.
 */
import { createServer, request, type Server } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type CDPSession, type Page } from "playwright-core";
import { WebSocketServer, type WebSocket } from "ws";
import type { Feed } from "./feed.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib.ts";

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function browser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), "dtu-bench-chrome-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    // BENCH_CHROMIUM_ARGS: extra Chromium switches (space-separated) for diagnosis runs.
    args: [...CHROMIUM_ARGS, ...(process.env.BENCH_CHROMIUM_ARGS?.split(" ").filter(Boolean) ?? [])],
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** The slow device link of the first-view figures: ~1 Mbit/s each way, 60 ms added round trip, CPU 4× slower. */
export async function emulateDeviceLink(cdp: CDPSession): Promise<void> {
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 60,
    downloadThroughput: 1_000_000 / 8,
    uploadThroughput: 1_000_000 / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/** A new page on the slow device link, with its CDP session. */
export async function slowPage(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await emulateDeviceLink(cdp);
  return { page, cdp };
}

/**
 * English, light theme, not logged in (the live view is readable without login, API.md §2.3); `check` is page
 * code (a string: tsx's esbuild keepNames wraps named inner functions in a `__name` helper the page lacks) that
 * runs on every animation frame until it sets `window.__first` to performance.now().
 */
export async function prepare(page: Page, check: string): Promise<void> {
  await page.addInitScript(`
    localStorage.setItem("locale", "en");
    localStorage.setItem("theme", "light");
    (function check() {
      if (${check}) window.__first = performance.now();
      else requestAnimationFrame(check);
    })();
  `);
}

/** Page code: an element matching `selector` has a size. */
export const sizedElement = (selector: string): string =>
  `(() => { const el = document.querySelector(${JSON.stringify(selector)});
    const r = el && el.getBoundingClientRect(); return !!(r && r.width > 0 && r.height > 0); })()`;

/**
 * Page code: some element whose own text contains `text` has a size. App-independent (it reads no class names),
 * so it works for the stock app and ours alike.
 */
export const visibleText = (text: string): string =>
  `(() => { if (!document.body || !document.body.textContent.includes(${JSON.stringify(text)})) return false;
    const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      if (!n.data.includes(${JSON.stringify(text)})) continue;
      const r = n.parentElement.getBoundingClientRect(); if (r.width > 0 && r.height > 0) return true;
    }
    return false; })()`;

export async function waitFirst(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { __first?: number }).__first, null, {
    timeout: 60_000,
    polling: 100,
  });
  return page.evaluate(() => (window as unknown as { __first: number }).__first);
}

export interface Front {
  url: string;
  feed: Feed;
  /** Resolves with the page's socket once it connected. */
  socket(): Promise<WebSocket>;
  /** Sends `n` messages at `rate` per second to the connected socket; resolves after the last one. */
  send(n: number, rate: number): Promise<void>;
  /** How many live GETs (`/api/livedata/status` without `?inv=`) were answered. */
  liveGets(): number;
  close(): Promise<void>;
}

export async function startFront(gatewayUrl: string, feed: Feed): Promise<Front> {
  const gw = new URL(gatewayUrl);
  let gets = 0;
  const server: Server = createServer((req, res) => {
    if ((req.url ?? "").startsWith("/api/livedata/status")) {
      if (!(req.url ?? "").includes("inv=")) gets++;
      // v23.11.16 ignores ?inv= and answers the whole document (API.md §3.1).
      res.writeHead(200, { "content-type": "application/json" }).end(feed.current());
      return;
    }
    const up = request(
      { host: gw.hostname, port: gw.port, path: req.url, method: req.method, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on("error", () => res.destroy());
    req.pipe(up);
  });
  const wss = new WebSocketServer({ server, path: "/livedata" });
  let current: WebSocket | null = null;
  const waiting: ((ws: WebSocket) => void)[] = [];
  wss.on("connection", (ws) => {
    current = ws;
    ws.on("message", () => undefined);
    for (const w of waiting.splice(0)) w(ws);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    feed,
    socket: () => (current ? Promise.resolve(current) : new Promise((r) => waiting.push(r))),
    liveGets: () => gets,
    send(n, rate) {
      return new Promise((resolve) => {
        let sent = 0;
        const started = performance.now();
        // Sends by schedule rather than by fixed intervals, so timer lateness does not slow the average rate.
        const step = () => {
          const due = Math.min(n, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
          while (sent < due) {
            current?.send(feed.next());
            sent++;
          }
          if (sent >= n) resolve();
          else setTimeout(step, Math.max(1, 1000 / rate / 2));
        };
        step();
      });
    },
    async close() {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((r) => wss.close(() => r()));
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** The feed's total power after `tick` messages as both apps print it in English (10000 + tick, en-US grouping). */
export const totalText = (tick: number): string => (10000 + tick).toLocaleString("en-US");

/** True when the page shows the total power of the feed's last message within `timeout` ms. */
export async function showsTick(page: Page, tick: number, timeout = 20_000): Promise<boolean> {
  try {
    await page.waitForFunction((w) => document.body.textContent.includes(w), totalText(tick), { timeout });
    return true;
  } catch {
    return false;
  }
}

/** JS heap used after two forced collections (the first can leave objects that need finalizers to run). */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await sleep(500);
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  return usedSize;
}
