import { describe, expect, it } from "vitest";
import { clockDifference } from "./ManualTime";

describe("clockDifference (issue 11: the NTP page explains an hour apart)", () => {
  it("gives signed hours and minutes, rounded to the minute", () => {
    expect(clockDifference(3_600_000)).toBe("+1:00");
    expect(clockDifference(-5_400_000 - 20_000)).toBe("−1:30");
    expect(clockDifference(29_000)).toBe("+0:00");
    expect(clockDifference(-(9 * 60 + 45) * 60_000)).toBe("−9:45");
  });
});
