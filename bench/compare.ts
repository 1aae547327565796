/**
 * `npm run bench:compare` (issue 15 §1): our web app and the stock v23.11.16 web app side by side, each served by
 * the in-process gateway (one per web root) behind the feed front server of bench/page.ts, so both get the same
 * live documents (bench/feed.ts, HMT-6CH inverters, every inverter changing in every message). Runs alternate
 * (ours first in even runs, stock first in odd ones) and every figure is the median of --runs (default 5):
 *  - device bytes: index.html.gz + js/app.js.gz of each web root;
 *  - first value: navigation start → first frame in which the total power of the GET's document is visible, on
 *    the slow device link (1 Mbit/s each way, 60 ms, CPU 4×; fresh profile, cache off);
 *  - main-thread CPU per live update from a trace (bench/trace.ts), CPU --cpu× slower (default 1), 2 and 10
 *    inverters, --updates (default 60) messages at --rate per second (default 5). The page must keep up: a main
 *    thread busy most of the window only measures the window (a warning says so; lower the rate then);
 *  - DOM elements with 10 inverters; JS heap used after forced GC after 60 and 600 messages (1 and 10 minutes of
 *    the device's 1/s pushes, sent at 20/s).
 * The stock files are read from ../shared/reference/stock-webapp-v23.11.16/ (STOCK_WEBAPP overrides), never
 * copied into this repository. `--only=first` measures the first value alone. Needs `npm run build` first. Writes test-artifacts/bench-compare.json.
 * Before the first run both gateways are warmed up until their uptime is past the web app's boot slack (issue 33 §4):
 * the feed's first document says `data_age` 0, which a DTU up for less than 3 s means "not read since the start"
 * (features/live/state.ts BOOT_SLACK_MS), so a first run right after the start measured that slack (26.9 s), not
 * the page. A real inverter's data ages; an owner never sees it.
 */
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { Feed } from "./feed.ts";
import { REPO, WEB_ROOT, median, startGateway, type RunningGateway } from "./lib.ts";
import {
  browser,
  heapAfterGc,
  prepare,
  showsTick,
  slowPage,
  sleep,
  startFront,
  totalText,
  visibleText,
  waitFirst,
} from "./page.ts";
import { traceMainThread } from "./trace.ts";

const arg = (name: string): string | undefined =>
  process.argv.find((x) => x.startsWith(`--${name}=`))?.split("=")[1];
const RUNS = Number(arg("runs") ?? 5);
const UPDATES = Number(arg("updates") ?? 60);
const RATE = Number(arg("rate") ?? 5);
const CPU = Number(arg("cpu") ?? 1);
/** `--only=first`: the first-value runs alone (a quicker check of a first-view change). */
const ONLY_FIRST = arg("only") === "first";
const STOCK_ROOT = resolve(
  process.env.STOCK_WEBAPP ?? join(REPO, "../shared/reference/stock-webapp-v23.11.16"),
);
/** Uptime (s) past which a document with `data_age` 0 is a read, not the DTU's start (BOOT_SLACK_MS is 3 s). */
const WARM_UPTIME_S = 5;
const loads = () => loadavg().map((l) => Number(l.toFixed(1)));

type App = "ours" | "stock";
type Figure = "firstValueMs" | "cpu2Ms" | "cpu10Ms" | "domElements" | "heap1MinKiB" | "heap10MinKiB";
const samples: Record<App, Record<Figure, number[]>> = {
  ours: { firstValueMs: [], cpu2Ms: [], cpu10Ms: [], domElements: [], heap1MinKiB: [], heap10MinKiB: [] },
  stock: { firstValueMs: [], cpu2Ms: [], cpu10Ms: [], domElements: [], heap1MinKiB: [], heap10MinKiB: [] },
};

function deviceBytes(root: string): number {
  return ["index.html.gz", "js/app.js.gz"].reduce((s, f) => s + statSync(join(root, f)).size, 0);
}

