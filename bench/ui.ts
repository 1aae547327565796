/**
 * `npm run bench:ui` (issue 6 §3, issue 15 §5): headless Chromium against the in-process gateway serving webapp_dist.
 *  (a) first render of the live view with 10 inverters (mixed families, added through the API) on an emulated device
 *      link: CPU 4× slower, ~1 Mbit/s each way, 60 ms latency, cache off, fresh profile per run. Time from navigation
 *      start to the first frame in which an inverter panel has a size (rAF check in the page, performance.now()).
 *  (b) main-thread CPU per live update, 10 inverters × 6 strings at 10 updates/s from a synthetic feed
 *      (bench/feed.ts): the renderer main thread's top-level task time from a trace (bench/trace.ts) divided by the
 *      number of updates.
 *  (c) heap after 1,800 updates (30 min of the device's 1/s pushes) against the heap after 60 (1 min), from heap
 *      snapshots: the limit (2 %) applies to the app's own retained objects, i.e. without V8's compiled code; the
 *      total is printed too. Sent at 100/s, or at the device's 1/s with --realtime (30 real minutes).
 * For (b) and (c) a small front server in this process answers GET /api/livedata/status and the /livedata socket
 * from the feed and passes every other request to the gateway.
 * Options: --runs=5 (first-render runs), --updates=200 (per CPU run), --only=a|b|c, --realtime.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { Feed, type FeedMode } from "./feed.ts";
import { heapBytes, heapSnapshotByKind, snapshotDiff, type HeapKinds } from "./heap.ts";
import { MIXED_FLEET, REPO, median, setFleet, startGateway } from "./lib.ts";
import {
  browser,
  emulateDeviceLink,
  heapAfterGc,
  prepare,
  showsTick,
  sizedElement,
  sleep,
  startFront,
  waitFirst,
  type Front,
} from "./page.ts";
import { traceMainThread } from "./trace.ts";

const arg = (name: string): string | undefined =>
  process.argv.find((x) => x.startsWith(`--${name}=`))?.split("=")[1];
const RUNS = Number(arg("runs") ?? 5);
const UPDATES = Number(arg("updates") ?? 200);
const ONLY = arg("only");
const REALTIME = process.argv.includes("--realtime");
const HEAP_LIMIT = 0.02;

/** A panel: InverterPanel.tsx renders each inverter as `<section class="card" aria-label={name}>`. */
const panelSelector = (names: readonly string[]) =>
  names.map((n) => `section.card[aria-label="${n}"]`).join(", ");

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
      await emulateDeviceLink(cdp);
      await prepare(page, sizedElement(panelSelector(MIXED_FLEET.map((i) => i.name))));
      await page.goto(`${baseUrl}/`, { waitUntil: "commit" });
      const panel = await waitFirst(page);
      const r = await page.evaluate(() => ({
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        // Bytes on the wire (headers included) of the document and every request made so far.
        bytes: (performance.getEntriesByType("navigation") as PerformanceResourceTiming[])
          .concat(performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .reduce((sum, e) => sum + e.transferSize, 0),
      }));
      bytes.push(r.bytes);
      times.push(panel);
      fcps.push(r.fcp);
      console.log(
        `  (a) run ${run + 1}: first inverter panel ${panel.toFixed(0)} ms, FCP ${r.fcp.toFixed(0)} ms, ` +
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

async function openFeedPage(front: Front, throttle: number) {
  const b = await browser();
  const page = await b.context.newPage();
  const cdp = await b.context.newCDPSession(page);
  results.chromium = (await cdp.send("Browser.getVersion")).product;
  if (throttle > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  await prepare(page, sizedElement('section.card[aria-label^="Feed "]'));
  await page.goto(`${front.url}/`);
  await waitFirst(page);
  await front.socket();
  return { b, page, cdp };
}

/** Counts DOM changes (text, attributes, added nodes) from now on, as `window.__mutations`. */
async function countMutations(page: Page): Promise<void> {
  await page.evaluate(`
    window.__mutations = 0;
    new MutationObserver((list) => {
      for (const m of list) window.__mutations += m.type === "childList" ? m.addedNodes.length : 1;
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  `);
}

// ---------------------------------------------------------------- (b) main-thread CPU per update
async function cpuPerUpdate(gatewayUrl: string): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  for (const throttle of [1, 4]) {
    for (const mode of ["all", "one"] as FeedMode[]) {
      const feed = new Feed(mode, 10);
      const front = await startFront(gatewayUrl, feed);
      const { b, page, cdp } = await openFeedPage(front, throttle);
      try {
        await front.send(20, 10); // warm-up: first render of every changing part, JIT
        await sleep(1000);
        const idle = await traceMainThread(cdp, front.url, () => sleep(5000));
        // DOM mutations show how much of the page an update touches ("re-renders only what changed", issue 6).
        await countMutations(page);
        const t = await traceMainThread(cdp, front.url, async () => {
          await front.send(UPDATES, 10);
          await sleep(500);
        });
        const mutations = Number(await page.evaluate("window.__mutations"));
        const shown = await showsTick(page, feed.tick);
        const per = (ms: number) => Number((ms / UPDATES).toFixed(3));
        const row = {
          cpu: `${throttle}x`,
          mode,
          updates: UPDATES,
          mainThreadMsPerUpdate: per(t.taskMs),
          layoutStyleMsPerUpdate: per(t.layoutStyleMs),
          paintMsPerUpdate: per(t.paintMs),
          idleMainThreadMsPerSecond: Number((idle.taskMs / 5).toFixed(3)),
          domMutationsPerUpdate: Number((mutations / UPDATES).toFixed(1)),
          lastMessageShown: shown,
        };
        rows.push(row);
        console.log(
          `  (b) CPU ${row.cpu}, ${mode === "all" ? "all 10 change" : "1 of 10 changes"}: ` +
            `main thread ${row.mainThreadMsPerUpdate} ms/update (layout+style ${row.layoutStyleMsPerUpdate}, ` +
            `paint ${row.paintMsPerUpdate}); idle ${row.idleMainThreadMsPerSecond} ms/s; ` +
            `DOM mutations ${row.domMutationsPerUpdate}/update; last message shown: ${shown}`,
        );
      } finally {
        await b.close();
        await front.close();
      }
    }
  }
  results.cpuPerUpdate = rows;
}

// ---------------------------------------------------------------- (c) heap growth
async function heapGrowth(gatewayUrl: string): Promise<void> {
  const feed = new Feed("all", 1); // data_age as if one message came per second
  const front = await startFront(gatewayUrl, feed);
  const { b, page, cdp } = await openFeedPage(front, 1);
  try {
    const rate = REALTIME ? 1 : 100;
    const marks = [60, 600, 1800];
    const samples: { updates: number; total: number; withoutCode: number; jsHeap: number; shown: boolean }[] =
      [];
    const snaps = new Map<number, HeapKinds>();
    for (const m of marks) {
      await front.send(m - feed.tick, rate);
      // The page first catches up with what was sent (queued messages would count as heap), then GC and measure.
      const shown = await showsTick(page, feed.tick);
      const jsHeap = await heapAfterGc(cdp);
      const kinds = await heapSnapshotByKind(cdp);
      snaps.set(m, kinds);
      const s = { updates: feed.tick, ...heapBytes(kinds), jsHeap, shown };
      samples.push(s);
      console.log(
        `  (c) ${s.updates} updates: heap snapshot ${(s.total / 1024).toFixed(0)} KiB, without compiled code ` +
          `${(s.withoutCode / 1024).toFixed(0)} KiB; JS heap used after GC ${(jsHeap / 1024).toFixed(0)} KiB` +
          (shown ? "" : " (the page did not show the last message within 20 s)"),
      );
    }
    const first = samples[0];
    const last = samples[samples.length - 1];
    if (!first || !last) return;
    const growth = (k: "total" | "withoutCode" | "jsHeap") => (last[k] - first[k]) / first[k];
    const shown = samples.every((x) => x.shown);
    results.heap = {
      rate,
      samples,
      growthPercentWithoutCode: Number((growth("withoutCode") * 100).toFixed(2)),
      growthPercentTotal: Number((growth("total") * 100).toFixed(2)),
      growthPercentJsHeap: Number((growth("jsHeap") * 100).toFixed(2)),
      limitPercent: HEAP_LIMIT * 100,
      lastMessageShown: shown,
      snapshotGrowth: snapshotDiff(snaps.get(60) ?? new Map(), snaps.get(1800) ?? new Map(), 8),
    };
    console.log(
      `(c) 60 → 1800 updates (1 → 30 min of 1/s pushes, sent at ${rate}/s): app's own objects (snapshot without ` +
        `compiled code) ${(growth("withoutCode") * 100).toFixed(2)} % (limit ${HEAP_LIMIT * 100} %); total ` +
        `snapshot ${(growth("total") * 100).toFixed(2)} %, JS heap used ${(growth("jsHeap") * 100).toFixed(2)} %; ` +
        `every sample showed its last message: ${shown}`,
    );
    if (growth("withoutCode") > HEAP_LIMIT || !shown) process.exitCode = 1;
  } finally {
    await b.close();
    await front.close();
  }
}

// ---------------------------------------------------------------- main
const gw = await startGateway();
try {
  await setFleet(gw.baseUrl, MIXED_FLEET);
  if (!ONLY || ONLY === "a") await firstRender(gw.baseUrl);
  if (!ONLY || ONLY === "b") await cpuPerUpdate(gw.baseUrl);
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
