import { describe, expect, it } from "vitest";
import { inverterType } from "@dtu/api/inverterType";
import {
  checkChannelName,
  checkName,
  checkNonNegative,
  checkSerial,
  checkThreshold,
  knownModel,
} from "./validate";

describe("inverter field rules (SEED §5)", () => {
  it("serial: required, digits only, not zero", () => {
    expect(checkSerial("114182123456")).toBeUndefined();
    for (const bad of ["", " ", "0", "000", "11418x", "-5", "1.5"])
      expect(checkSerial(bad)).toEqual({ key: "serial" });
  });
  it("name: 1 to 31 characters; string names up to 31, may be empty", () => {
    expect(checkName("")).toEqual({ key: "name", max: 31 });
    expect(checkName("x".repeat(31))).toBeUndefined();
    expect(checkName("x".repeat(32))).toEqual({ key: "name", max: 31 });
    expect(checkChannelName("")).toBeUndefined();
    expect(checkChannelName("x".repeat(32))).toEqual({ key: "nameLen", max: 31 });
  });
  it("max power whole and ≥ 0, yield offset ≥ 0 with decimals, threshold 1–100", () => {
    expect(checkNonNegative("0", true)).toBeUndefined();
    expect(checkNonNegative("1.5", true)).toEqual({ key: "min", min: 0 });
    expect(checkNonNegative("1.5", false)).toBeUndefined();
    expect(checkNonNegative("-1", false)).toEqual({ key: "min", min: 0 });
    expect(checkNonNegative("", false)).toEqual({ key: "min", min: 0 });
    expect(checkThreshold("1")).toBeUndefined();
    expect(checkThreshold("100")).toBeUndefined();
    expect(checkThreshold("0")).toEqual({ key: "range", min: 1, max: 100 });
    expect(checkThreshold("101")).toEqual({ key: "range", min: 1, max: 100 });
    expect(checkThreshold("2.5")).toEqual({ key: "range", min: 1, max: 100 });
  });
});

describe("serials already configured or of no known model (issue 11)", () => {
  it("refuses a serial that is in the list, leading zeros aside", () => {
    expect(checkSerial("114182123456", ["116112345678", "114182123456"])?.key).toBe("duplicate");
    expect(checkSerial("114182123456", ["116112345678"])).toBeUndefined();
  });
  it("knows the same models as the contract's type table (API.md §4.1)", () => {
    const samples = ["136100000001", "138212345678", "116412345678", "114412345678", "112412345678"];
    samples.push("112512345678", "106212345678", "104212345678", "102212345678", "116112345678");
    samples.push("114182123456", "412212345678", "999999999999", "123456789012", "12345", "000000000001");
    for (const s of samples) expect(knownModel(s), s).toBe(inverterType(s) !== null);
  });
});
