/**
 * `npm run bench:ui` (issue 6 §3): headless Chromium against the in-process gateway serving webapp_dist.
 *  (a) first render of the live view with 10 inverters (mixed families, added through the API) on an emulated device
 *      link: CPU 4× slower, ~1 Mbit/s each way, 60 ms latency, cache off, fresh profile per run. Time from navigation
 *      start to the first frame in which an inverter panel has a size (rAF check in the page, performance.now()).
 *  (b) script time per live update, 10 inverters × 6 strings at 10 updates/s from a synthetic feed (bench/feed.ts),
 *      from the ScriptDuration deltas of Performance.getMetrics divided by the number of updates.
 *  (c) JS heap after 1,800 updates (30 min of the device's 1/s pushes, sent at 100/s) against the heap after 60
 *      updates (1 min), both JSHeapUsedSize after HeapProfiler.collectGarbage; growth must stay within 10 %.
 * For (b) and (c) a small front server in this process answers GET /api/livedata/status and the /livedata socket
 * from the feed and passes every other request to the gateway.
 * Options: --runs=5 (first-render runs), --updates=200 (per script-time run), --only=a|b|c.
 */
import { createServer, request, type Server } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type CDPSession, type Page } from "playwright-core";
import { WebSocketServer, type WebSocket } from "ws";
import { Feed, type FeedMode } from "./feed.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH, MIXED_FLEET, REPO, median, setFleet, startGateway } from "./lib.ts";

const arg = (name: string): string | undefined =>
  process.argv.find((x) => x.startsWith(`--${name}=`))?.split("=")[1];
const RUNS = Number(arg("runs") ?? 5);
const UPDATES = Number(arg("updates") ?? 200);
const ONLY = arg("only");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A panel: InverterPanel.tsx renders each inverter as `<section class="card" aria-label={name}>`. */
const panelSelector = (names: readonly string[]) =>
  names.map((n) => `section.card[aria-label="${n}"]`).join(", ");

async function browser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
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

