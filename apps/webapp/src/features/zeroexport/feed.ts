/**
 * The live status of the Zero export screen: `GET /api/zeroexport/status` every 2.5 s (the controller acts within
 * seconds; faster polling would only load the gateway) and the last 10 minutes of its figures for the chart. A plain
 * class with injectable timers (README "Sockets"): the samples are kept in an array it owns, never in React state, and
 * the chart redraws when `version` moves; the screen reads the newest status through a store.
 */
import type { ZeroExportStatus } from "@dtu/api/zeroexport";
import { toHttpError, type HttpError } from "../../lib/http";
import { createStore, type Store } from "../../lib/store";

export const POLL_MS = 2_500;
export const WINDOW_MS = 10 * 60_000;

/** One point of the chart (W); null where the gateway knew no value. */
export interface Sample {
  /** Unix ms, the browser's clock when the answer came. */
  t: number;
  grid: number | null;
  low: number;
  high: number;
  output: number | null;
  limit: number | null;
}

export interface FeedTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

const realTimers: FeedTimers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

export class StatusFeed {
  readonly status: Store<ZeroExportStatus | null> = createStore<ZeroExportStatus | null>(null);
  /** The last poll's failure; null after an answer. The last status stays shown meanwhile. */
  readonly error: Store<HttpError | null> = createStore<HttpError | null>(null);
  /** Moves with every sample added: the chart's cue to redraw from `samples`. */
  readonly version: Store<number> = createStore(0);
  /** Oldest first, at most WINDOW_MS old. */
  readonly samples: Sample[] = [];
  private timer: unknown = null;
  private abort: AbortController | null = null;
  private running = false;

  constructor(
    private readonly load: (signal: AbortSignal) => Promise<ZeroExportStatus>,
    private readonly timers: FeedTimers = realTimers,
  ) {}

  /** Polls at once, then POLL_MS after each answer (never two requests at a time); returns the stop. */
  start(): () => void {
    this.running = true;
    this.poll();
    return () => this.stop();
  }

  /** Asks again now (after a save, a resume or a check), instead of at the next turn. */
  refresh(): void {
    if (!this.running) return;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.abort?.abort();
    this.poll();
  }

  stop(): void {
    this.running = false;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.abort?.abort();
    this.abort = null;
  }

  /** Adds a status's figures at `t` and drops what left the window. */
  add(s: ZeroExportStatus, t: number): void {
    this.samples.push({
      t,
      grid: s.grid_w,
      low: s.target_w - s.deadband_w,
      high: s.target_w + s.deadband_w,
      output: s.output_w,
      limit: s.limit_total_w,
    });
    const oldest = t - WINDOW_MS;
    const gone = this.samples.findIndex((x) => x.t >= oldest);
    if (gone > 0) this.samples.splice(0, gone);
    this.version.set(this.version.get() + 1);
  }

  private poll(): void {
    const ctl = new AbortController();
    this.abort = ctl;
    this.load(ctl.signal).then(
      (s) => {
        if (ctl.signal.aborted) return;
        this.status.set(s);
        this.error.set(null);
        this.add(s, this.timers.now());
        this.next();
      },
      (e: unknown) => {
        if (ctl.signal.aborted) return;
        this.error.set(toHttpError(e));
        this.next();
      },
    );
  }

  private next(): void {
    if (this.running) this.timer = this.timers.setTimeout(() => this.poll(), POLL_MS);
  }
}
