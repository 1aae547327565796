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

/** Traces while `during` runs and returns the main thread's time of the renderer showing `urlPrefix`. */
export async function traceMainThread(
  cdp: CDPSession,
  urlPrefix: string,
  during: () => Promise<void>,
): Promise<MainThreadTime> {
  const events: TraceEvent[] = [];
  const onData = (e: { value: unknown[] }) => events.push(...(e.value as TraceEvent[]));
  cdp.on("Tracing.dataCollected", onData);
  await cdp.send("Tracing.start", { categories: CATEGORIES, transferMode: "ReportEvents" });
  try {
    await during();
  } finally {
    const complete = new Promise<void>((r) => cdp.once("Tracing.tracingComplete", () => r()));
    await cdp.send("Tracing.end");
    await complete;
    cdp.off("Tracing.dataCollected", onData);
  }
  return mainThreadTime(events, urlPrefix);
}

export function mainThreadTime(events: readonly TraceEvent[], urlPrefix: string): MainThreadTime {
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
  const spans = (pid: number, tid: number) =>
    events.filter((e) => e.ph === "X" && e.pid === pid && e.tid === tid && e.dur !== undefined);
  // The page's renderer by the frame list; failing that, the busiest renderer main thread.
  const candidates = mains.filter((m) => pagePids.size === 0 || pagePids.has(m.pid));
  let best: MainThreadTime = { taskMs: 0, layoutStyleMs: 0, paintMs: 0 };
  for (const m of candidates) {
    const mine = spans(m.pid, m.tid);
    const t = {
      taskMs: topLevel(
        mine.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask"),
      ),
      layoutStyleMs: topLevel(mine.filter((e) => e.name === "Layout" || e.name === "UpdateLayoutTree")),
      paintMs: topLevel(mine.filter((e) => ["Paint", "PrePaint", "Layerize"].includes(e.name))),
    };
    if (t.taskMs > best.taskMs) best = t;
  }
  return best;
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
