/**
 * The recorder keeps every live shape the web app shows (issue 21 item 6): a 2022 document with flat channels
 * (`"0"` the inverter, `"1"`… the strings) is recorded like the current shape.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { LiveInverter } from "@dtu/api/live";
import { createFeed } from "../../src/history/feed.ts";
import { at, makeHistory, type TestHistory } from "./helpers.ts";

const f = (v: number, u: string) => ({ v, u, d: 1 });

/** An inverter as pre-v23 firmware sends it: no AC/DC/INV, channels keyed "0", "1", "2". */
function flatInverter(power: number, totalKwh: number, dayWh: number): LiveInverter {
  return {
    serial: "114182123456",
    name: "Garage",
    data_age: 0,
    reachable: true,
    producing: true,
    limit_relative: 100,
    limit_absolute: 600,
    "0": {
      Power: f(power, "W"),
      Voltage: f(230, "V"),
      Current: f(power / 230, "A"),
      YieldDay: f(dayWh, "Wh"),
      YieldTotal: f(totalKwh, "kWh"),
      Temperature: f(31, "°C"),
    },
    "1": { Power: f(power / 2 + 5, "W"), YieldTotal: f(totalKwh / 2, "kWh") },
    "2": { Power: f(power / 2 + 5, "W"), YieldTotal: f(totalKwh / 2, "kWh") },
  } as unknown as LiveInverter;
}

let t: TestHistory | null = null;
afterEach(() => t?.h.close());

describe("recorder and live shapes", () => {
  it("records a pre-v23 flat-channel document: curve, peak, energy and both strings", () => {
    t = makeHistory();
    const feed = createFeed(t.h.recorder, () => t?.clock.t ?? 0);
    const day = "2026-06-10";
    t.clock.t = at(day, "12:00");
    feed.push([flatInverter(140, 100, 500)]);
    t.clock.t = at(day, "12:10");
    feed.push([flatInverter(140, 100.1, 600)]);

    const info = t.h.queries.info(t.clock.t);
    expect(info.today_peak_w).toBe(140);
    expect(info.today_energy_wh).toBe(100);
    expect(info.inverters).toEqual([
      { serial: "114182123456", name: "Garage", strings: ["Garage / 1", "Garage / 2"] },
    ]);
    const power = t.h.queries.power(day, "114182123456");
    const noon = power.series
      .find((s) => s.channel === undefined)
      ?.points.find(([s]) => s === at(day, "12:00") / 1000);
    expect(noon?.[1]).toBe(140);
    expect(power.series.filter((s) => s.channel !== undefined).map((s) => s.channel)).toEqual([0, 1]);
  });
});
