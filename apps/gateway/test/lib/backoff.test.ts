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
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** The times (fake ms since the start) at which `run` ran, while each try fails and arms the next. */
  function failing(schedule: Parameters<typeof retryTimer>[0]): {
    runs: number[];
    timer: ReturnType<typeof retryTimer>;
  } {
    const runs: number[] = [];
    const start = Date.now();
    const timer = retryTimer(schedule, () => {
      runs.push(Date.now() - start);
      timer.arm();
    });
    return { runs, timer };
  }

  it("runs after each growing wait while the tries fail, up to the bound", () => {
    const { runs, timer } = failing({ firstMs: 2000, maxMs: 8000 });
    expect(timer.arm()).toBe(true);
    vi.advanceTimersByTime(1999);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(2000 + 4000 + 8000 + 8000 + 1);
    expect(runs).toEqual([2000, 6000, 14_000, 22_000]);
    timer.stop();
  });

  it("a steady wait (factor 1) runs every period; arming while armed changes nothing", () => {
    const { runs, timer } = failing({ firstMs: 30_000, factor: 1 });
    timer.arm();
    vi.advanceTimersByTime(10_000);
    expect(timer.arm()).toBe(true);
    vi.advanceTimersByTime(80_000);
    expect(runs).toEqual([30_000, 60_000, 90_000]);
    timer.stop();
  });

  it("a reset drops the waiting try and starts the waits over", () => {
    const { runs, timer } = failing({ firstMs: 100, maxMs: 1000 });
    timer.arm();
    vi.advanceTimersByTime(100 + 200);
    expect(runs).toEqual([100, 300]);
    timer.reset();
    expect(timer.armed).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(runs).toEqual([100, 300]);
    timer.arm();
    vi.advanceTimersByTime(100);
    expect(runs).toEqual([100, 300, 5400]);
    timer.stop();
  });

  it("gives up when the schedule does, and arms nothing after stop", () => {
    const { runs, timer } = failing([50, 70]);
    timer.arm();
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual([50, 120]);
    expect(timer.armed).toBe(false);
    expect(timer.arm()).toBe(false);
    timer.reset();
    timer.stop();
    expect(timer.arm()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual([50, 120]);
  });
});
