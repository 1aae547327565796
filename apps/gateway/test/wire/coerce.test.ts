import { describe, expect, it } from "vitest";
import {
  asBool,
  asFloat,
  asInt,
  asString,
  serialFromHexText,
  serialIsZero,
  serialToWire,
  truncate,
} from "../../src/wire/coerce.ts";

describe("ArduinoJson-style coercion (API.md §1.1)", () => {
  it("reads numbers given as strings, non-numeric strings as 0", () => {
    expect(asInt("5", "uint8")).toBe(5);
    // No blanks are skipped: a padded number is not entirely a number (API.md §1.1).
    expect(asInt(" 42 ", "uint16")).toBe(0);
    expect(asInt("42 ", "uint16")).toBe(0);
    expect(serialIsZero(" 114182123456")).toBe(true);
    expect(asInt("abc", "uint8")).toBe(0);
    expect(asInt("5x", "uint8")).toBe(0);
    expect(asFloat("51.25")).toBe(51.25);
    expect(asFloat("1e3")).toBe(1000);
  });

  it("reads an integer that does not fit its type as 0 and truncates fractions", () => {
    expect(asInt(300, "uint8")).toBe(0);
    expect(asInt(255, "uint8")).toBe(255);
    expect(asInt(-1, "uint16")).toBe(0);
    expect(asInt(-11, "int8")).toBe(-11);
    expect(asInt(200, "int8")).toBe(0);
    expect(asInt(12.9, "uint16")).toBe(12);
    expect(asInt(70000, "uint16")).toBe(0);
  });

  it("reads booleans: any string true, numbers != 0, null/missing false", () => {
    expect(asBool("false")).toBe(true);
    expect(asBool("")).toBe(true);
    expect(asBool(0)).toBe(false);
    expect(asBool(2)).toBe(true);
    expect(asBool(null)).toBe(false);
    expect(asBool(undefined)).toBe(false);
    expect(asBool(true)).toBe(true);
    expect(asInt(true, "uint8")).toBe(1);
  });

  it("reads strings: null/missing as the text null, numbers and booleans as text", () => {
    expect(asString(undefined)).toBe("null");
    expect(asString(null)).toBe("null");
    expect(asString(12)).toBe("12");
    expect(asString(false)).toBe("false");
    expect(asString("x")).toBe("x");
  });

  it("checks serials for zero as decimal and stores them as hex", () => {
    expect(serialIsZero("114182123456")).toBe(false);
    expect(serialIsZero(114182123456)).toBe(false);
    expect(serialIsZero("1141821234ab")).toBe(true);
    expect(serialIsZero("0")).toBe(true);
    expect(serialIsZero(undefined)).toBe(true);
    expect(serialFromHexText("114182123456")).toBe(18973052777558);
    expect(serialFromHexText(114182123456)).toBe(18973052777558);
    expect(serialFromHexText("199980112345")).toBe(28147069297477);
    expect(serialFromHexText("12zz")).toBe(0x12);
  });

  it("formats serials like the firmware: upper 32 bits %x, lower %08x", () => {
    expect(serialToWire(18973052777558)).toBe("114182123456");
    expect(serialToWire(0x12345678)).toBe("012345678");
    expect(serialToWire(0x100000001)).toBe("100000001");
  });

  it("truncates strings to their buffer size without splitting characters", () => {
    expect(truncate("abcdef", 3)).toBe("abc");
    expect(truncate("ab€", 4)).toBe("ab");
    expect(truncate("ab€", 5)).toBe("ab€");
  });
});
