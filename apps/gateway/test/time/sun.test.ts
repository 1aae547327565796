import { describe, expect, it } from "vitest";
import { parsePosixTz } from "../../src/time/posixTz.ts";
import { formatParts, partsOf } from "../../src/time/clock.ts";
import { solarElevation, sunDay, sunInfo, zenithFor } from "../../src/time/sun.ts";

const BERLIN = parsePosixTz("CET-1CEST,M3.5.0,M10.5.0/3");
const HOME = { latitude: 51.1657, longitude: 10.4515 };
const fmt = (ms: number | null): string => (ms === null ? "--" : formatParts(partsOf(BERLIN, ms)));

describe("sun", () => {
  it("maps sunset types to zenith angles, unknown → nautical", () => {
    expect([0, 1, 2, 3, 7, -1].map(zenithFor)).toEqual([90.8, 102, 96, 108, 102, 102]);
  });

  it("official sunrise/sunset in central Germany in June, whole minutes", () => {
    const day = sunDay({ ...HOME, sunsetType: 0 }, BERLIN, Date.parse("2024-06-21T10:00:00Z"));
    expect(day.available).toBe(true);
    // Around 05:00 and 21:40 local (CEST) at midsummer.
    expect(fmt(day.sunrise)).toMatch(/^Friday, June 21 2024 0[45]:\d\d:00$/);
    expect(fmt(day.sunset)).toMatch(/^Friday, June 21 2024 21:\d\d:00$/);
    expect((day.sunrise ?? 0) % 60000).toBe(0);
  });

  it("wider angles give earlier rise and later set", () => {
    const at = Date.parse("2024-03-21T10:00:00Z");
    const rises = [0, 2, 1, 3].map((t) => sunDay({ ...HOME, sunsetType: t }, BERLIN, at).sunrise ?? 0);
    expect(rises[0]).toBeGreaterThan(rises[1] ?? 0);
    expect(rises[1]).toBeGreaterThan(rises[2] ?? 0);
    expect(rises[2]).toBeGreaterThan(rises[3] ?? 0);
  });

  it("astronomical twilight is not available in a German midsummer", () => {
    const day = sunDay({ ...HOME, sunsetType: 3 }, BERLIN, Date.parse("2024-06-21T10:00:00Z"));
    expect(day).toEqual({ available: false, sunrise: null, sunset: null });
    expect(sunInfo(day, Date.parse("2024-06-21T23:00:00Z"), true).isDayPeriod).toBe(true);
  });

  it("day period between rise and set; always day with an invalid clock", () => {
    const day = sunDay({ ...HOME, sunsetType: 1 }, BERLIN, Date.parse("2024-12-10T12:00:00Z"));
    expect(sunInfo(day, Date.parse("2024-12-10T12:00:00Z"), true).isDayPeriod).toBe(true);
    expect(sunInfo(day, Date.parse("2024-12-10T01:00:00Z"), true).isDayPeriod).toBe(false);
    expect(sunInfo(day, Date.parse("2024-12-10T01:00:00Z"), false).isDayPeriod).toBe(true);
  });

  it("solar elevation is high at June noon and negative at midnight", () => {
    expect(solarElevation(HOME, Date.parse("2024-06-21T11:20:00Z"))).toBeGreaterThan(60);
    expect(solarElevation(HOME, Date.parse("2024-06-21T23:00:00Z"))).toBeLessThan(0);
  });
});
