import { uiLimits } from "@dtu/api/limits";

/** Field errors as message keys with params; an empty object means valid. */
export type Problem = {
  key: "serial" | "duplicate" | "name" | "nameLen" | "min" | "range";
  min?: number;
  max?: number;
};

/**
 * SEED §5: serial required and a number (the printed serial is a run of decimal digits); not one already configured
 * (`taken`, the list's serials), which the device would accept twice (issue 11).
 */
export function checkSerial(v: string, taken: readonly string[] = []): Problem | undefined {
  const s = v.trim();
  if (!/^\d+$/.test(s) || /^0+$/.test(s)) return { key: "serial" };
  return taken.some((t) => t.replace(/^0+/, "") === s.replace(/^0+/, "")) ? { key: "duplicate" } : undefined;
}

/**
 * Whether a serial belongs to a known model (API.md §4.1, the type rules condensed to the first four digits of the
 * 12-digit serial): the device never talks to any other, so the page says so before it is added.
 */
export function knownModel(serial: string): boolean {
  return /^(13(61|82)|11(64|44|24|25)|10[246]2|.1[246].)\d{8}$/.test(serial.trim());
}

/** SEED §5: inverter name required, at most 31 characters. */
export function checkName(v: string): Problem | undefined {
  const max = uiLimits.inverterName.max;
  return v.length === 0 || v.length > max ? { key: "name", max } : undefined;
}

/** String (channel) name: optional, at most 31 characters. */
export function checkChannelName(v: string): Problem | undefined {
  const max = uiLimits.channelName.max;
  return v.length > max ? { key: "nameLen", max } : undefined;
}

/** A number ≥ 0 (max power in W must be whole, the yield offset may have decimals). */
export function checkNonNegative(v: string, integer: boolean): Problem | undefined {
  const n = Number(v);
  const ok = v.trim() !== "" && Number.isFinite(n) && n >= 0 && (!integer || Number.isInteger(n));
  return ok ? undefined : { key: "min", min: 0 };
}

/** Reachable threshold: whole number 1–100 (SEED §5). */
export function checkThreshold(v: string): Problem | undefined {
  const { min, max } = uiLimits.reachableThreshold;
  const n = Number(v);
  return v.trim() !== "" && Number.isInteger(n) && n >= min && n <= max
    ? undefined
    : { key: "range", min, max };
}
