/** The simulated house: a seeded day (same seed → same day), the day's shape, local time, held load, the meter. */
import { describe, expect, it } from "vitest";
import { createHouse } from "../../src/meter/house/house.ts";
import { houseDay, houseLoad, seedOf } from "../../src/meter/house/model.ts";
import { productionW, simReader } from "../../src/meter/house/simReader.ts";
import { parsePosixTz } from "../../src/time/posixTz.ts";
import { snapshotWith } from "./fakePort.ts";

const total = (p: number[]): number => p.reduce((a, b) => a + b, 0);
const dayLoads = (seed: number, date: string): number[] => {
  const day = houseDay(seed, date);
  return Array.from({ length: 24 * 60 }, (_, m) => total(houseLoad(day, m)));
};

describe("house model", () => {
  it("same seed and date, same day; another seed or date, another day", () => {
    expect(houseDay(7, "2026-11-28")).toEqual(houseDay(7, "2026-11-28"));
    expect(dayLoads(7, "2026-11-28")).toEqual(dayLoads(7, "2026-11-28"));
    expect(dayLoads(8, "2026-11-28")).not.toEqual(dayLoads(7, "2026-11-28"));
    expect(dayLoads(7, "2026-11-29")).not.toEqual(dayLoads(7, "2026-11-28"));
    expect(seedOf("199980123456")).toBe(seedOf("199980123456"));
  });

  it("standby and the fridge at night, peaks at noon and in the evening", () => {
    for (const date of ["2026-01-10", "2026-06-21", "2026-11-28"]) {
      const loads = dayLoads(seedOf("dtu"), date);
      const night = loads.slice(1 * 60, 5 * 60);
      expect(Math.max(...night)).toBeLessThan(600);
      expect(Math.min(...night)).toBeGreaterThanOrEqual(80);
      expect(Math.max(...loads.slice(11 * 60, 13 * 60 + 30))).toBeGreaterThan(1500);
      expect(Math.max(...loads.slice(17 * 60 + 45, 20 * 60))).toBeGreaterThan(1800);
      const kwh = loads.reduce((a, b) => a + b, 0) / 60 / 1000;
      expect(kwh).toBeGreaterThan(3);
      expect(kwh).toBeLessThan(12);
    }
  });

  it("washes some days of a month, not all", () => {
    const days = Array.from({ length: 30 }, (_, i) =>
      houseDay(1, `2026-04-${String(i + 1).padStart(2, "0")}`),
    );
    const washing = days.filter((d) => d.washMin !== null).length;
    expect(washing).toBeGreaterThan(3);
    expect(washing).toBeLessThan(25);
  });

  it("follows the device's local time, and holds a load when told", () => {
    let zone = parsePosixTz("UTC0");
    const house = createHouse(3, () => zone);
    const at = Date.UTC(2026, 10, 28, 11, 0);
    const day = houseDay(3, "2026-11-28");
    expect(house.load(at)).toEqual(houseLoad(day, 11 * 60));
    zone = parsePosixTz("CET-1CEST,M3.5.0,M10.5.0/3");
    expect(house.load(at)).toEqual(houseLoad(day, 12 * 60));
    house.hold(900);
    expect(house.load(at)).toEqual([300, 300, 300]);
    house.hold(null);
    expect(house.held()).toBeNull();
  });
});

describe("simulated meter", () => {
  it("reads load − production, the production on L1", async () => {
    const house = createHouse(3, () => null);
    house.hold(600);
    const snap = snapshotWith([450, 300]);
    expect(productionW(snap)).toBe(750);
    const reading = await simReader(
      house,
      () => snap,
      () => 0,
    ).read(new AbortController().signal);
    expect(reading).toMatchObject({ power_w: -150, phases_w: [-550, 200, 200] });
  });
});
