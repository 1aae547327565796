/** A card's figures and the sums (multi/figures.ts): read inverters, last known readings, nulls. */
import { describe, expect, it } from "vitest";
import type { LiveTotal } from "@dtu/api/live";
import type { OverviewDevice } from "@dtu/api/overview";
import {
  deviceFigures,
  inverterCounts,
  meterFigures,
  NO_METER,
  totalOf,
  type MeterFigures,
} from "../../src/multi/figures.ts";
import type { LastReading } from "../../src/multi/lastRead.ts";
import type { DeviceLive } from "../../src/multi/figures.ts";

const total = (power: number, day: number, kwh: number): LiveTotal => ({
  Power: { v: power, u: "W", d: 1 },
  YieldDay: { v: day, u: "Wh", d: 0 },
  YieldTotal: { v: kwh, u: "kWh", d: 3 },
});
const live = (own: LiveTotal | null, read: Record<string, boolean>): DeviceLive => ({
  reachable: true,
  since: 0,
  total: own,
  inverters: Object.entries(read).map(([serial, r]) => ({ serial, reachable: true, producing: r, read: r })),
});
const readings = (entries: Record<string, LastReading>) => new Map(Object.entries(entries));

describe("a device's figures", () => {
  it("give a silent device no power now and no inverters reachable or producing now, but its yields and counts", () => {
    const answering = live(total(812.4, 3120, 1804.113), { A1: true, B2: true });
    const silent: DeviceLive = { ...answering, reachable: false };
    expect(deviceFigures(answering, new Map()).power_w).toBe(812.4);
    expect(deviceFigures(silent, new Map())).toEqual({
      power_w: null,
      yield_day_wh: 3120,
      yield_total_kwh: 1804.113,
      last_known_at: null,
    });
    expect(inverterCounts(answering)).toEqual({ total: 2, reachable: 2, producing: 2, read: 2 });
    expect(inverterCounts(silent)).toEqual({ total: 2, reachable: 0, producing: 0, read: 2 });
  });

  it("count an inverter never read since the DTU started as not answering, though the device calls it reachable", () => {
    // After a start at night the device says reachable until the first failed polls pass its threshold (issue 34 §7).
    expect(inverterCounts(live(total(0, 0, 0), { A1: false, B2: false }))).toEqual({
      total: 2,
      reachable: 0,
      producing: 0,
      read: 0,
    });
    expect(inverterCounts(live(total(0, 0, 0), { A1: true, B2: false }))).toMatchObject({
      reachable: 1,
      read: 1,
    });
  });

  it("are null when nothing was read and the history has nothing", () => {
    const none = { power_w: null, yield_day_wh: null, yield_total_kwh: null, last_known_at: null };
    expect(deviceFigures(live(total(0, 0, 0), { A1: false, B2: false }), new Map())).toEqual(none);
    // Never reached: no document at all.
    expect(deviceFigures(live(null, {}), new Map())).toEqual(none);
  });

  it("take an unread inverter's lifetime yield always, its yield today only from today, never its power", () => {
    const last = readings({
      a1: { t: 1000, yield_total_wh: 500_000, yield_day_wh: null },
      b2: { t: 2000, yield_total_wh: 250_500, yield_day_wh: 1200 },
    });
    expect(deviceFigures(live(total(0, 0, 0), { A1: false, B2: false }), last)).toEqual({
      power_w: null,
      yield_day_wh: 1200,
      yield_total_kwh: 750.5,
      last_known_at: 2000,
    });
    // One read (its figures are the device's own total), one not.
    expect(deviceFigures(live(total(120.5, 300, 100.25), { A1: false, B2: true }), last)).toEqual({
      power_w: 120.5,
      yield_day_wh: 300,
      yield_total_kwh: 600.25,
      last_known_at: 1000,
    });
    // All read: the history is not used even when it has readings.
    expect(deviceFigures(live(total(120.5, 300, 100.25), { A1: true, B2: true }), last)).toEqual({
      power_w: 120.5,
      yield_day_wh: 300,
      yield_total_kwh: 100.25,
      last_known_at: null,
    });
  });
});

describe("the sums", () => {
  const card = (
    reachable: boolean,
    figures: [number | null, number | null, number | null],
    meter: MeterFigures = NO_METER,
  ): OverviewDevice => ({
    name: "x",
    locked: false,
    reachable,
    since: 0,
    power_w: figures[0],
    yield_day_wh: figures[1],
    yield_total_kwh: figures[2],
    last_known_at: null,
    inverters: { total: 1, reachable: 1, producing: 0, read: 0 },
    alerts_open: null,
    alerts_critical: null,
    ...meter,
  });

  it("add the non-null figures, power only of reachable devices, and are null where no device has one", () => {
    expect(totalOf([card(true, [null, null, 12.5]), card(true, [null, null, null])])).toEqual({
      power_w: null,
      yield_day_wh: null,
      yield_total_kwh: 12.5,
      ...NO_METER,
    });
    expect(
      totalOf([card(true, [10.1, 20, 1.1]), card(false, [5, 30, 2.2]), card(true, [0.2, null, null])]),
    ).toEqual({
      power_w: 10.3,
      yield_day_wh: 50,
      yield_total_kwh: 3.3,
      ...NO_METER,
    });
    expect(totalOf([])).toEqual({ power_w: null, yield_day_wh: null, yield_total_kwh: null, ...NO_METER });
  });

  it("add the meters of the devices that have one; a device without a meter adds nothing, not a zero", () => {
    const roof = { grid_w: -1200.5, import_today_wh: 800.2, export_today_wh: 3100 };
    // A stale meter: no power now, today's energy still counted.
    const garage = { grid_w: null, import_today_wh: 150, export_today_wh: 0 };
    const total = totalOf([
      card(true, [1, 1, 1], roof),
      card(true, [2, 2, 2]),
      card(false, [3, 3, 3], garage),
    ]);
    expect(total).toMatchObject({ grid_w: -1200.5, import_today_wh: 950.2, export_today_wh: 3100 });
    expect(totalOf([card(true, [1, 1, 1]), card(true, [2, 2, 2])])).toMatchObject(NO_METER);
  });

  it("take a card's meter from its status: no power while stale, nothing while off", () => {
    const today = {
      import_wh: 12.5,
      export_wh: 40,
      production_wh: 100,
      home_wh: 72.5,
      self_consumption_pct: 60,
      autarky_pct: 82.8,
    };
    const status = { power_w: 300, phases_w: null, age_ms: 500, error: null, today };
    expect(meterFigures({ ...status, state: "ok" })).toEqual({
      grid_w: 300,
      import_today_wh: 12.5,
      export_today_wh: 40,
    });
    expect(meterFigures({ ...status, state: "stale" })).toEqual({
      grid_w: null,
      import_today_wh: 12.5,
      export_today_wh: 40,
    });
    expect(meterFigures({ ...status, state: "off" })).toEqual(NO_METER);
    expect(meterFigures(null)).toEqual(NO_METER);
  });
});
