import { describe, expect, it, vi } from "vitest";
import { StatusFeed, POLL_MS, WINDOW_MS, type FeedTimers } from "./feed";
import { status, why } from "./fixtures";

/** Timers the test moves by hand. */
function fakeTimers() {
  let now = 1_000_000;
  const due: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const timers: FeedTimers = {
    now: () => now,
    setTimeout: (fn, ms) => {
      due.push({ at: now + ms, fn, id: ++ids });
      return ids;
    },
    clearTimeout: (id) => {
      const k = due.findIndex((d) => d.id === id);
      if (k >= 0) due.splice(k, 1);
    },
  };
  const advance = async (ms: number) => {
    now += ms;
    for (const d of due.filter((x) => x.at <= now)) {
      due.splice(due.indexOf(d), 1);
      d.fn();
    }
    await Promise.resolve();
    await Promise.resolve();
  };
  return { timers, advance, pending: () => due.length };
}

describe("the zero export status feed", () => {
  it("polls every 2.5 s after each answer, keeps 10 minutes of samples, stops cleanly", async () => {
    const load = vi.fn(() => Promise.resolve(status("active", why("in_band"))));
    const clock = fakeTimers();
    const feed = new StatusFeed(load, clock.timers);
    const stop = feed.start();
    await clock.advance(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(feed.samples).toHaveLength(1);
    expect(feed.samples[0]).toMatchObject({ grid: 35, low: 5, high: 35, output: 905, limit: 1000 });
    for (let k = 0; k < (WINDOW_MS / POLL_MS) * 1.5; k++) await clock.advance(POLL_MS);
    const samples = feed.samples;
    expect(samples.length).toBeLessThanOrEqual(WINDOW_MS / POLL_MS + 1);
    expect((samples[samples.length - 1]?.t ?? 0) - (samples[0]?.t ?? 0)).toBeLessThanOrEqual(WINDOW_MS);
    stop();
    expect(clock.pending()).toBe(0);
    const calls = load.mock.calls.length;
    await clock.advance(POLL_MS * 4);
    expect(load).toHaveBeenCalledTimes(calls);
  });

  it("keeps the last status on a failed poll, says so, and goes on polling", async () => {
    const load = vi
      .fn()
      .mockResolvedValueOnce(status("active", why("in_band")))
      .mockRejectedValueOnce({ message: "down", status: 503 })
      .mockResolvedValue(status("fallback", why("fallback_meter_stale", { silent_s: 12 })));
    const clock = fakeTimers();
    const feed = new StatusFeed(load, clock.timers);
    feed.start();
    await clock.advance(0);
    await clock.advance(POLL_MS);
    expect(feed.error.get()?.message).toBe("down");
    expect(feed.status.get()?.state).toBe("active");
    await clock.advance(POLL_MS);
    expect(feed.error.get()).toBeNull();
    expect(feed.status.get()?.state).toBe("fallback");
    feed.stop();
  });
});
