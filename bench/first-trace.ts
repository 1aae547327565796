/**
 * `npx tsx bench/first-trace.ts [ours|stock]` (issue 15 §2): one first-value run on the slow device link (as
 * bench:compare) with a Chromium trace, printed as the page's critical path: each request's start and end, and the
 * renderer main thread's tasks longer than 5 ms with what they did (compile, evaluate, parse, layout, paint), all
 * in ms after navigation start. A diagnosis aid, not a benchmark: one run on a shared machine.
 */
import { join, resolve } from "node:path";
import { Feed } from "./feed.ts";
import { REPO, WEB_ROOT, startGateway } from "./lib.ts";
import { browser, prepare, slowPage, startFront, totalText, visibleText, waitFirst } from "./page.ts";
import { mainThreadTasks } from "./trace.ts";

const which = process.argv[2] === "stock" ? "stock" : "ours";
const root =
  which === "stock"
    ? resolve(process.env.STOCK_WEBAPP ?? join(REPO, "../shared/reference/stock-webapp-v23.11.16"))
    : resolve(process.env.OURS_WEBAPP ?? WEB_ROOT);

interface Req {
  url: string;
  start: number;
  headers?: number;
  end?: number;
  bytes?: number;
}

const gw = await startGateway({ webRoot: root });
const front = await startFront(gw.baseUrl, new Feed("all", 1, 10));
const b = await browser();
try {
  const { page, cdp } = await slowPage(b.context);
  const reqs = new Map<string, Req>();
  // CDP network timestamps are seconds on the same monotonic clock as the trace's microseconds.
  cdp.on("Network.requestWillBeSent", (e) =>
    reqs.set(e.requestId, { url: e.request.url.replace(front.url, ""), start: e.timestamp }),
  );
  cdp.on("Network.responseReceived", (e) => {
    const r = reqs.get(e.requestId);
    if (r) r.headers = e.timestamp;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const r = reqs.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
  });
  await prepare(page, visibleText(totalText(0)));
  let first = 0;
  const tasks = await mainThreadTasks(cdp, front.url, async () => {
    await page.goto(`${front.url}/`, { waitUntil: "commit" });
    first = await waitFirst(page);
  });
  // Navigation start on the monotonic clock: the document request's start.
  const t0 = Math.min(...[...reqs.values()].map((r) => r.start)) * 1000;
  const at = (s?: number) => (s === undefined ? "     -" : (s * 1000 - t0).toFixed(0).padStart(6));
  console.log(`${which}: first value at ${first.toFixed(0)} ms (performance.now)`);
  console.log("requests (start / headers / end ms, bytes on the wire):");
  for (const r of reqs.values()) {
    console.log(
      `  ${at(r.start)} ${at(r.headers)} ${at(r.end)}  ${String(r.bytes ?? "").padStart(7)}  ${r.url}`,
    );
  }
  console.log("main-thread tasks ≥ 5 ms (start ms, duration ms, inside):");
  for (const t of tasks.filter((x) => x.dur >= 5)) {
    const inside = Object.entries(t.inside)
      .filter(([, ms]) => ms >= 1)
      .sort((a, c) => c[1] - a[1])
      .map(([n, ms]) => `${n} ${ms.toFixed(0)}`)
      .join(", ");
    console.log(`  ${(t.ts - t0).toFixed(0).padStart(6)} ${t.dur.toFixed(0).padStart(5)}  ${inside}`);
  }
  const busy = tasks.filter((t) => t.ts - t0 < first).reduce((s, t) => s + t.dur, 0);
  console.log(`main thread busy before the first value: ${busy.toFixed(0)} ms`);
} finally {
  await b.close();
  await front.close();
  await gw.close();
}
