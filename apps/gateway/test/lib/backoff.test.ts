import { describe, expect, it } from "vitest";
import { backoffDelay, createBackoff } from "../../src/lib/backoff.ts";

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
