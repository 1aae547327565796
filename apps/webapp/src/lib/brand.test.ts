import { describe, expect, it } from "vitest";
import { brandIcon, easterSunday } from "./brand";

describe("easterSunday", () => {
  it.each([
    [2024, [3, 31]],
    [2025, [4, 20]],
    [2026, [4, 5]],
    [2027, [3, 28]],
    [2038, [4, 25]],
    [2285, [3, 22]],
  ])("%i", (year, expected) => {
    expect(easterSunday(year)).toEqual(expected);
  });
});

describe("brandIcon", () => {
  const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h);
  it("shows the tree from 24 to 26 December only", () => {
    expect(brandIcon(at(2026, 12, 23))).toBe("sun");
    expect(brandIcon(at(2026, 12, 24, 0))).toBe("tree");
    expect(brandIcon(at(2026, 12, 26, 23))).toBe("tree");
    expect(brandIcon(at(2026, 12, 27))).toBe("sun");
  });
  it("shows the egg from Good Friday to Easter Monday (Easter 2026 = 5 April)", () => {
    expect(brandIcon(at(2026, 4, 2, 23))).toBe("sun");
    expect(brandIcon(at(2026, 4, 3, 0))).toBe("egg");
    expect(brandIcon(at(2026, 4, 5))).toBe("egg");
    expect(brandIcon(at(2026, 4, 6, 23))).toBe("egg");
    expect(brandIcon(at(2026, 4, 7, 0))).toBe("sun");
  });
  it("handles Easter across a month boundary (Easter 2024 = 31 March)", () => {
    expect(brandIcon(at(2024, 3, 29))).toBe("egg");
    expect(brandIcon(at(2024, 4, 1))).toBe("egg");
    expect(brandIcon(at(2024, 4, 2))).toBe("sun");
  });
  it("shows the sun on an ordinary day", () => {
    expect(brandIcon(at(2026, 7, 1))).toBe("sun");
  });
});
