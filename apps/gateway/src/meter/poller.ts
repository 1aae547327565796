/**
 * Polls one meter (issue 31 §1): every `intervalMs` (the next read starts one interval after the last one started,
 * at once when it took longer), never two reads in flight. Keeps the last good value with its time and the last
 * failure; the state says whether the value is fresh: "stale" once no good read came for max(3 intervals, 10 s),
 * so an old value is never passed off as now. Clock and timers are injected (tests move time by hand).
 */
import type { MeterError, MeterState } from "@dtu/api/meter";
import { asMeterError } from "./failure.ts";
import type { MeterReader, MeterReading } from "./readers/types.ts";

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const REAL_TIMERS: Timers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export const STALE_MIN_MS = 10_000;
export const staleAfterMs = (intervalMs: number): number => Math.max(3 * intervalMs, STALE_MIN_MS);

/** A good reading with the time it stands for. */
export type TimedReading = MeterReading & { at: number };

export interface PollerOptions {
  reader: MeterReader;
  intervalMs: number;
  now: () => number;
  timers?: Timers;
  /** Every new good reading (not called again for an MQTT message read twice). */
  onReading?: (reading: TimedReading) => void;
  /** Every failed read (the service logs changes of cause). */
  onError?: (error: MeterError) => void;
}

export interface PollerStatus {
  state: Exclude<MeterState, "off">;
  power_w: number | null;
  phases_w: number[] | null;
  age_ms: number | null;
  error: MeterError | null;
}

export class MeterPoller {
  private lastGood: TimedReading | null = null;
  private lastError: MeterError | null = null;
  private inFlight: Promise<void> | null = null;
  private timer: unknown = null;
  private stopped = false;
  private readonly abort = new AbortController();
  private readonly timers: Timers;

  constructor(private readonly opts: PollerOptions) {
    this.timers = opts.timers ?? REAL_TIMERS;
  }

  start(): void {
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.poll();
    }, delayMs);
  }

  /** One read now unless one is under way (then that one's end). Tests call it with their own clock. */
  poll(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    const started = this.opts.now();
    this.inFlight = this.readOnce().finally(() => {
      this.inFlight = null;
      if (this.timer === null) this.schedule(Math.max(0, started + this.opts.intervalMs - this.opts.now()));
    });
    return this.inFlight;
  }

  private async readOnce(): Promise<void> {
    try {
      const reading = await this.opts.reader.read(this.abort.signal);
      if (this.stopped) return;
      const timed: TimedReading = { ...reading, at: reading.at ?? this.opts.now() };
      const isNew = this.lastGood === null || timed.at > this.lastGood.at;
      if (this.lastGood === null || timed.at >= this.lastGood.at) this.lastGood = timed;
      this.lastError = null;
      if (isNew) this.opts.onReading?.(timed);
    } catch (err) {
      if (this.stopped) return;
      this.lastError = asMeterError(err);
      this.opts.onError?.(this.lastError);
    }
  }

  status(now = this.opts.now()): PollerStatus {
    const good = this.lastGood;
    const age = good ? Math.max(0, now - good.at) : null;
    const fresh = age !== null && age <= staleAfterMs(this.opts.intervalMs);
    return {
      state: fresh ? "ok" : good === null && this.lastError !== null ? "error" : "stale",
      power_w: good?.power_w ?? null,
      phases_w: good?.phases_w ?? null,
      age_ms: age,
      error: this.lastError,
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.abort.abort();
    await this.opts.reader.close();
  }
}
