import { describe, expect, it } from "vitest";
import type { LiveInverter } from "@dtu/api/live";
import { applyDocument, emptyState, missingDetail } from "./merge";
import { ordered, shownDecimals } from "./props";
import { doc, inverter, summary } from "./testData";

const f = (v: number, u: string, d: number) => ({ v, u, d });

describe("old and new live shapes (issue 13 item 4)", () => {
  it("flat channel keys of older firmware become AC/DC/INV (DC numbered from 1 there)", () => {
    const { AC: _a, DC: _d, INV: _i, ...rest } = inverter("A");
    const flat = {
      ...rest,
      "0": { Power: f(400, "W", 1), Temperature: f(30, "°C", 1) },
      "1": { Power: f(210, "W", 1) },
      "2": { Power: f(200, "W", 1) },
    } as unknown as LiveInverter;
    const e = applyDocument(emptyState, doc([flat]), 0).inverters.A;
    expect(e?.data.AC).toEqual({ "0": { Power: f(400, "W", 1) } });
    expect(e?.data.INV).toEqual({ "0": { Temperature: f(30, "°C", 1) } });
    expect(e?.data.DC).toEqual({ "0": { Power: f(210, "W", 1) }, "1": { Power: f(200, "W", 1) } });
    // With detail now, no `?inv=` request waits for measurements forever.
    expect(missingDetail(applyDocument(emptyState, doc([flat]), 0))).toEqual([]);
  });

  it("two slots with the same serial keep two entries, the second keyed serial~2", () => {
    const s = applyDocument(
      emptyState,
      doc([inverter("A", { name: "one" }), inverter("A", { name: "two" })]),
      0,
    );
    expect(s.order).toEqual(["A", "A~2"]);
    expect(s.inverters["A~2"]?.data.name).toBe("two");
    expect(missingDetail(applyDocument(emptyState, doc([summary("A"), summary("A")]), 0))).toEqual([
      "A",
      "A",
    ]);
  });

  it("equal order keeps the device's list order, not the serial order", () => {
    const s = applyDocument(
      emptyState,
      doc([inverter("C", { order: 1 }), inverter("B", { order: 0 }), inverter("A", { order: 1 })]),
      0,
    );
    expect(s.order).toEqual(["B", "C", "A"]);
  });

  it("properties in the device's order whatever the JSON key order; unknown ones last", () => {
    const ch = { Efficiency: f(95, "%", 3), New: f(1, "", 0), YieldDay: f(1, "Wh", 0), Power: f(1, "W", 1) };
    expect(ordered(ch).map(([k]) => k)).toEqual(["Power", "YieldDay", "Efficiency", "New"]);
  });

  it("percentages with at most one decimal, other units with the device's", () => {
    expect(shownDecimals(3, "%")).toBe(1);
    expect(shownDecimals(0, "%")).toBe(0);
    expect(shownDecimals(3, "kWh")).toBe(3);
  });
});
