/**
 * The household meter's recording (issue 31 §2–4, §8) on a real history.db: import and export integrated from the
 * signed power and checked against days computed by hand (export only, a night of import only, a mixed day), gaps
 * that stay gaps, the day curve's `grid`, energy rows by day, month and year with home use, the CSV columns, the
 * retention, a restart, and the first start's backfill of the simulated house.
 */
import { afterEach, describe, expect, it } from "vitest";
import { gatewayDefaults } from "../../src/config/defaults.ts";
import { backfill } from "../../src/history/backfill.ts";
import { energyCsv, powerCsv } from "../../src/history/csv.ts";
import { dayStart } from "../../src/history/days.ts";
import type { History } from "../../src/history/index.ts";
import { INVERTER_CH, SLOT_S, TOTAL_SERIAL } from "../../src/history/store.ts";
import { figures } from "../../src/meter/figures.ts";
import { houseLoadOf } from "../../src/meter/house/house.ts";
import { at, CET, makeHistory, type TestHistory } from "./helpers.ts";

let t: TestHistory | null = null;
afterEach(() => {
  t?.h.close();
  t = null;
});

/** The meter read every `stepS` s from `from` to `to` (HH:MM of `day`) at `w` W, held at most 60 s. */
function meter(h: History, day: string, from: string, to: string, w: number, stepS = 30): void {
  for (let ms = at(day, from); ms <= at(day, to); ms += stepS * 1000) h.grid.reading(ms, w, 60_000);
}

/** The fleet's production of a day (Wh) and its peak, as the recorder leaves them in `daily`. */
function produced(h: History, day: string, wh: number, peak: number): void {
  h.writer.daily(h.writer.seriesId(TOTAL_SERIAL, INVERTER_CH, "Total"), day, wh, peak);
}

/** Index of the slot at `HH:MM` in the day's points. */
const slotOf = (day: string, hhmm: string): number => (at(day, hhmm) - dayStart(CET, day)) / 1000 / SLOT_S;

/**
 * Hand-computed days:
 * - 2026-06-01, export only: −1000 W 10:00–12:00 = 2000 Wh exported; 2500 Wh produced, so 500 Wh home use.
 * - 2026-06-02, a night of import only: 300 W 00:00–04:00 = 1200 Wh; nothing produced.
 * - 2026-06-03, mixed: +400 W 06:00–07:00 (400 Wh), −1500 W 12:00–13:00 (1500 Wh), +2000 W 19:00–19:30 (1000 Wh),
 *   and in the slot from 15:00 +600 W for 2 minutes (20 Wh) then −600 W for 3 (30 Wh): 1420 Wh imported, 1530 Wh
 *   exported; 3000 Wh produced, so 2890 Wh home use, 49 % self-consumed, autarky 1 − 1420 / 2890 = 50.9 %.
 * - 2025-12-31, a night: 300 W 01:00–03:00 = 600 Wh.
 */
function handDays(h: History): void {
  meter(h, "2026-06-01", "10:00", "12:00", -1000);
  produced(h, "2026-06-01", 2500, 1400);
  meter(h, "2026-06-02", "00:00", "04:00", 300);
  produced(h, "2026-06-02", 0, 0);
  meter(h, "2026-06-03", "06:00", "07:00", 400);
  meter(h, "2026-06-03", "12:00", "13:00", -1500);
  meter(h, "2026-06-03", "15:00", "15:02", 600);
  meter(h, "2026-06-03", "15:02", "15:05", -600);
  meter(h, "2026-06-03", "19:00", "19:30", 2000);
  // A meter that answers every 2 minutes while its power is held 60 s at most (stale between): nothing counts.
  meter(h, "2026-06-03", "21:00", "21:10", 5000, 120);
  produced(h, "2026-06-03", 3000, 2000);
  produced(h, "2026-06-04", 1000, 700);
  meter(h, "2025-12-31", "01:00", "03:00", 300);
  h.grid.flush();
}