/** First value on the slow link: a fresh browser, the total power of the GET's document becomes visible. */
async function firstValue(gw: RunningGateway): Promise<number> {
  const front = await startFront(gw.baseUrl, new Feed("all", 1, 10));
  const b = await browser();
  try {
    const { page } = await slowPage(b.context);
    await prepare(page, visibleText(totalText(0)));
    await page.goto(`${front.url}/`, { waitUntil: "commit" });
    return await waitFirst(page);
  } finally {
    await b.close();
    await front.close();
  }
}

/** Opens the live view on a feed of `count` inverters; CPU per update from a trace; with 10 also DOM and heap. */
async function updates(gw: RunningGateway, app: App, count: number): Promise<void> {
  const feed = new Feed("all", 1, count);
  const front = await startFront(gw.baseUrl, feed);
  const b = await browser();
  try {
    const page = await b.context.newPage();
    const cdp = await b.context.newCDPSession(page);
    await prepare(page, visibleText(totalText(0)));
    await page.goto(`${front.url}/`);
    await waitFirst(page);
    await front.socket();
    await front.send(20, 10); // warm-up: every changing part rendered once, JIT
    if (count === 10) {
      await front.send(60 - feed.tick, 20);
      if (!(await showsTick(page, feed.tick, 120_000))) lagged(app, feed.tick);
      samples[app].heap1MinKiB.push((await heapAfterGc(cdp)) / 1024);
      samples[app].domElements.push(await page.evaluate(() => document.getElementsByTagName("*").length));
    }
    await sleep(1000);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
    const started = performance.now();
    const t = await traceMainThread(cdp, front.url, async () => {
      await front.send(UPDATES, RATE);
      await sleep(500);
    });
    const busy = t.taskMs / (performance.now() - started);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    if (!(await showsTick(page, feed.tick, 120_000))) lagged(app, feed.tick);
    samples[app][count === 10 ? "cpu10Ms" : "cpu2Ms"].push(t.taskMs / UPDATES);
    console.log(
      `    ${app} ${count} inverters: ${(t.taskMs / UPDATES).toFixed(2)} ms main thread per update ` +
        `(layout+style ${(t.layoutStyleMs / UPDATES).toFixed(2)}, paint ${(t.paintMs / UPDATES).toFixed(2)}); ` +
        `main thread busy ${(busy * 100).toFixed(0)} % of the window${busy > 0.7 ? " (SATURATED: lower --rate)" : ""}`,
    );
    if (count === 10) {
      await front.send(600 - feed.tick, 20);
      if (!(await showsTick(page, feed.tick, 120_000))) lagged(app, feed.tick);
      samples[app].heap10MinKiB.push((await heapAfterGc(cdp)) / 1024);
    }
  } finally {
    await b.close();
    await front.close();
  }
}

// OURS_WEBAPP: a copy of a build, so that a long run is not disturbed by the next `npm run build`.
const OURS_ROOT = resolve(process.env.OURS_WEBAPP ?? WEB_ROOT);
/** A page that did not catch up within 2 minutes: its figure is still taken, and the run says so. */
const lags: string[] = [];
function lagged(app: App, tick: number): void {
  lags.push(`${app} @${tick}`);
  console.log(`    ${app}: message ${tick} not shown within 2 min (page behind the feed)`);
}

const loadAtStart = loads();
const bytes = { ours: deviceBytes(OURS_ROOT), stock: deviceBytes(STOCK_ROOT) };
const gateways = {
  ours: await startGateway({ webRoot: OURS_ROOT }),
  stock: await startGateway({ webRoot: STOCK_ROOT }),
};
/** Waits until the gateway's `/api/system/status` says it has been up WARM_UPTIME_S (API.md §3.17 `uptime`). */
async function warmUp(gw: RunningGateway): Promise<void> {
  for (;;) {
    const r = await fetch(`${gw.baseUrl}/api/system/status`);
    if (!r.ok) throw new Error(`warm-up: /api/system/status answered ${r.status}`);
    const s = (await r.json()) as { uptime?: number };
    if (typeof s.uptime !== "number") throw new Error("warm-up: /api/system/status has no uptime");
    if (s.uptime >= WARM_UPTIME_S) return;
    await sleep(500);
  }
}

