import { describe, expect, it } from "vitest";
import {
  ageText,
  clockTime,
  decimalsOf,
  decodeVersion,
  hexRows,
  limitRange,
  limitType,
  limitValid,
  productionDate,
} from "./format";

describe("decodeVersion", () => {
  it("splits the raw value into major.minor.patch (API.md §3.5)", () => {
    expect(decodeVersion(10012)).toBe("1.0.12");
    expect(decodeVersion(104)).toBe("0.1.4");
    expect(decodeVersion(20305)).toBe("2.3.5");
    expect(decodeVersion(0)).toBe("0.0.0");
  });
});

describe("productionDate", () => {
  it("uses the 5th hex digit + 2014 and digits 6–7 as week (API.md §7 #21)", () => {
    expect(productionDate("114182123456")).toEqual({ year: 2022, week: "21" });
    expect(productionDate("1382A1234567")).toEqual({ year: 2024, week: "12" });
    expect(productionDate("116481234567")).toEqual({ year: 2022, week: "12" });
  });
  it("rejects non-hex serials", () => {
    expect(productionDate("xyz")).toBeUndefined();
  });
});

describe("clockTime", () => {
  it("formats seconds of the day as hh:mm:ss", () => {
    expect(clockTime(25230)).toBe("07:00:30");
    expect(clockTime(0)).toBe("00:00:00");
    expect(clockTime(86399)).toBe("23:59:59");
    expect(clockTime(90000)).toBe("25:00:00");
  });
});

describe("hexRows", () => {
  it("shows bytes as upper-case two-digit hex, 16 per row", () => {
    const raw = Array.from({ length: 18 }, (_, i) => i * 15);
    expect(hexRows(raw)).toEqual(["00 0F 1E 2D 3C 4B 5A 69 78 87 96 A5 B4 C3 D2 E1", "F0 FF"]);
  });
  it("is empty for all zeros or nothing (no data)", () => {
    expect(hexRows(new Array<number>(141).fill(0))).toEqual([]);
    expect(hexRows([])).toEqual([]);
    expect(hexRows(undefined)).toEqual([]);
  });
});

describe("limit rules (SEED §5)", () => {
  it("computes limit_type: 1 relative, 0 absolute, +256 persistent; 2/3 with the new numbering", () => {
    expect(limitType("relative", false)).toBe(1);
    expect(limitType("absolute", false)).toBe(0);
    expect(limitType("relative", true)).toBe(257);
    expect(limitType("absolute", true)).toBe(256);
    expect(limitType("relative", true, true)).toBe(3);
    expect(limitType("absolute", true, true)).toBe(2);
    expect(limitType("relative", false, true)).toBe(1);
  });
  it("uses relative 2–100 and absolute 10–max_power, 2250 when max_power is 0", () => {
    expect(limitRange("relative", 800)).toEqual({ min: 2, max: 100 });
    expect(limitRange("absolute", 800)).toEqual({ min: 10, max: 800 });
    expect(limitRange("absolute", 0)).toEqual({ min: 10, max: 2250 });
    expect(limitValid("relative", 0, 1)).toBe(false);
    expect(limitValid("relative", 0, 2)).toBe(true);
    expect(limitValid("relative", 0, 101)).toBe(false);
    expect(limitValid("absolute", 800, 801)).toBe(false);
    expect(limitValid("absolute", 0, 2250)).toBe(true);
    expect(limitValid("absolute", 0, 9)).toBe(false);
    expect(limitValid("absolute", 0, Number.NaN)).toBe(false);
  });
});

describe("decimalsOf", () => {
  it("uses the device's d, or the unit's usual decimals when d is missing (2022 firmware, issue 21)", () => {
    expect(decimalsOf(2, "W")).toBe(2);
    expect(decimalsOf(0, "%")).toBe(0);
    expect(decimalsOf(undefined, "%")).toBe(3);
    expect(decimalsOf(undefined, "")).toBe(3);
    expect(decimalsOf(undefined, "kWh")).toBe(3);
    expect(decimalsOf(undefined, "Wh")).toBe(0);
    expect(decimalsOf(undefined, "W")).toBe(1);
    expect(decimalsOf(Number.NaN, "A")).toBe(2);
    expect(decimalsOf(undefined, "lux")).toBe(1);
  });
});

describe("ageText (issue 34 §13)", () => {
  it("says seconds as the panel header does, larger ages in the locale's short unit", () => {
    expect(ageText(0, "en")).toBe("0 s");
    expect(ageText(59, "de")).toBe("59 s");
    expect(ageText(300, "en")).toBe("5 min");
  });
});