describe("the meter's recording", () => {
  it("integrates import and export from the signed power: a day of export only, a night of import only, a mixed day", () => {
    t = makeHistory();
    const { h } = t;
    handDays(h);
    const rows = h.queries.energy("2026-06-01", "2026-06-04", "day", null).rows;
    expect(rows.map((r) => [r.period, r.total, r.import_wh, r.export_wh, r.home_wh])).toEqual([
      ["2026-06-01", 2500, 0, 2000, 500],
      ["2026-06-02", 0, 1200, 0, 1200],
      ["2026-06-03", 3000, 1420, 1530, 2890],
      // Production without a meter that day: no grid figures, not zeros.
      ["2026-06-04", 1000, null, null, null],
    ]);
    expect(figures({ import_wh: 1420, export_wh: 1530, production_wh: 3000 })).toMatchObject({
      home_wh: 2890,
      self_consumption_pct: 49,
      autarky_pct: 50.9,
    });
    const today = h.grid.day("2026-06-03");
    expect([today?.import_wh, today?.export_wh].map((wh) => Math.round(wh ?? NaN))).toEqual([1420, 1530]);
    expect(today?.production_wh).toBe(3000);
    expect(h.grid.day("2026-06-05")).toBeNull();
  });

  it("gives the day curve's grid power per slot: the mean of the signed power, gaps where the meter was not read", () => {
    t = makeHistory();
    const { h } = t;
    handDays(h);
    const day = "2026-06-03";
    const p = h.queries.power(day, null);
    expect([p.import_wh, p.export_wh]).toEqual([1420, 1530]);
    const w = (hhmm: string) => p.grid?.[slotOf(day, hhmm)]?.[1];
    expect([w("05:55"), w("06:00"), w("06:55"), w("07:00")]).toEqual([null, 400, 400, null]);
    expect([w("12:30"), w("19:25")]).toEqual([-1500, 2000]);
    // 20 Wh in, 30 Wh out in one slot: (20 − 30) Wh over 5 minutes is −120 W.
    expect(w("15:00")).toBe(-120);
    expect(w("21:00")).toBeNull();
    expect(p.grid?.[slotOf(day, "12:30")]?.[0]).toBe(at(day, "12:30") / 1000);
    // No meter on a day: no curve; one inverter's view has none (the meter is the house's).
    expect(h.queries.power("2026-06-04", null)).toMatchObject({
      grid: null,
      import_wh: null,
      export_wh: null,
    });
    expect(h.queries.power(day, "1164a")).toMatchObject({ grid: null, import_wh: null, export_wh: null });
  });

  it("splits a held power at the end of its 5-minute slot", () => {
    t = makeHistory();
    const { h } = t;
    // Two readings 5 minutes apart (held up to 10 minutes): 1200 W for 2.5 minutes in each slot, 100 Wh in all.
    h.grid.reading(at("2026-07-15", "22:00") + 150_000, 1200, 600_000);
    h.grid.reading(at("2026-07-15", "22:05") + 150_000, 1200, 600_000);
    h.grid.flush();
    const slot = at("2026-07-15", "22:00") / 1000 / SLOT_S;
    expect(h.db.prepare("SELECT slot, s, import_wh, export_wh FROM grid5 ORDER BY slot").all()).toEqual([
      { slot, s: 150, import_wh: 50, export_wh: 0 },
      { slot: slot + 1, s: 150, import_wh: 50, export_wh: 0 },
    ]);
    expect(h.queries.power("2026-07-15", null).grid?.[slotOf("2026-07-15", "22:05")]?.[1]).toBe(1200);
  });

  it("sums the meter's days into months and years, home use = production + import − export", () => {
    t = makeHistory();
    const { h } = t;
    handDays(h);
    meter(h, "2026-07-15", "22:00", "22:05", 1200);
    h.grid.flush();
    const grid = (interval: "month" | "year") =>
      h.queries
        .energy("2025-12-01", "2026-07-31", interval, null)
        .rows.map((r) => [r.period, r.total, r.import_wh, r.export_wh, r.home_wh]);
    expect(grid("month")).toEqual([
      ["2025-12-01", 0, 600, 0, 600],
      ["2026-06-01", 6500, 2620, 3530, 5590],
      // A month with a meter but no production: a row of its own.
      ["2026-07-01", 0, 100, 0, 100],
    ]);
    expect(grid("year")).toEqual([
      ["2025-01-01", 0, 600, 0, 600],
      ["2026-01-01", 6500, 2720, 3530, 5690],
    ]);
    // One inverter's rows: the meter is the house's, not the inverter's.
    expect(h.queries.energy("2026-06-01", "2026-06-30", "month", "1164a").rows[0]).toMatchObject({
      import_wh: null,
      export_wh: null,
      home_wh: null,
    });
  });

  it("writes the meter's columns into both CSV downloads", () => {
    t = makeHistory();
    const { h } = t;
    handDays(h);
    const power = powerCsv(h.queries.power("2026-06-01", null), CET).split("\r\n");
    expect(power[0]).toBe("time,total_w,grid_w");
    expect(power[1 + slotOf("2026-06-01", "10:00")]).toBe("2026-06-01T10:00:00+02:00,,-1000");
    expect(power[1 + slotOf("2026-06-01", "09:55")]).toBe("2026-06-01T09:55:00+02:00,,");
    const energy = energyCsv(h.queries.energy("2026-06-01", "2026-06-04", "day", null)).split("\r\n");
    expect(energy.slice(0, 5)).toEqual([
      "period,total_wh,peak_w,import_wh,export_wh,home_wh",
      "2026-06-01,2500,1400,0,2000,500",
      "2026-06-02,0,0,1200,0,1200",
      "2026-06-03,3000,2000,1420,1530,2890",
      "2026-06-04,1000,700,,,",
    ]);
  });

  it("keeps today's import and export across a restart; what waits in memory counts before it is written", () => {
    t = makeHistory();
    const day = "2026-06-03";
    // 20 s after the first reading nothing is written yet (every 30 s, and when a slot ends), but it counts.
    meter(t.h, day, "08:00", "08:00", 1800);
    t.h.grid.reading(at(day, "08:00") + 20_000, 1800, 30_000);
    expect(t.h.db.prepare("SELECT count(*) FROM grid_daily").raw(true).get()).toEqual([0]);
    expect(t.h.grid.day(day)).toEqual({ import_wh: 10, export_wh: 0, production_wh: null });
    meter(t.h, day, "08:02", "08:11", -900);
    const before = t.h.grid.day(day);
    // A clean stop writes what waits.
    t = t.reopen();
    expect(t.h.grid.day(day)).toEqual(before);
    expect(before).toMatchObject({ import_wh: 10, export_wh: 135 });
  });

  it("keeps its slots as long as production's, its days forever", () => {
    t = makeHistory();
    const { h } = t;
    handDays(h);
    h.writer.prune(0, at("2026-06-02", "12:00") / 1000);
    const slots = h.db.prepare("SELECT min(slot) AS first FROM grid5").get() as { first: number };
    expect(slots.first * SLOT_S * 1000).toBeGreaterThanOrEqual(at("2026-06-02", "12:00"));
    expect(h.queries.energy("2026-06-01", "2026-06-01", "day", null).rows[0]?.export_wh).toBe(2000);
  });
});

