import { describe, expect, it } from "vitest";
import { applyDocument, emptyState } from "./merge";
import { inverterStatus } from "./state";
import { doc, inverter, summary } from "./testData";
import type { LiveInverter } from "@dtu/api/live";

const f = (v: number, u: string, d: number) => ({ v, u, d });
/** The entry of `inv` received at local time `at` (ms). */
const entry = (inv: LiveInverter, at = 10_000) =>
  applyDocument(emptyState, doc([inv]), at).inverters[inv.serial];
const dark = { "0": { name: { u: "" }, Power: f(0, "W", 1), Voltage: f(0.4, "V", 1) } };
const lit = { "0": { name: { u: "" }, Power: f(0, "W", 1), Voltage: f(31, "V", 1) } };
const yieldTotal = { "0": { Power: f(0, "W", 1), YieldTotal: f(912.4, "kWh", 3) } };

describe("inverterStatus (issue 13 item 1)", () => {
  it("names every state", () => {
    const at = 10_000;
    const st = (over: Partial<LiveInverter>) => inverterStatus(entry(inverter("A", over), at), at);
    expect(st({})).toMatchObject({ state: "producing", stale: false });
    expect(st({ producing: false, DC: dark, AC: yieldTotal })).toMatchObject({ state: "idle", why: "dark" });
    expect(st({ producing: false, DC: lit, AC: yieldTotal })).toMatchObject({
      state: "idle",
      why: undefined,
    });
    expect(st({ producing: false, limit_relative: 0, AC: yieldTotal })).toMatchObject({
      state: "idle",
      why: "limit0",
    });
    expect(st({ reachable: false, producing: false })).toMatchObject({ state: "lost", stale: true });
    expect(st({ poll_enabled: false, reachable: false, producing: false })).toMatchObject({ state: "off" });
    // Just after a device start: limit not read (0) and no yield total yet.
    expect(st({ producing: false, limit_relative: 0, AC: { "0": { Power: f(0, "W", 1) } } })).toMatchObject({
      state: "unread",
      stale: true,
    });
    expect(inverterStatus(undefined, at)).toMatchObject({ state: "unknown" });
  });

  it("older firmware without poll_enabled polls: a producing inverter is producing, not off", () => {
    const { poll_enabled: _p, ...old } = inverter("A");
    expect(inverterStatus(entry(old as LiveInverter), 10_000).state).toBe("producing");
  });

  it("a summary without DC gives no reason for not producing", () => {
    expect(inverterStatus(entry(summary("A", { producing: false })), 10_000)).toMatchObject({
      state: "idle",
      why: undefined,
    });
  });

  it("last contact = receipt − data age; values turn stale with age on the injected clock", () => {
    const e = entry(inverter("A", { reachable: false, producing: false, data_age: 90 }), 100_000);
    expect(inverterStatus(e, 100_000).seen).toBe(10_000);
    const fresh = entry(inverter("A", { data_age: 10 }), 100_000);
    expect(inverterStatus(fresh, 100_000).stale).toBe(false);
    expect(inverterStatus(fresh, 100_000 + 290_000).stale).toBe(false);
    expect(inverterStatus(fresh, 100_000 + 292_000).stale).toBe(true);
  });

  it("transitions: unread → producing → lost → producing → off as documents arrive", () => {
    const seq: [Partial<LiveInverter>, string][] = [
      [{ producing: false, limit_relative: 0, AC: { "0": { Power: f(0, "W", 1) } } }, "unread"],
      [{}, "producing"],
      [{ reachable: false, producing: false, data_age: 40 }, "lost"],
      [{}, "producing"],
      [{ poll_enabled: false, reachable: false, producing: false }, "off"],
    ];
    let s = emptyState;
    seq.forEach(([over, want], i) => {
      const at = 1000 * (i + 1);
      s = applyDocument(s, doc([inverter("A", over)]), at, true);
      expect(inverterStatus(s.inverters.A, at).state).toBe(want);
    });
  });
});
