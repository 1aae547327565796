import { describe, expect, it } from "vitest";
import {
  clearness,
  planeIrradiance,
  sample,
  stringSetup,
  type InverterSetup,
} from "../../src/fleet/physics.ts";

function hm800(panelWp: number): InverterSetup {
  return {
    family: "HM-2CH",
    maxPower: 800,
    key: 42,
    strings: [0, 1].map((i) => ({
      ...stringSetup(42, i, panelWp, 34, false),
      azimuth: 180,
      tilt: 30,
      variation: 1,
    })),
  };
}
const noon = { elevation: 60, azimuth: 180, clearness: 1, ambient: 20 };
const at = Date.parse("2024-06-15T11:00:00Z");

describe("power model", () => {
  it("produces in sunlight with realistic electrical values", () => {
    const s = sample(hm800(400), noon, { on: true, limitPercent: 100 }, at);
    expect(s.ac.power).toBeGreaterThan(500);
    expect(s.ac.efficiency).toBeGreaterThan(94);
    expect(s.ac.efficiency).toBeLessThan(97);
    expect(s.ac.frequency).toBeGreaterThan(49.9);
    expect(s.ac.frequency).toBeLessThan(50.1);
    expect(s.ac.voltage).toBeGreaterThan(220);
    expect(s.ac.powerFactor).toBeGreaterThan(0.98);
    expect(s.ac.powerFactor).toBeLessThanOrEqual(1);
    for (const d of s.dc) {
      expect(d.power).toBeLessThanOrEqual(400);
      expect(d.voltage).toBeGreaterThan(25);
      expect(Math.abs(d.current - d.power / d.voltage)).toBeLessThan(0.01);
    }
    expect(s.ac.powerDc).toBeCloseTo((s.dc[0]?.power ?? 0) + (s.dc[1]?.power ?? 0), 1);
  });

  it("clips at the model's max power and at the limit", () => {
    const big = hm800(900);
    expect(sample(big, noon, { on: true, limitPercent: 100 }, at).ac.power).toBe(800);
    const limited = sample(big, noon, { on: true, limitPercent: 25 }, at);
    expect(limited.ac.power).toBe(200);
    // DC follows the AC cut.
    expect(limited.ac.powerDc).toBeLessThan(220);
    expect(limited.ac.powerDc).toBeGreaterThan(200);
  });

  it("clips each string at the module size", () => {
    const s = sample(hm800(100), noon, { on: true, limitPercent: 100 }, at);
    for (const d of s.dc) expect(d.power).toBeLessThanOrEqual(100);
  });

  it("nothing at night or when switched off", () => {
    const night = sample(hm800(400), { ...noon, elevation: -10 }, { on: true, limitPercent: 100 }, at);
    expect(night.awake).toBe(false);
    expect(night.ac.power).toBe(0);
    expect(night.dc.every((d) => d.power === 0 && d.voltage === 0)).toBe(true);
    const off = sample(hm800(400), noon, { on: false, limitPercent: 100 }, at);
    expect(off.ac.power).toBe(0);
    expect(off.dc.every((d) => d.power === 0 && d.current === 0 && d.voltage > 0)).toBe(true);
  });

  it("shares voltages per MPPT pair on HM-4CH", () => {
    const setup: InverterSetup = {
      family: "HM-4CH",
      maxPower: 1500,
      key: 7,
      strings: [0, 1, 2, 3].map((i) => stringSetup(7, i, 400, 34, false)),
    };
    const s = sample(setup, noon, { on: true, limitPercent: 100 }, at);
    expect(s.dc[1]?.voltage).toBe(s.dc[0]?.voltage);
    expect(s.dc[3]?.voltage).toBe(s.dc[2]?.voltage);
  });

  it("clouds dim smoothly and stay within bounds", () => {
    let prev = clearness(1, at);
    for (let t = at; t < at + 6 * 3600_000; t += 10_000) {
      const c = clearness(1, t);
      expect(c).toBeGreaterThanOrEqual(0.2);
      expect(c).toBeLessThanOrEqual(1);
      expect(Math.abs(c - prev)).toBeLessThan(0.2);
      prev = c;
    }
  });

  it("irradiance follows the sun: none below the horizon, most facing it", () => {
    expect(planeIrradiance({ azimuth: 180, tilt: 30 }, -1, 180)).toBe(0);
    expect(planeIrradiance({ azimuth: 180, tilt: 30 }, 60, 180)).toBeGreaterThan(
      planeIrradiance({ azimuth: 0, tilt: 30 }, 60, 180),
    );
  });
});
