/**
 * The history queries (issue 14 §5 and Benchmark): every statement reads by a primary key (no table scan, so a year
 * of data costs what a day costs), periods are summed correctly, and watt values leave at the device's precision.
 */
import { afterEach, describe, expect, it } from "vitest";
import { energyCsv, powerCsv } from "../../src/history/csv.ts";
import { dayStart } from "../../src/history/days.ts";
import { SQL } from "../../src/history/queries.ts";
import { INVERTER_CH, SLOT_S, TOTAL_SERIAL } from "../../src/history/store.ts";
import { CET, makeHistory, type TestHistory } from "./helpers.ts";

/** An energy row's meter fields where no meter was recorded (issue 31 §4). */
const NO_GRID = { import_wh: null, export_wh: null, home_wh: null };

let t: TestHistory | null = null;
afterEach(() => t?.h.close());

function open(): TestHistory {
  t = makeHistory();
  return t;
}

describe("history queries", () => {
  it.each(Object.entries(SQL))("%s reads its tables by a primary key, never a scan", (_name, sql) => {
    const { h } = open();
    const args = [JSON.stringify([1, 2]), "2026-01-01", "2026-12-31", "month"].slice(
      0,
      new Set(sql.match(/\?\d*/g) ?? []).size,
    );
    const plan = (h.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map(
      (r) => r.detail,
    );
    const tables = plan.filter((d) => /\b(agg5|daily|up|raw|grid5|grid_daily)\b/.test(d));
    for (const d of tables) expect(d).toMatch(/^SEARCH \w+ USING (INTEGER )?PRIMARY KEY \(/);
    // The series table is small (inverters × strings); the JSON id list is the statement's own parameter.
    for (const d of plan.filter((x) => x.startsWith("SCAN"))) expect(d).toMatch(/^SCAN (series|json_each)\b/);
  });

  it("gives peaks and curves in W with one decimal, never float noise", () => {
    const { h } = open();
    const day = "2026-06-10";
    const inv = h.writer.seriesId("1164a", INVERTER_CH, "Roof");
    const inv2 = h.writer.seriesId("1164b", INVERTER_CH, "Shed");
    const total = h.writer.seriesId(TOTAL_SERIAL, INVERTER_CH, "Total");
    for (const sid of [inv, total]) h.writer.daily(sid, day, 1234.5678, 863.0999999999999);
    const slot = Math.floor(dayStart(CET, day) / 1000 / SLOT_S) + 144;
    h.writer.up(slot * SLOT_S);
    h.writer.slot(inv, slot, 0.1);
    h.writer.slot(inv2, slot, 0.2);

    const power = h.queries.power(day, null);
    expect(power.peak_w).toBe(863.1);
    expect(power.energy_wh).toBe(1235);
    expect(power.total[144]).toEqual([slot * SLOT_S, 0.3]);
    expect(h.queries.power(day, "1164a").peak_w).toBe(863.1);
    for (const interval of ["day", "month", "year"] as const) {
      expect(h.queries.energy(day, day, interval, null).rows[0]?.peak_w).toBe(863.1);
    }
    expect(h.queries.info(dayStart(CET, day) + 3_600_000).today_peak_w).toBe(863.1);
    const csv = energyCsv(h.queries.energy(day, day, "day", null)) + powerCsv(power, CET);
    expect(csv).toContain(",863.1,");
    expect(csv).not.toMatch(/\d\.\d{2,}/);
  });

  it("leaves out the 5-minute slot still being recorded, until it is complete (issue 34 §12)", () => {
    const { h } = open();
    const day = "2026-06-10";
    const inv = h.writer.seriesId("1164a", INVERTER_CH, "Roof");
    const first = Math.floor(dayStart(CET, day) / 1000 / SLOT_S) + 144;
    for (const slot of [first, first + 1]) {
      h.writer.up(slot * SLOT_S);
      h.writer.slot(inv, slot, 1474);
    }
    // 2.5 minutes into the second slot: its samples so far are no finished mean.
    const during = (first + 1) * SLOT_S * 1000 + 150_000;
    const open5 = h.queries.power(day, null, during);
    expect(open5.total.slice(144, 146)).toEqual([
      [first * SLOT_S, 1474],
      [(first + 1) * SLOT_S, null],
    ]);
    expect(open5.series[0]?.points[145]).toEqual([(first + 1) * SLOT_S, null]);
    expect(open5.total).toHaveLength(288);
    // Once the slot has ended it is shown.
    const after = h.queries.power(day, null, (first + 2) * SLOT_S * 1000);
    expect(after.total[145]).toEqual([(first + 1) * SLOT_S, 1474]);
  });

  it("has no peak of today before anything was produced, only after", () => {
    const { h } = open();
    const day = "2026-06-10";
    const total = h.writer.seriesId(TOTAL_SERIAL, INVERTER_CH, "Total");
    // A night start: the day row exists (placeholder zeros were recorded), its peak is 0.
    h.writer.daily(total, day, 0, 0);
    expect(h.queries.info(dayStart(CET, day) + 3_600_000).today_peak_w).toBeNull();
    h.writer.daily(total, day, 12, 40.5);
    expect(h.queries.info(dayStart(CET, day) + 3_600_000).today_peak_w).toBe(40.5);
  });

  it("sums days into months and years, per inverter and for one inverter", () => {
    const { h } = open();
    const a = h.writer.seriesId("1164a", INVERTER_CH, "Roof");
    const b = h.writer.seriesId("1164b", INVERTER_CH, "Shed");
    const s = h.writer.seriesId("1164a", 0, "Roof / East");
    const total = h.writer.seriesId(TOTAL_SERIAL, INVERTER_CH, "Total");
    const days: [string, number, number][] = [
      ["2025-12-31", 100.4, 50.4],
      ["2026-01-01", 200.4, 80],
      ["2026-01-31", 300.4, 90],
      ["2026-02-01", 400, 100],
    ];
    for (const [day, wa, wb] of days) {
      h.writer.daily(a, day, wa, wa / 2);
      h.writer.daily(b, day, wb, wb / 2);
      h.writer.daily(s, day, 9999, 9999);
      h.writer.daily(total, day, wa + wb, (wa + wb) / 2);
    }
    const months = h.queries.energy("2025-12-01", "2026-02-28", "month", null).rows;
    expect(months).toEqual([
      {
        period: "2025-12-01",
        total: 151,
        peak_w: 75.4,
        inverters: { "1164a": 100, "1164b": 50 },
        ...NO_GRID,
      },
      {
        period: "2026-01-01",
        total: 671,
        peak_w: 195.2,
        inverters: { "1164a": 501, "1164b": 170 },
        ...NO_GRID,
      },
      {
        period: "2026-02-01",
        total: 500,
        peak_w: 250,
        inverters: { "1164a": 400, "1164b": 100 },
        ...NO_GRID,
      },
    ]);
    const years = h.queries.energy("2025-01-01", "2026-12-31", "year", "1164a").rows;
    expect(years).toEqual([
      { period: "2025-01-01", total: 100, peak_w: 50.2, inverters: { "1164a": 100 }, ...NO_GRID },
      { period: "2026-01-01", total: 901, peak_w: 200, inverters: { "1164a": 901 }, ...NO_GRID },
    ]);
    // The range bounds are inclusive local days.
    const jan = h.queries.energy("2026-01-01", "2026-01-31", "day", null).rows.map((r) => r.period);
    expect(jan).toEqual(["2026-01-01", "2026-01-31"]);
    const info = h.queries.info(dayStart(CET, "2026-02-01"));
    expect([info.first_day, info.last_day, info.today_energy_wh]).toEqual(["2025-12-31", "2026-02-01", 500]);
  });

  it("marks the daylight-saving change of a day in utc_offsets at its slot", () => {
    const { h } = open();
    const spring = h.queries.power("2026-03-29", null).utc_offsets;
    // 02:00 CET = 01:00 UTC: from then on, CEST.
    expect(spring).toEqual([
      [dayStart(CET, "2026-03-29") / 1000, 3600],
      [Date.UTC(2026, 2, 29, 1) / 1000, 7200],
    ]);
    expect(h.queries.power("2026-06-10", null).utc_offsets).toEqual([
      [dayStart(CET, "2026-06-10") / 1000, 7200],
    ]);
  });
});
