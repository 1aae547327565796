/**
 * One retry schedule for every part of the gateway that tries again after a failure: a socket reconnecting, a
 * delivery retried, a file tried again, a guessing brake. A schedule is either a growing wait (first wait, factor,
 * bound, number of tries) or an explicit list of waits. Pure: the caller owns its timers (tests drive them).
 */

/** Waits that grow by `factor` from `firstMs`, bounded by `maxMs`; `retries` tries, then the caller gives up. */
export interface BackoffPolicy {
  /** The wait before the first retry. */
  firstMs: number;
  /** Each wait is the one before times this (default 2; 1 = the same wait every time). */
  factor?: number;
  /** No wait is longer than this (default: unbounded). */
  maxMs?: number;
  /** How many retries before giving up (default: never give up). */
  retries?: number;
}

/** A policy, or the waits before the 1st, 2nd, … retry (after the last one the caller gives up). */
export type Schedule = BackoffPolicy | readonly number[];

/** The wait before retry number `n` (0 = the first retry), or `null` when the schedule has given up by then. */
export function backoffDelay(schedule: Schedule, n: number): number | null {
  if (isList(schedule)) return schedule[n] ?? null;
  if (schedule.retries !== undefined && n >= schedule.retries) return null;
  const wait = schedule.firstMs * (schedule.factor ?? 2) ** n;
  return Math.min(wait, schedule.maxMs ?? Infinity);
}

/** A schedule with its position: `next()` after each failure, `reset()` after a success. */
export interface Backoff {
  /** The wait before the next retry (and moves on), or `null` when the schedule has given up. */
  next(): number | null;
  /** Back to the first wait (after a success). */
  reset(): void;
  /** Failures since the last reset. */
  readonly failures: number;
}

export function createBackoff(schedule: Schedule): Backoff {
  let failures = 0;
  return {
    next: () => backoffDelay(schedule, failures++),
    reset: () => {
      failures = 0;
    },
    get failures() {
      return failures;
    },
  };
}

function isList(schedule: Schedule): schedule is readonly number[] {
  return Array.isArray(schedule);
}

/** A retry timer on a schedule: the caller says when a try failed (`arm`) and when one succeeded (`reset`). */
export interface RetryTimer {
  /**
   * A try failed: the next one runs after the schedule's next wait, unless one is already waiting. False when the
   * schedule has given up (nothing is armed then).
   */
  arm(): boolean;
  /** A try succeeded: a waiting try is dropped and the next failure waits the first wait again. */
  reset(): void;
  /** No more tries (the owner closes). */
  stop(): void;
  /** A try is waiting. */
  readonly armed: boolean;
}

export interface RetryTimerOptions {
  /** The waiting try does not keep the process alive (a file tried again; default false). */
  unref?: boolean;
}

/** Runs `run` after each wait of `schedule` that a failure arms; see `RetryTimer`. */
export function retryTimer(schedule: Schedule, run: () => void, opts: RetryTimerOptions = {}): RetryTimer {
  const backoff = createBackoff(schedule);
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const clear = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return {
    arm() {
      if (stopped) return false;
      if (timer) return true;
      const wait = backoff.next();
      if (wait === null) return false;
      timer = setTimeout(() => {
        timer = null;
        run();
      }, wait);
      if (opts.unref) timer.unref();
      return true;
    },
    reset() {
      clear();
      backoff.reset();
    },
    stop() {
      stopped = true;
      clear();
    },
    get armed() {
      return timer !== null;
    },
  };
}