/** English, light theme, not logged in (the live view is readable without login, API.md §2.3). */
async function prepare(page: Page, selector: string): Promise<void> {
  // A string, not a function: tsx (esbuild keepNames) wraps named inner functions in a `__name` helper that does
  // not exist in the page.
  await page.addInitScript(`
    localStorage.setItem("locale", "en");
    localStorage.setItem("theme", "light");
    (function check() {
      const el = document.querySelector(${JSON.stringify(selector)});
      const r = el && el.getBoundingClientRect();
      if (r && r.width > 0 && r.height > 0) window.__firstPanel = performance.now();
      else requestAnimationFrame(check);
    })();
  `);
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send("Performance.getMetrics");
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

const results: Record<string, unknown> = {
  chromium: "",
  node: process.version,
  cpu: cpus()[0]?.model,
  cores: cpus().length,
  loadAverageAtStart: loadavg(),
};

// ---------------------------------------------------------------- (a) first render on a device link
async function firstRender(baseUrl: string): Promise<void> {
  const times: number[] = [];
  const fcps: number[] = [];
  const bytes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const b = await browser();
    try {
      const page = await b.context.newPage();
      const cdp = await b.context.newCDPSession(page);
      results.chromium = (await cdp.send("Browser.getVersion")).product;
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      // ~1 Mbit/s each way (bytes per second), 60 ms added round trip.
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 60,
        downloadThroughput: 1_000_000 / 8,
        uploadThroughput: 1_000_000 / 8,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await prepare(page, panelSelector(MIXED_FLEET.map((i) => i.name)));
      await page.goto(`${baseUrl}/`, { waitUntil: "commit" });
      await page.waitForFunction(() => (window as unknown as { __firstPanel?: number }).__firstPanel, null, {
        timeout: 60_000,
        polling: 100,
      });
      const r = await page.evaluate(() => ({
        panel: (window as unknown as { __firstPanel: number }).__firstPanel,
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        // Bytes on the wire (headers included) of the document and every request made so far.
        bytes: (performance.getEntriesByType("navigation") as PerformanceResourceTiming[])
          .concat(performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .reduce((sum, e) => sum + e.transferSize, 0),
      }));
      bytes.push(r.bytes);
      times.push(r.panel);
      fcps.push(r.fcp);
      console.log(
        `  (a) run ${run + 1}: first inverter panel ${r.panel.toFixed(0)} ms, FCP ${r.fcp.toFixed(0)} ms, ` +
          `${r.bytes} B transferred`,
      );
    } finally {
      await b.close();
    }
  }
  results.firstRender = {
    runs: RUNS,
    medianMs: Math.round(median(times)),
    minMs: Math.round(Math.min(...times)),
    maxMs: Math.round(Math.max(...times)),
    medianFcpMs: Math.round(median(fcps)),
    medianBytesTransferred: median(bytes),
  };
  console.log(
    `(a) first inverter panel: median ${median(times).toFixed(0)} ms of ${RUNS} runs ` +
      `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}); FCP median ${median(fcps).toFixed(0)} ms`,
  );
}

// ---------------------------------------------------------------- front server for (b) and (c)
interface Front {
  url: string;
  feed: Feed;
  /** Resolves with the page's socket once it connected. */
  socket(): Promise<WebSocket>;
  /** Sends `n` messages at `rate` per second to the connected socket; resolves after the last one. */
  send(n: number, rate: number): Promise<void>;
  close(): Promise<void>;
}

async function startFront(gatewayUrl: string, feed: Feed): Promise<Front> {
  const gw = new URL(gatewayUrl);
  const server: Server = createServer((req, res) => {
    if ((req.url ?? "").startsWith("/api/livedata/status")) {
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

async function openFeedPage(front: Front, throttle: number) {
  const b = await browser();
  const page = await b.context.newPage();
  const cdp = await b.context.newCDPSession(page);
  results.chromium = (await cdp.send("Browser.getVersion")).product;
  await cdp.send("Performance.enable");
  if (throttle > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  await prepare(page, 'section.card[aria-label^="Feed "]');
  await page.goto(`${front.url}/`);
  await page.waitForFunction(() => (window as unknown as { __firstPanel?: number }).__firstPanel, null, {
    timeout: 60_000,
  });
  await front.socket();
  return { b, page, cdp };
}

/** True when the page shows the total power of the feed's last message (10000 + tick, en-US grouping). */
async function showsTick(page: Page, tick: number): Promise<boolean> {
  const want = (10000 + tick).toLocaleString("en-US");
  try {
    await page.waitForFunction((w) => document.body.innerText.includes(w), want, { timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- (b) script time per update
async function scriptTime(gatewayUrl: string): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  for (const throttle of [1, 4]) {
    for (const mode of ["all", "one"] as FeedMode[]) {
      const feed = new Feed(mode, 10);
      const front = await startFront(gatewayUrl, feed);
      const { b, page, cdp } = await openFeedPage(front, throttle);
      try {
        await front.send(20, 10); // warm-up: first render of every changing part, JIT
        await sleep(1000);
        const idle0 = await metrics(cdp);
        await sleep(5000);
        const idle1 = await metrics(cdp);
        // DOM mutations during the run show how much of the page an update touches ("re-renders only what
        // changed", issue 6): text and attribute changes and added nodes, counted by a MutationObserver.
        await page.evaluate(`
          window.__mutations = 0;
          new MutationObserver((list) => {
            for (const m of list) window.__mutations += m.type === "childList" ? m.addedNodes.length : 1;
          }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        `);
        const m0 = await metrics(cdp);
        await front.send(UPDATES, 10);
        await sleep(500);
        const m1 = await metrics(cdp);
        const mutations = Number(await page.evaluate("window.__mutations"));
        const shown = await showsTick(page, feed.tick);
        const d = (k: string) => ((m1[k] ?? 0) - (m0[k] ?? 0)) * 1000;
        const idlePerSec = (((idle1.ScriptDuration ?? 0) - (idle0.ScriptDuration ?? 0)) * 1000) / 5;
        const seconds = (m1.Timestamp ?? 0) - (m0.Timestamp ?? 0);
        const row = {
          cpu: `${throttle}x`,
          mode,
          updates: UPDATES,
          scriptMsPerUpdate: Number((d("ScriptDuration") / UPDATES).toFixed(3)),
          scriptMsPerUpdateNetOfIdle: Number(
            ((d("ScriptDuration") - idlePerSec * seconds) / UPDATES).toFixed(3),
          ),
          layoutAndStyleMsPerUpdate: Number(
            ((d("LayoutDuration") + d("RecalcStyleDuration")) / UPDATES).toFixed(3),
          ),
          taskMsPerUpdate: Number((d("TaskDuration") / UPDATES).toFixed(3)),
          idleScriptMsPerSecond: Number(idlePerSec.toFixed(3)),
          domMutationsPerUpdate: Number((mutations / UPDATES).toFixed(1)),
          lastMessageShown: shown,
        };
        rows.push(row);
        console.log(
          `  (b) CPU ${row.cpu}, ${mode === "all" ? "all 10 change" : "1 of 10 changes"}: ` +
            `script ${row.scriptMsPerUpdate} ms/update (${row.scriptMsPerUpdateNetOfIdle} net of idle), ` +
            `layout+style ${row.layoutAndStyleMsPerUpdate} ms, task ${row.taskMsPerUpdate} ms; ` +
            `idle script ${row.idleScriptMsPerSecond} ms/s; DOM mutations ${row.domMutationsPerUpdate}/update; ` +
            `last message shown: ${shown}`,
        );
      } finally {
        await b.close();
        await front.close();
      }
    }
  }
  results.scriptTime = rows;
}

// ---------------------------------------------------------------- (c) heap growth
async function heapGrowth(gatewayUrl: string): Promise<void> {
  const feed = new Feed("all", 1); // data_age as if one message came per second
  const front = await startFront(gatewayUrl, feed);
  const { b, page, cdp } = await openFeedPage(front, 1);
  const heapAfterGc = async () => {
    await sleep(500);
    // Twice: the first pass can leave objects that only become unreachable once finalizers ran.
    await cdp.send("HeapProfiler.collectGarbage");
    await cdp.send("HeapProfiler.collectGarbage");
    return (await metrics(cdp)).JSHeapUsedSize ?? 0;
  };
  try {
    // Samples along the way show whether a difference is a trend (a leak grows linearly) or warm-up (JIT code,
    // caches filled once). The verdict is the 30-minute sample against the 1-minute one; 60 min is shown as a trend.
    const marks = [60, 600, 1200, 1800, 3600];
    const samples: { updates: number; heap: number; shown: boolean }[] = [];
    const snapshots = new Map<number, Map<string, number>>();
    for (const m of marks) {
      await front.send(m - feed.tick, 100);
      // The page first catches up with what was sent (queued messages would count as heap), then GC and measure.
      const shown = await showsTick(page, feed.tick);
      const heap = await heapAfterGc();
      samples.push({ updates: feed.tick, heap, shown });
      console.log(
        `  (c) ${feed.tick} updates: JS heap after GC ${(heap / 1024).toFixed(0)} KiB` +
          (shown ? "" : " (the page did not show the last message within 20 s)"),
      );
      if (m === 60 || m === 1800) snapshots.set(m, await heapSnapshotBySort(cdp));
    }
    const diff = snapshotDiff(snapshots.get(60), snapshots.get(1800));
    const codeGrowth = kindGrowth(snapshots.get(60), snapshots.get(1800), "code");
    const at = (n: number) => samples.find((x) => x.updates === n)?.heap ?? Number.NaN;
    const oneMinute = at(60);
    const thirtyMinutes = at(1800);
    const growth = (thirtyMinutes - oneMinute) / oneMinute;
    // V8's optimised machine code (JIT warm-up, bounded by the amount of code) is not data the app keeps.
    const growthWithoutCode = (thirtyMinutes - oneMinute - codeGrowth) / oneMinute;
    const shown = samples.every((x) => x.shown);
    results.heap = {
      rate: 100,
      samples,
      growthPercent: Number((growth * 100).toFixed(1)),
      growthPercent60: Number((((at(3600) - oneMinute) / oneMinute) * 100).toFixed(1)),
      lastMessageShown: shown,
      snapshotGrowth60to1800: diff,
      codeGrowthBytes: codeGrowth,
      growthPercentWithoutCode: Number((growthWithoutCode * 100).toFixed(1)),
    };
    console.log(
      `  (c) heap snapshot growth 60 → 1800 updates by kind (bytes): ` +
        diff
          .slice(0, 8)
          .map((d) => `${d.key} ${d.bytes > 0 ? "+" : ""}${d.bytes}`)
          .join(", "),
    );
    console.log(
      `(c) JS heap after GC: ${(oneMinute / 1024).toFixed(0)} KiB after 60 updates (1 min at 1/s), ` +
        `${(thirtyMinutes / 1024).toFixed(0)} KiB after 1800 (30 min), sent at 100/s: ` +
        `growth ${(growth * 100).toFixed(1)} % (limit 10 %); 3600 (60 min): ${(at(3600) / 1024).toFixed(0)} KiB; ` +
        `every sample showed its last message: ${shown}`,
    );
    console.log(
      `(c) of which V8 compiled code (snapshot kind "code"): ${codeGrowth} B; ` +
        `growth without it: ${(growthWithoutCode * 100).toFixed(1)} %`,
    );
    if (growth > 0.1) process.exitCode = 1;
  } finally {
    await b.close();
    await front.close();
  }
}

/**
 * Self sizes of a heap snapshot summed by kind: V8's node type, and for code, native (Blink) and hidden nodes also
 * the name. Tells a leak of the app's objects (object, array, closure, string grow) from V8 warm-up (optimised machine
 * code: `code:…InstructionStream`) and bounded browser buffers (native performance-timeline entries).
 */
async function heapSnapshotBySort(cdp: CDPSession): Promise<Map<string, number>> {
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on("HeapProfiler.addHeapSnapshotChunk", onChunk);
  await cdp.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
  cdp.off("HeapProfiler.addHeapSnapshotChunk", onChunk);
  const snap = JSON.parse(chunks.join("")) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [ti, ni, si] = [fields.indexOf("type"), fields.indexOf("name"), fields.indexOf("self_size")];
  const sums = new Map<string, number>();
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + ti] ?? 0] ?? "?";
    const named = type === "code" || type === "native" || type === "hidden";
    const key = named ? `${type}:${(snap.strings[snap.nodes[i + ni] ?? 0] ?? "").slice(0, 40)}` : type;
    sums.set(key, (sums.get(key) ?? 0) + (snap.nodes[i + si] ?? 0));
  }
  return sums;
}

/** Growth of all snapshot kinds of one V8 node type (e.g. "code") between two snapshots. */
function kindGrowth(
  a: Map<string, number> | undefined,
  b: Map<string, number> | undefined,
  type: string,
): number {
  if (!a || !b) return Number.NaN;
  const sum = (m: Map<string, number>) =>
    [...m].filter(([k]) => k === type || k.startsWith(`${type}:`)).reduce((s, [, v]) => s + v, 0);
  return sum(b) - sum(a);
}

function snapshotDiff(a?: Map<string, number>, b?: Map<string, number>): { key: string; bytes: number }[] {
  if (!a || !b) return [];
  return [...new Set([...a.keys(), ...b.keys()])]
    .map((key) => ({ key, bytes: (b.get(key) ?? 0) - (a.get(key) ?? 0) }))
    .filter((d) => d.bytes !== 0)
    .sort((x, y) => Math.abs(y.bytes) - Math.abs(x.bytes))
    .slice(0, 20);
}

// ---------------------------------------------------------------- main
const gw = await startGateway();
try {
  await setFleet(gw.baseUrl, MIXED_FLEET);
  if (!ONLY || ONLY === "a") await firstRender(gw.baseUrl);
  if (!ONLY || ONLY === "b") await scriptTime(gw.baseUrl);
  if (!ONLY || ONLY === "c") await heapGrowth(gw.baseUrl);
} finally {
  await gw.close();
}
results.loadAverageAtEnd = loadavg();
console.log(
  `load average (1/5/15 min) at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")} on ${cpus().length} cores`,
);
mkdirSync(join(REPO, "test-artifacts"), { recursive: true });
writeFileSync(join(REPO, "test-artifacts/bench-ui.json"), `${JSON.stringify(results, null, 2)}\n`);
