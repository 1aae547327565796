/**
 * Main-thread CPU from a Chromium trace (issue 15 §1, §5): the sum of the renderer main thread's top-level task
 * durations while `during` runs. Unlike Performance.getMetrics' ScriptDuration (wall time of script entry points,
 * which under-counts work done in microtasks and leaves out layout and paint), this is everything the page's main
 * thread did: script, style, layout, paint, GC.
 */
import type { CDPSession } from "playwright-core";

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { frames?: { processId?: number; url?: string }[] } };
}

export interface MainThreadTime {
  /** Top-level tasks of the renderer main thread, ms. */
  taskMs: number;
  /** Style recalculation + layout, ms (inside the tasks). */
  layoutStyleMs: number;
  /** Paint + pre-paint + layerize, ms (inside the tasks). */
  paintMs: number;
}

const CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"].join(",");

/** The trace events recorded while `during` runs. */
async function record(
  cdp: CDPSession,
  during: () => Promise<void>,
  categories = CATEGORIES,
): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const onData = (e: { value: unknown[] }) => events.push(...(e.value as TraceEvent[]));
  cdp.on("Tracing.dataCollected", onData);
  await cdp.send("Tracing.start", { categories, transferMode: "ReportEvents" });
  try {
    await during();
  } finally {
    const complete = new Promise<void>((r) => cdp.once("Tracing.tracingComplete", () => r()));
    await cdp.send("Tracing.end");
    await complete;
    cdp.off("Tracing.dataCollected", onData);
  }
  return events;
}

/** Traces while `during` runs and returns the main thread's time of the renderer showing `urlPrefix`. */
export async function traceMainThread(
  cdp: CDPSession,
  urlPrefix: string,
  during: () => Promise<void>,
): Promise<MainThreadTime> {
  return mainThreadTime(await record(cdp, during), urlPrefix);
}

export interface Task {
  /** Start on the trace clock (ms; the same monotonic clock as CDP Network timestamps × 1000). */
  ts: number;
  dur: number;
  /** ms per kind of work inside the task (nested spans of one kind counted once). */
  inside: Record<string, number>;
}

const KINDS = [
  "ParseHTML",
  "EvaluateScript",
  "v8.compile",
  "v8.compileModule",
  "v8.evaluateModule",
  "v8.produceModuleCache",
  "FunctionCall",
  "TimerFire",
  "FireAnimationFrame",
  "EventDispatch",
  "RunMicrotasks",
  "ResourceReceivedData",
  "UpdateLayoutTree",
  "Layout",
  "PrePaint",
  "Paint",
  "Layerize",
  "MajorGC",
  "MinorGC",
  "V8.GC_SCAVENGER",
];

/** The top-level tasks of the page's renderer main thread while `during` runs, with what each did (diagnosis). */
export async function mainThreadTasks(
  cdp: CDPSession,
  urlPrefix: string,
  during: () => Promise<void>,
): Promise<Task[]> {
  const events = await record(cdp, during, `${CATEGORIES},v8,devtools.timeline.frame`);
  const main = pageMain(events, urlPrefix);
  if (!main) return [];
  const spans = events
    .filter((e) => e.ph === "X" && e.pid === main.pid && e.tid === main.tid && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const tasks = spans.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
  const out: Task[] = [];
  let end = -Infinity;
  for (const t of tasks) {
    const tEnd = t.ts + (t.dur ?? 0);
    if (t.ts < end) continue;
    end = tEnd;
    const inner = spans.filter((e) => e.ts >= t.ts && e.ts < tEnd && e !== t);
    const inside: Record<string, number> = {};
    for (const k of KINDS) {
      const ms = topLevel(inner.filter((e) => e.name === k));
      if (ms > 0) inside[k] = ms;
    }
    out.push({ ts: t.ts / 1000, dur: (t.dur ?? 0) / 1000, inside });
  }
  return out;
}

/** The busiest renderer main thread among those showing `urlPrefix` (by the frame list) or, failing that, all. */
function pageMain(events: readonly TraceEvent[], urlPrefix: string): { pid: number; tid: number } | null {
  let best: { pid: number; tid: number } | null = null;
  let bestMs = -1;
  for (const m of mainsOf(events, urlPrefix)) {
    const ms = mainThreadOf(events, m.pid, m.tid).taskMs;
    if (ms > bestMs) [best, bestMs] = [m, ms];
  }
  return best;
}

export function mainThreadTime(events: readonly TraceEvent[], urlPrefix: string): MainThreadTime {
  // The page's renderer by the frame list; failing that, the busiest renderer main thread.
  let best: MainThreadTime = { taskMs: 0, layoutStyleMs: 0, paintMs: 0 };
  for (const m of mainsOf(events, urlPrefix)) {
    const t = mainThreadOf(events, m.pid, m.tid);
    if (t.taskMs > best.taskMs) best = t;
  }
  return best;
}

/** Renderer main threads, limited to the processes whose frames show `urlPrefix` when the trace names them. */
function mainsOf(events: readonly TraceEvent[], urlPrefix: string): TraceEvent[] {
  const mains = events.filter(
    (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain",
  );
  const pagePids = new Set(
    events
      .filter((e) => e.name === "TracingStartedInBrowser")
      .flatMap((e) => e.args?.data?.frames ?? [])
      .filter((f) => f.url?.startsWith(urlPrefix))
      .map((f) => f.processId),
  );
  return mains.filter((m) => pagePids.size === 0 || pagePids.has(m.pid));
}

function mainThreadOf(events: readonly TraceEvent[], pid: number, tid: number): MainThreadTime {
  const mine = events.filter((e) => e.ph === "X" && e.pid === pid && e.tid === tid && e.dur !== undefined);
  return {
    taskMs: topLevel(mine.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask")),
    layoutStyleMs: topLevel(mine.filter((e) => e.name === "Layout" || e.name === "UpdateLayoutTree")),
    paintMs: topLevel(mine.filter((e) => ["Paint", "PrePaint", "Layerize"].includes(e.name))),
  };
}

/** Sum of durations (ms) of the spans not nested inside an earlier one. */
function topLevel(spans: readonly TraceEvent[]): number {
  let end = -Infinity;
  let sum = 0;
  for (const s of [...spans].sort((a, b) => a.ts - b.ts)) {
    const e = s.ts + (s.dur ?? 0);
    if (s.ts >= end) {
      sum += s.dur ?? 0;
      end = e;
    } else if (e > end) {
      sum += e - end;
      end = e;
    }
  }
  return sum / 1000;
}
