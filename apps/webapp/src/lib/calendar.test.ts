import { describe, expect, it } from "vitest";
import { addDays, addMonths, periodRange, stepPeriod } from "./calendar";

describe("calendar days (lib/calendar.ts)", () => {
  it("adds days and months across month, year and leap-day ends", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-01");
    expect(addMonths("2026-01-15", -1)).toBe("2025-12-01");
  });

  it("gives each view's range and bars", () => {
    expect(periodRange("month", "2024-02-10", 2020)).toEqual({
      from: "2024-02-01",
      to: "2024-02-29",
      interval: "day",
    });
    expect(periodRange("year", "2026-06-15", 2020)).toEqual({
      from: "2026-01-01",
      to: "2026-12-31",
      interval: "month",
    });
    expect(periodRange("all", "2026-06-15", 2023)).toEqual({
      from: "2023-01-01",
      to: "2026-12-31",
      interval: "year",
    });
  });

  it("steps a period, the month kept by the year view; all does not move", () => {
    expect(stepPeriod("day", "2026-03-01", -1)).toBe("2026-02-28");
    expect(stepPeriod("month", "2026-12-15", 1)).toBe("2027-01-01");
    expect(stepPeriod("year", "2026-05-14", 1)).toBe("2027-05-01");
    expect(stepPeriod("all", "2026-05-14", -1)).toBe("2026-05-14");
  });
});
