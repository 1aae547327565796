/** Pure decoders and formatters of the live view and its dialogs (SEED §3, §5; API.md §3.4–§3.7, §7 #21). */
import type { LimitType } from "@dtu/api/live";
import { uiLimits } from "@dtu/api/limits";

/**
 * The decimals each unit has on the device (API.md §3.1), for a value that arrives without its `d`; W, V, °C and var
 * (and units we do not know) have 1.
 */
const UNIT_DECIMALS: Record<string, number> = { A: 2, Hz: 2, Wh: 0, kWh: 3, "": 3, "%": 3 };

/**
 * Decimals of a value: its `d`, or, when some 2022 firmware left it out (or sent nonsense), the decimals its unit
 * usually has (issue 21 item 6), so the value is never blank; 1 for a unit we do not know.
 */
export const decimalsOf = (d: number | undefined, u: string): number =>
  (d as number) >= 0 ? (d as number) : (UNIT_DECIMALS[u] ?? 1);

/** Firmware version raw value → "major.minor.patch": major = v/10000, minor = (v/100)%100, patch = v%100 (§3.5). */
export function decodeVersion(v: number): string {
  const n = Math.max(0, Math.trunc(v));
  return `${Math.floor(n / 10000)}.${Math.floor(n / 100) % 100}.${n % 100}`;
}

/**
 * Production year and week from the serial (API.md §7 #21): the seed's "top 4 bits" are those of the low 32-bit
 * word, i.e. the 5th hex digit of a 12-digit serial, + 2014; the week is the next two hex digits, shown as they are.
 */
export function productionDate(serial: string): { year: number; week: string } | undefined {
  if (!/^[0-9a-fA-F]+$/.test(serial)) return undefined;
  const low = serial.padStart(8, "0").slice(-8);
  return { year: 2014 + parseInt(low.charAt(0), 16), week: low.slice(1, 3) };
}

/** Seconds of the day → hh:mm:ss; values above a day keep counting hours (API.md §3.4 edge case). */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.trunc(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

/** Grid profile bytes as rows of 16 two-digit hex values; empty when there are none or all are zero (§3.6). */
export function hexRows(raw: readonly number[] | undefined): string[] {
  if (!raw || raw.length === 0 || raw.every((b) => b === 0)) return [];
  const rows: string[] = [];
  for (let i = 0; i < raw.length; i += 16) {
    rows.push(
      raw
        .slice(i, i + 16)
        .map((b) => (b & 0xff).toString(16).toUpperCase().padStart(2, "0"))
        .join(" "),
    );
  }
  return rows;
}

export type LimitKind = "relative" | "absolute";

/**
 * limit_type of POST /api/limit/config (SEED §5, API.md §3.7): 1 relative / 0 absolute, +256 when persistent.
 * `newNumbering`: firmware from v25.9.11 uses 2/3 for the persistent kinds instead (API.md §9.7).
 */
export function limitType(kind: LimitKind, persistent: boolean, newNumbering = false): LimitType {
  const base = kind === "relative" ? 1 : 0;
  if (!persistent) return base;
  // base + 2 is 2 or 3, base + 256 is 256 or 257: LimitType's members.
  return (newNumbering ? base + 2 : base + 256) as LimitType;
}

/** Allowed limit range (SEED §5): relative 2–100 %, absolute 10 W to max_power, or 2250 W when unknown (0). */
export function limitRange(kind: LimitKind, maxPower: number): { min: number; max: number } {
  if (kind === "relative") return { ...uiLimits.limitRelative };
  const a = uiLimits.limitAbsolute;
  return { min: a.min, max: maxPower > 0 ? maxPower : a.maxUnknown };
}

/** True when `value` is a number inside the range of `kind`. */
export function limitValid(kind: LimitKind, maxPower: number, value: number): boolean {
  const r = limitRange(kind, maxPower);
  return Number.isFinite(value) && value >= r.min && value <= r.max;
}

/**
 * An age in seconds in its largest whole unit, the locale's short form ("5 min", "3 hr", "2 j"); seconds as "12 s",
 * the panel header's form (live.dataAge), not Intl's "12 sec" (issue 34 §13).
 */
export function ageText(s: number, locale: string): string {
  if (s < 60) return `${s} s`;
  const [n, unit] = s < 3600 ? [s / 60, "minute"] : s < 86_400 ? [s / 3600, "hour"] : [s / 86_400, "day"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short" }).format(Math.floor(n));
}