/** First value ours / stock of each run so far, as printed beside the medians. */
function firstRatios(): string {
  return samples.ours.firstValueMs
    .map((o, i) => (o / (samples.stock.firstValueMs[i] ?? NaN)).toFixed(2))
    .join(", ");
}

try {
  await Promise.all([warmUp(gateways.ours), warmUp(gateways.stock)]);
  for (let run = 0; run < RUNS; run++) {
    const order: App[] = run % 2 === 0 ? ["ours", "stock"] : ["stock", "ours"];
    for (const app of order) samples[app].firstValueMs.push(await firstValue(gateways[app]));
    console.log(
      `  run ${run + 1}: first value ${order.map((a) => `${a} ${samples[a].firstValueMs.at(-1)?.toFixed(0)} ms`).join(", ")}` +
        `, ratio ${firstRatios().split(", ").at(-1)}`,
    );
    if (!ONLY_FIRST)
      for (const count of [10, 2]) for (const app of order) await updates(gateways[app], app, count);
    report(run + 1);
  }
} finally {
  await gateways.ours.close();
  await gateways.stock.close();
}

function report(done: number): void {
  const rows: { figure: string; ours: number; stock: number; goal?: number }[] = [
    { figure: "device bytes (index.html.gz + js/app.js.gz)", ours: bytes.ours, stock: bytes.stock },
    { figure: "first value, 1 Mbit/s + 60 ms + CPU 4× (ms)", ...med("firstValueMs"), goal: 0.75 },
    { figure: `main-thread CPU per update, 2 inverters, CPU ${CPU}× (ms)`, ...med("cpu2Ms") },
    { figure: `main-thread CPU per update, 10 inverters, CPU ${CPU}× (ms)`, ...med("cpu10Ms"), goal: 0.5 },
    { figure: "DOM elements, 10 inverters", ...med("domElements") },
    { figure: "JS heap after GC, 1 min = 60 updates (KiB)", ...med("heap1MinKiB") },
    { figure: "JS heap after GC, 10 min = 600 updates (KiB)", ...med("heap10MinKiB") },
  ];
  function med(f: Figure): { ours: number; stock: number } {
    return { ours: median(samples.ours[f]), stock: median(samples.stock[f]) };
  }

  console.log(
    `\nours / stock, medians of ${done} alternated runs (Chromium headless, ${cpus().length} cores):`,
  );
  console.log(`  ${"figure".padEnd(58)} ${"ours".padStart(10)} ${"stock".padStart(10)}  ratio  goal`);
  for (const r of rows) {
    const ratio = r.ours / r.stock;
    const verdict = r.goal === undefined ? "" : `≤ ${r.goal} ${ratio <= r.goal ? "met" : "NOT met"}`;
    const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(2));
    console.log(
      `  ${r.figure.padEnd(58)} ${fmt(r.ours).padStart(10)} ${fmt(r.stock).padStart(10)}  ${ratio.toFixed(2)}   ${verdict}`,
    );
  }
  console.log(`  first value ours / stock, run by run: ${firstRatios()}`);
  for (const count of [10, 2] as const) {
    const f: Figure = count === 10 ? "cpu10Ms" : "cpu2Ms";
    const each = samples.ours[f].map((o, i) => (o / (samples.stock[f][i] ?? NaN)).toFixed(2));
    if (each.length > 0)
      console.log(`  CPU per update, ${count} inverters, ours / stock, run by run: ${each.join(", ")}`);
  }
  console.log(`load average (1/5/15 min): start ${loadAtStart.join(" / ")}, now ${loads().join(" / ")}`);
  if (lags.length > 0) console.log(`pages behind the feed: ${lags.join(", ")}`);
  mkdirSync(join(REPO, "test-artifacts"), { recursive: true });
  writeFileSync(
    join(REPO, "test-artifacts/bench-compare.json"),
    `${JSON.stringify({ runs: done, updates: UPDATES, rate: RATE, cpu: CPU, loadAtStart, loadNow: loads(), lags, bytes, samples, rows }, null, 2)}\n`,
  );
}