describe("the first start's backfill", () => {
  it("fills the simulated house's import and export for every day, import alone at night", () => {
    t = makeHistory();
    const { h } = t;
    const house = houseLoadOf(7);
    const now = at("2026-06-20", "12:00");
    expect(backfill(h, gatewayDefaults(1), now, 3, () => null, house)).toBe(3);
    const rows = h.queries.energy("2026-06-17", "2026-06-19", "day", null).rows;
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.import_wh, r.period).toBeGreaterThan(0);
      expect(r.export_wh, r.period).toBeGreaterThan(0);
      // From the unrounded sums: within 1 Wh of the rounded figures'.
      expect(r.home_wh).toBeCloseTo(r.total + (r.import_wh ?? 0) - (r.export_wh ?? 0), -0.5);
    }
    const day = "2026-06-18";
    const curve = h.queries.power(day, null);
    // 02:00 local: no production, the grid is the house's mean load over the slot's five minutes.
    const k = slotOf(day, "02:00");
    const load = [0, 1, 2, 3, 4].reduce((a, m) => a + house(day, 120 + m + 0.5), 0) / 5;
    expect(curve.grid?.[k]?.[1]).toBeCloseTo(load, 1);
    expect(curve.total[k]?.[1]).toBe(0);
    // The day row is the sum of its slots.
    const sums = h.db
      .prepare("SELECT sum(import_wh) AS i, sum(export_wh) AS e FROM grid5 WHERE slot >= ? AND slot < ?")
      .get(dayStart(CET, day) / 1000 / SLOT_S, dayStart(CET, "2026-06-19") / 1000 / SLOT_S) as {
      i: number;
      e: number;
    };
    expect(curve.import_wh).toBeCloseTo(sums.i, -0.5);
    expect(curve.export_wh).toBeCloseTo(sums.e, -0.5);
  });

  it("fills no meter without the simulated house", () => {
    t = makeHistory();
    backfill(t.h, gatewayDefaults(1), at("2026-06-20", "12:00"), 2);
    expect(t.h.queries.energy("2026-06-18", "2026-06-19", "day", null).rows[0]?.import_wh).toBeNull();
  });
});
