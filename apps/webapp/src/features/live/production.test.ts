import { describe, expect, it } from "vitest";
import type { LiveInverter } from "@dtu/api/live";
import { applyDocument, emptyState } from "./merge";
import type { DeviceFacts } from "./state";
import { doc, inverter } from "./testData";
import { productionW } from "./production";

const H = 3_600_000;
/** Device sunrise 07:00, sunset 16:00 (local hours as ms since a midnight); day 2 starts at 24 h. */
const sun = { rise: 7 * H, day: 9 * H };

/** The store after one document with `inverters` at local hour `nowH`, the DTU started at `bootH`. */
function state(nowH: number, bootH: number, inverters: LiveInverter[], power: number) {
  const facts: DeviceFacts = { sun, bootAt: bootH * H };
  return { ...applyDocument(emptyState, doc(inverters, power), nowH * H), facts };
}
/** Not read since the DTU started at `bootH`: its data age is the uptime (API.md §3.1). */
const unread = (serial: string, nowH: number, bootH: number) =>
  inverter(serial, { reachable: false, producing: false, data_age: Math.round(((nowH - bootH) * H) / 1000) });

describe("productionW: what the energy flow counts as produced", () => {
  it("an inverter read since the start: the device's total power", () => {
    const s = state(12, 8, [inverter("A", { data_age: 2 })], 412.3);
    expect(productionW(s, 12 * H)).toBe(412.3);
  });

  it("none read and all asleep at night (a first start after sunset): 0 W, not unknown", () => {
    const s = state(25, 24.5, [unread("A", 25, 24.5), unread("B", 25, 24.5)], 0);
    expect(productionW(s, 25 * H)).toBe(0);
  });

  it("none read by day: unknown, never the device's zeros", () => {
    const s = state(12, 11.9, [unread("A", 12, 11.9)], 0);
    expect(productionW(s, 12 * H)).toBeNull();
    expect(productionW({ ...emptyState, facts: {} }, 12 * H)).toBeNull();
  });
});
