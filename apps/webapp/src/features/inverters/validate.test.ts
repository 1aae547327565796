import { describe, expect, it } from "vitest";
import { checkChannelName, checkName, checkNonNegative, checkSerial, checkThreshold } from "./validate";

describe("inverter field rules (SEED §5)", () => {
  it("serial: required, digits only, not zero", () => {
    expect(checkSerial("114182123456")).toBeUndefined();
    for (const bad of ["", " ", "0", "000", "11418x", "-5", "1.5"]) expect(checkSerial(bad)).toBeDefined();
  });
  it("name: 1 to 31 characters; string names up to 31, may be empty", () => {
    expect(checkName("")).toEqual({ key: "name", max: 31 });
    expect(checkName("x".repeat(31))).toBeUndefined();
    expect(checkName("x".repeat(32))).toBeDefined();
    expect(checkChannelName("")).toBeUndefined();
    expect(checkChannelName("x".repeat(32))).toEqual({ key: "nameLen", max: 31 });
  });
  it("max power whole and ≥ 0, yield offset ≥ 0 with decimals, threshold 1–100", () => {
    expect(checkNonNegative("0", true)).toBeUndefined();
    expect(checkNonNegative("1.5", true)).toBeDefined();
    expect(checkNonNegative("1.5", false)).toBeUndefined();
    expect(checkNonNegative("-1", false)).toBeDefined();
    expect(checkNonNegative("", false)).toBeDefined();
    expect(checkThreshold("1")).toBeUndefined();
    expect(checkThreshold("100")).toBeUndefined();
    expect(checkThreshold("0")).toBeDefined();
    expect(checkThreshold("101")).toBeDefined();
    expect(checkThreshold("2.5")).toBeDefined();
  });
});
