/**
 * The recorder's connection as others follow it (src/history/liveTap.ts): a follower that comes late ends up with
 * what one there from the start has merged, and then gets every new document.
 */
import { describe, expect, it } from "vitest";
import type { LiveData, LiveInverter } from "@dtu/api/live";
import { createLiveTap, type LiveListener } from "../../src/history/liveTap.ts";

const f = (v: number) => ({ v, u: "W", d: 1 });
const inv = (serial: string, fields: Record<string, unknown>) =>
  ({ serial, ...fields }) as unknown as LiveInverter;
const doc = (inverters: LiveInverter[], power?: number): Partial<LiveData> => ({
  inverters,
  ...(power === undefined ? {} : { total: { Power: f(power), YieldDay: f(0), YieldTotal: f(0) } }),
});

/** What the overview keeps (src/multi/sources.ts): the last total and the inverters merged by serial. */
function merger(): LiveListener & {
  open: boolean | null;
  power(): number | undefined;
  inverters(): unknown;
} {
  let total: LiveData["total"] | undefined;
  let map = new Map<string, LiveInverter>();
  const m = {
    open: null as boolean | null,
    onConnection: (open: boolean) => void (m.open = open),
    onDocument(d: Partial<LiveData>, full: boolean) {
      if (d.total) total = d.total;
      const next = full ? new Map<string, LiveInverter>() : map;
      for (const i of d.inverters ?? []) next.set(i.serial, { ...map.get(i.serial), ...i });
      map = next;
    },
    power: () => total?.Power.v,
    inverters: () => Object.fromEntries(map),
  };
  return m;
}

describe("live tap", () => {
  it("brings a late follower to the same state as an early one, then passes every document on", () => {
    const tap = createLiveTap();
    const early = merger();
    tap.follow(early);
    expect(early.open).toBe(false);
    tap.onConnection(true);
    tap.onDocument(doc([inv("A", { reachable: true }), inv("B", { reachable: false })], 100), true);
    tap.onDocument(doc([inv("A", { producing: true, AC: 1 })]), false);
    tap.onDocument(doc([inv("B", { reachable: true })], 150), false);
    tap.onDocument(doc([inv("A", { AC: 2 })]), false);

    const late = merger();
    const stop = tap.follow(late);
    expect(late.open).toBe(true);
    expect(late.power()).toBe(150);
    expect(late.inverters()).toEqual(early.inverters());
    expect(late.inverters()).toEqual({
      A: { serial: "A", reachable: true, producing: true, AC: 2 },
      B: { serial: "B", reachable: true },
    });

    // A new full document starts over: nothing folded before it is replayed any more.
    tap.onDocument(doc([inv("C", { reachable: true })], 10), true);
    const later = merger();
    tap.follow(later);
    expect(later.inverters()).toEqual({ C: { serial: "C", reachable: true } });

    stop();
    tap.onConnection(false);
    tap.onDocument(doc([], 5), false);
    expect([late.open, late.power()]).toEqual([true, 10]);
    expect([early.open, early.power(), later.open, later.power()]).toEqual([false, 5, false, 5]);
  });
});
