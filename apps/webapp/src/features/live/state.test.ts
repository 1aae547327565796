import { describe, expect, it } from "vitest";
import { applyDocument, emptyState } from "./merge";
import { inverterStatus, type DeviceFacts } from "./state";
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
    expect(st({ poll_enabled: false, reachable: false, producing: false })).toMatchObject({
      state: "off",
      why: undefined,
    });
    expect(inverterStatus(undefined, at)).toMatchObject({ state: "unknown" });
  });

  it("not read since the DTU started: data age = uptime; unread while reachable, then lost with that reason", () => {
    const at = 100_000;
    const boot = { bootAt: 40_000 }; // from /api/system/status uptime 60 s, asked at local 100 s
    const st = (over: Partial<LiveInverter>, facts: DeviceFacts = boot) =>
      inverterStatus(entry(inverter("A", over), at), at, facts);
    const never = { producing: false, limit_relative: 0, data_age: 60 };
    expect(st(never)).toMatchObject({ state: "unread", why: undefined, stale: true });
    expect(st({ ...never, data_age: 59 })).toMatchObject({ state: "unread" }); // whole seconds, latency
    expect(st({ ...never, reachable: false })).toMatchObject({ state: "lost", why: "never" });
    // Read 5 s after the start: a real (if old) contact, whatever the values.
    expect(st({ ...never, data_age: 55 })).toMatchObject({ state: "idle", why: "limit0" });
    expect(st({ ...never, data_age: 55, reachable: false })).toMatchObject({ state: "lost", why: undefined });
    // Without the uptime nothing is taken for "not read yet".
    expect(st(never, {})).toMatchObject({ state: "idle" });
  });

  it("polling off says why when the device's day or night is known", () => {
    const off = inverter("A", { poll_enabled: false, reachable: false, producing: false });
    expect(inverterStatus(entry(off), 10_000, { night: true }).why).toBe("night");
    expect(inverterStatus(entry(off), 10_000, { night: false }).why).toBe("setting");
    // Night does not explain anything for an inverter that is polled.
    expect(inverterStatus(entry(inverter("A")), 10_000, { night: true })).toMatchObject({
      state: "producing",
      why: undefined,
    });
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
    // Device started at local 0, documents 5 s apart: the first one's data age (5 s at 5 s) is the uptime.
    const seq: [Partial<LiveInverter>, string][] = [
      [{ producing: false, limit_relative: 0, data_age: 5 }, "unread"],
      [{ data_age: 0 }, "producing"],
      [{ reachable: false, producing: false, data_age: 40 }, "lost"],
      [{ data_age: 0 }, "producing"],
      [{ poll_enabled: false, reachable: false, producing: false }, "off"],
    ];
    let s = emptyState;
    seq.forEach(([over, want], i) => {
      const at = 5000 * (i + 1);
      s = applyDocument(s, doc([inverter("A", over)]), at, true);
      expect(inverterStatus(s.inverters.A, at, { bootAt: 0 }).state).toBe(want);
    });
  });
});
