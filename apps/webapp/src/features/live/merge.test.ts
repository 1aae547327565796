import { describe, expect, it } from "vitest";
import { ageAt, applyDocument, emptyState, inverterField, missingDetail, share } from "./merge";
import { doc, inverter, summary } from "./testData";

function deepFreeze<T>(o: T): T {
  if (typeof o === "object" && o !== null) {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

describe("applyDocument", () => {
  it("loads a full snapshot sorted by order and keeps the received document intact", () => {
    const msg = deepFreeze(
      doc([inverter("B", { order: 2 }), inverter("A", { order: 1 }), inverter("C", { order: 0 })]),
    );
    const copy = structuredClone(msg);
    const s = applyDocument(emptyState, msg, 10_000);
    expect(s.order).toEqual(["C", "A", "B"]);
    expect(s.loaded).toBe(true);
    expect(s.inverters.A?.data.name).toBe("Inverter A");
    expect(s.total?.Power.v).toBe(412.3);
    expect(msg).toEqual(copy);
  });

  it("merges a one-inverter message by serial and keeps the others (later firmware, §9.3)", () => {
    const s1 = applyDocument(emptyState, doc([inverter("A"), inverter("B")]), 0);
    const s2 = applyDocument(s1, doc([inverter("B", { name: "Renamed" })]), 1000);
    expect(Object.keys(s2.inverters).sort()).toEqual(["A", "B"]);
    expect(s2.inverters.B?.data.name).toBe("Renamed");
    // A untouched: same entry object, so its panel does not re-render.
    expect(s2.inverters.A).toBe(s1.inverters.A);
    expect(s2.order).toBe(s1.order);
  });

  it("drops serials the GET no longer lists, but a socket message never drops", () => {
    const s1 = applyDocument(emptyState, doc([inverter("A"), inverter("B")]), 0);
    const viaSocket = applyDocument(s1, doc([inverter("A")]), 1000);
    expect(Object.keys(viaSocket.inverters).sort()).toEqual(["A", "B"]);
    const viaGet = applyDocument(s1, doc([inverter("A")]), 1000, true);
    expect(Object.keys(viaGet.inverters)).toEqual(["A"]);
    expect(viaGet.order).toEqual(["A"]);
  });

  it("keeps the entry when only data_age moved with the clock", () => {
    const s1 = applyDocument(emptyState, doc([inverter("A", { data_age: 2 })]), 10_000);
    const s2 = applyDocument(s1, doc([inverter("A", { data_age: 7 })]), 15_000);
    expect(s2.inverters.A).toBe(s1.inverters.A);
    expect(s2).toBe(s1);
  });

  it("replaces the entry when new data arrived (data_age reset) even with equal values", () => {
    const s1 = applyDocument(emptyState, doc([inverter("A", { data_age: 9 })]), 10_000);
    const s2 = applyDocument(s1, doc([inverter("A", { data_age: 0 })]), 11_000);
    expect(s2.inverters.A).not.toBe(s1.inverters.A);
    expect(ageAt(s2.inverters.A!, 11_000)).toBe(0);
  });

  it("shares unchanged channels when one value changes", () => {
    const s1 = applyDocument(emptyState, doc([inverter("A")]), 0);
    const changed = inverter("A");
    const next = {
      ...changed,
      DC: { ...changed.DC, "1": { name: { u: "" }, Power: { v: 1, u: "W", d: 1 } } },
    };
    const s2 = applyDocument(s1, doc([next]), 1000);
    expect(s2.inverters.A).not.toBe(s1.inverters.A);
    expect(s2.inverters.A?.data.DC?.["0"]).toBe(s1.inverters.A?.data.DC?.["0"]);
    expect(s2.inverters.A?.data.AC).toBe(s1.inverters.A?.data.AC);
    expect(s2.inverters.A?.data.DC?.["1"]).not.toBe(s1.inverters.A?.data.DC?.["1"]);
  });

  it("keeps detail when a summary arrives and lists summary-only inverters as missing detail", () => {
    const s1 = applyDocument(emptyState, doc([inverter("A")]), 0);
    const s2 = applyDocument(s1, doc([summary("A", { name: "New name" }), summary("B")]), 1000, true);
    expect(s2.inverters.A?.data.name).toBe("New name");
    expect(s2.inverters.A?.data.AC).toBe(s1.inverters.A?.data.AC);
    expect(s2.inverters.A?.data.events).toBe(3);
    expect(missingDetail(s2)).toEqual(["B"]);
  });

  it("skips array elements without serial and tolerates a message without total/hints", () => {
    const s1 = applyDocument(emptyState, doc([inverter("A")]), 0);
    const s2 = applyDocument(s1, { inverters: [{}, inverter("B")] }, 1000);
    expect(Object.keys(s2.inverters).sort()).toEqual(["A", "B"]);
    expect(s2.total).toBe(s1.total);
    expect(s2.hints).toBe(s1.hints);
  });

  it("keeps total identity when the totals did not change", () => {
    const s1 = applyDocument(emptyState, doc([inverter("A")], 100), 0);
    const s2 = applyDocument(s1, doc([inverter("B")], 100), 1000);
    expect(s2.total).toBe(s1.total);
    const s3 = applyDocument(s2, doc([], 150), 2000);
    expect(s3.total?.Power.v).toBe(150);
  });
});

describe("ageAt", () => {
  it("is data_age at receipt plus whole seconds since receipt", () => {
    const s = applyDocument(emptyState, doc([inverter("A", { data_age: 3 })]), 50_000);
    const e = s.inverters.A!;
    expect(ageAt(e, 50_000)).toBe(3);
    expect(ageAt(e, 50_999)).toBe(3);
    expect(ageAt(e, 51_000)).toBe(4);
    expect(ageAt(e, 50_000 + 400_000)).toBe(403);
  });

  it("prefers data_age_ms of later firmware", () => {
    const s = applyDocument(emptyState, doc([inverter("A", { data_age: 3, data_age_ms: 3900 })]), 0);
    expect(ageAt(s.inverters.A!, 200)).toBe(4);
  });
});

describe("inverterField", () => {
  it("reads INV/0 before AC/0 (properties moved in v24.2.12)", () => {
    const old = inverter("A");
    expect(inverterField(old, "Power DC")?.v).toBe(430.1);
    const moved = inverter("A", { INV: { "0": { "Power DC": { v: 999, u: "W", d: 1 } } } });
    expect(inverterField(moved, "Power DC")?.v).toBe(999);
    expect(inverterField(old, "Nope")).toBeUndefined();
  });
});

describe("share", () => {
  it("returns the previous value when deep-equal and never writes into its inputs", () => {
    const a = deepFreeze({ x: { y: [1, 2] }, z: 1 });
    const b = deepFreeze({ x: { y: [1, 2] }, z: 2 });
    const r = share(a, b);
    expect(r).toEqual(b);
    expect(r.x).toBe(a.x);
    expect(share(a, deepFreeze({ x: { y: [1, 2] }, z: 1 }))).toBe(a);
  });
});
