/**
 * How the firmware reads posted JSON values (API.md §1.1): ArduinoJson 6 converts each value when it is read, so a
 * number may arrive as a string, an out-of-range integer reads as 0, any string reads as boolean true, and a missing
 * string reads as the 4-character text "null". Every POST handler reads its fields through these functions.
 */

/** JSON value as produced by JSON.parse. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type JsonObject = { [key: string]: Json };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A value read as a number (float): numbers as is, numeric strings parsed, booleans 1/0, anything else 0. */
export function asFloat(value: Json | undefined): number {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  // ArduinoJson's number parser skips no blanks: " 5" is not entirely a number and reads as 0 (API.md §1.1).
  if (typeof value === "string") return NUMERIC_TEXT.test(value) ? Number(value) : 0;
  return 0;
}

/**
 * asFloat for a value that must be a real number within ±`limit`: undefined for the infinities a text such as "1e999"
 * reads as, and for absurd values, so the caller refuses them instead of storing null or a default (issue 11).
 */
export function finiteFloat(value: Json | undefined, limit: number): number | undefined {
  const f = asFloat(value);
  return Number.isFinite(f) && Math.abs(f) <= limit ? f : undefined;
}

export type IntKind = "uint8" | "uint16" | "uint32" | "uint64" | "int8" | "int16" | "int32";

const RANGES: Record<IntKind, [number, number]> = {
  uint8: [0, 0xff],
  uint16: [0, 0xffff],
  uint32: [0, 0xffffffff],
  uint64: [0, Number.MAX_SAFE_INTEGER],
  int8: [-0x80, 0x7f],
  int16: [-0x8000, 0x7fff],
  int32: [-0x80000000, 0x7fffffff],
};

/** A value read as an integer of the given C type: fractions truncate, a value that does not fit reads as 0. */
export function asInt(value: Json | undefined, kind: IntKind): number {
  const f = asFloat(value);
  if (!Number.isFinite(f)) return 0;
  const t = Math.trunc(f);
  const [min, max] = RANGES[kind];
  return t < min || t > max ? 0 : t;
}

/** true/false as is; numbers != 0; null/missing false; any string true (API.md §1.1). */
export function asBool(value: Json | undefined): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string") return true;
  return false;
}

/** Strings as is; numbers and booleans as their text; null/missing as the text "null"; containers as JSON. */
export function asString(value: Json | undefined): string {
  if (value === undefined || value === null) return "null";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** Length as the firmware counts it: bytes of the UTF-8 text. */
export function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** Cuts a text to fit a C buffer of `max` characters (bytes), never splitting a UTF-8 sequence. */
export function truncate(text: string, max: number): string {
  if (byteLength(text) <= max) return text;
  const bytes = Buffer.from(text, "utf8").subarray(0, max);
  // Drop a trailing partial multi-byte sequence so the result stays valid text.
  let end = bytes.length;
  while (end > 0 && ((bytes[end - 1] ?? 0) & 0xc0) === 0x80) end--;
  if (end > 0 && ((bytes[end - 1] ?? 0) & 0x80) !== 0) {
    const lead = bytes[end - 1] ?? 0;
    const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
    if (bytes.length - (end - 1) < need) end -= 1;
    else end = bytes.length;
  } else {
    end = bytes.length;
  }
  return bytes.subarray(0, end).toString("utf8");
}

/**
 * The serial "zero check" (API.md §1.1): the value is read as a decimal uint64, so a text with hex letters reads as
 * 0 and fails.
 */
export function serialIsZero(value: Json | undefined): boolean {
  return asInt(value, "uint64") === 0 && !bigDecimalNonZero(value);
}

/** Decimal texts beyond 2^53 are still non-zero on the device (uint64). */
function bigDecimalNonZero(value: Json | undefined): boolean {
  if (typeof value === "string" && /^\+?\d+$/.test(value)) {
    const big = BigInt(value);
    return big > 0n && big <= 0xffffffffffffffffn;
  }
  return false;
}

/**
 * The stored serial: the value's text re-parsed as hex like strtoll(text, NULL, 16) — leading blanks and an
 * optional 0x skipped, digits read until the first non-hex character. Returns the integer value (config.json form).
 */
export function serialFromHexText(value: Json | undefined): number {
  let text = asString(value).trimStart();
  let negative = false;
  if (text.startsWith("+") || text.startsWith("-")) {
    negative = text.startsWith("-");
    text = text.slice(1);
  }
  if (/^0[xX][0-9a-fA-F]/.test(text)) text = text.slice(2);
  const match = /^[0-9a-fA-F]+/.exec(text);
  if (!match) return 0;
  let big = BigInt(`0x${match[0]}`);
  const llMax = 0x7fffffffffffffffn;
  if (big > llMax) big = llMax;
  if (negative) big = (0x10000000000000000n - big) & 0xffffffffffffffffn;
  // Serials are 48-bit on the device; anything wider cannot be a real serial. Keep the low 48 bits so the number
  // stays exact in JSON (all values below 2^53).
  return Number(big & 0xffffffffffffn);
}

export { serialToWire } from "./serial.ts";

/** A wire serial (hex-digit text) back to its integer value; NaN-safe (0 for junk). */
export function serialFromWire(text: string): number {
  return serialFromHexText(text);
}
