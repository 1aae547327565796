import { describe, expect, it } from "vitest";
import { waitForDevice } from "./deviceRestart";

/** A fake clock and a probe that answers from a script: a number is an uptime, "down" a refused request. */
function scripted(answers: (number | "down")[]) {
  let now = 0;
  let calls = 0;
  return {
    calls: () => calls,
    opts: {
      probe: () => {
        const a = answers[Math.min(calls++, answers.length - 1)];
        return a === "down" ? Promise.reject(new Error("refused")) : Promise.resolve(a ?? 0);
      },
      sleep: (ms: number) => {
        now += ms;
        return Promise.resolve();
      },
      now: () => now,
      intervalMs: 1000,
      maxBlindMs: 60_000,
    },
  };
}

describe("waitForDevice", () => {
  it("is back at the first answer after the device was down", async () => {
    const s = scripted([500, 501, "down", "down", 1, 2]);
    await waitForDevice(s.opts);
    expect(s.calls()).toBe(5);
  });

  it("is back when the uptime dropped between two polls (restart not seen as an outage)", async () => {
    const s = scripted([500, 501, 0, 1]);
    await waitForDevice(s.opts);
    expect(s.calls()).toBe(3);
  });

  it("gives up waiting for a restart it never saw after maxBlindMs", async () => {
    const s = scripted([500, 501, 502, 503, 504, 505]);
    await waitForDevice({ ...s.opts, maxBlindMs: 4000 });
    expect(s.calls()).toBe(4);
  });

  it("stops when aborted", async () => {
    const ctl = new AbortController();
    const s = scripted(["down"]);
    const p = waitForDevice({
      ...s.opts,
      signal: ctl.signal,
      sleep: (ms) => {
        if (s.calls() === 3) ctl.abort();
        return s.opts.sleep(ms);
      },
    });
    await p;
    expect(s.calls()).toBe(3);
  });
});
