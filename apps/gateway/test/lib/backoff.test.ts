import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffDelay, createBackoff, retryTimer } from "../../src/lib/backoff.ts";

describe("backoffDelay", () => {
  it("doubles from the first wait up to the bound", () => {
    const waits = [0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay({ firstMs: 2000, maxMs: 60_000 }, n));
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
  });

  it("keeps the same wait with factor 1 and gives up after its retries", () => {
    const policy = { firstMs: 30_000, factor: 1, retries: 2 };
    expect([0, 1, 2].map((n) => backoffDelay(policy, n))).toEqual([30_000, 30_000, null]);
  });

  it("follows a list of waits and gives up after its last", () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay([30_000, 120_000, 600_000], n))).toEqual([
      30_000,
      120_000,
      600_000,
      null,
    ]);
  });
});

describe("createBackoff", () => {
  it("moves on with each failure and starts over after a reset", () => {
    const b = createBackoff({ firstMs: 100, maxMs: 300 });
    expect([b.next(), b.next(), b.next()]).toEqual([100, 200, 300]);
    expect(b.failures).toBe(3);
    b.reset();
    expect(b.failures).toBe(0);
    expect(b.next()).toBe(100);
  });
});

describe("retryTimer", () => {
  // Only the timers retryTimer uses: files share their worker (vitest.config.ts), and a faked clock or interval
  // there could catch timers of the platform (fetch's own) that later files rely on.
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => vi.useRealTimers());

  /** A timer whose every try fails and arms the next; `runs` counts the tries. */
  function failing(schedule: Parameters<typeof retryTimer>[0]) {
    const runs = { n: 0 };
    const timer = retryTimer(schedule, () => {
      runs.n++;
      timer.arm();
    });
    /** Advances the fake timers by each step in turn: the tries counted after each. */
    const after = (steps: number[]): number[] =>
      steps.map((ms) => {
        vi.advanceTimersByTime(ms);
        return runs.n;
      });
    return { runs, timer, after };
  }

  it("runs after each growing wait while the tries fail, up to the bound", () => {
    const { timer, after } = failing({ firstMs: 2000, maxMs: 8000 });
    expect(timer.arm()).toBe(true);
    // Tries at 2 s, 6 s, 14 s and 22 s: waits of 2, 4, 8 and 8 s.
    expect(after([1999, 1, 3999, 1, 7999, 1, 7999, 1])).toEqual([0, 1, 1, 2, 2, 3, 3, 4]);
    timer.stop();
  });

  it("a steady wait (factor 1) runs every period; arming while armed changes nothing", () => {
    const { timer, after } = failing({ firstMs: 30_000, factor: 1 });
    timer.arm();
    expect(after([10_000])).toEqual([0]);
    expect(timer.arm()).toBe(true);
    expect(after([19_999, 1, 29_999, 1, 29_999, 1])).toEqual([0, 1, 1, 2, 2, 3]);
    timer.stop();
  });

  it("a reset drops the waiting try and starts the waits over", () => {
    const { runs, timer, after } = failing({ firstMs: 100, maxMs: 1000 });
    timer.arm();
    expect(after([99, 1, 199, 1])).toEqual([0, 1, 1, 2]);
    timer.reset();
    expect(timer.armed).toBe(false);
    expect(after([5000])).toEqual([2]);
    timer.arm();
    expect(after([99, 1])).toEqual([2, 3]);
    expect(runs.n).toBe(3);
    timer.stop();
  });

  it("gives up when the schedule does, and arms nothing after stop", () => {
    const { timer, after } = failing([50, 70]);
    timer.arm();
    expect(after([49, 1, 69, 1, 1000])).toEqual([0, 1, 1, 2, 2]);
    expect(timer.armed).toBe(false);
    expect(timer.arm()).toBe(false);
    timer.reset();
    timer.stop();
    expect(timer.arm()).toBe(false);
    expect(after([1000])).toEqual([2]);
  });
});
