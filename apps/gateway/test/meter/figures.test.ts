/** Home Assistant's figures and today's integration, against days computed by hand. */
import { describe, expect, it } from "vitest";
import { figures } from "../../src/meter/figures.ts";
import { TodayEnergy } from "../../src/meter/today.ts";

const H = 3_600_000;

describe("figures (HA definitions)", () => {
  it("a mixed day: home 8 kWh, 70 % self-consumed, 87.5 % autarky", () => {
    // home = 10000 + 1000 − 3000 = 8000; self-consumed = 10000 − 3000 = 7000 → 70 %; autarky = 1 − 1000/8000.
    expect(figures({ import_wh: 1000, export_wh: 3000, production_wh: 10_000 })).toEqual({
      import_wh: 1000,
      export_wh: 3000,
      production_wh: 10_000,
      home_wh: 8000,
      self_consumption_pct: 70,
      autarky_pct: 87.5,
    });
  });

  it("unknown stays null; no production has no self-consumption share; no use has no autarky", () => {
    expect(figures({ import_wh: null, export_wh: 0, production_wh: 0 })).toMatchObject({
      home_wh: null,
      self_consumption_pct: null,
      autarky_pct: null,
    });
    expect(figures({ import_wh: 0, export_wh: 0, production_wh: 0 })).toMatchObject({
      home_wh: 0,
      self_consumption_pct: null,
      autarky_pct: null,
    });
  });
});

describe("today's energy", () => {
  it("a night with import only: 300 W for 6 h", () => {
    const t = new TodayEnergy(2 * H);
    for (let h = 0; h <= 6; h++) t.add({ at: h * H, day: "2026-11-28", grid_w: 300, production_w: 0 });
    expect(t.today("2026-11-28")).toEqual({
      import_wh: 1800,
      export_wh: 0,
      production_wh: 0,
      home_wh: 1800,
      self_consumption_pct: null,
      autarky_pct: 0,
    });
  });

  it("a day with export only: 2 kW produced, 1.5 kW exported for 4 h", () => {
    const t = new TodayEnergy(2 * H);
    for (let h = 10; h <= 14; h++) t.add({ at: h * H, day: "2026-06-21", grid_w: -1500, production_w: 2000 });
    // export 6000, production 8000, home 8000 − 6000 = 2000, self-consumed 2000 / 8000 = 25 %, autarky 100 %.
    expect(t.today("2026-06-21")).toEqual({
      import_wh: 0,
      export_wh: 6000,
      production_wh: 8000,
      home_wh: 2000,
      self_consumption_pct: 25,
      autarky_pct: 100,
    });
  });

  it("a gap over the limit adds nothing, a new day starts at zero, another day's figures are not today's", () => {
    const t = new TodayEnergy(10_000);
    t.add({ at: 0, day: "d1", grid_w: 1000, production_w: 0 });
    t.add({ at: 3600, day: "d1", grid_w: 1000, production_w: 0 });
    t.add({ at: 3600 + 60_000, day: "d1", grid_w: 1000, production_w: 0 });
    expect(t.today("d1").import_wh).toBe(1);
    t.add({ at: 70_000, day: "d2", grid_w: -1000, production_w: 1000 });
    expect(t.today("d1").import_wh).toBeNull();
    expect(t.today("d2").import_wh).toBeNull();
    t.add({ at: 73_600, day: "d2", grid_w: -1000, production_w: null });
    expect(t.today("d2")).toMatchObject({ export_wh: 1, production_wh: 1, home_wh: 0 });
  });
});
