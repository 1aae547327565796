import { uiLimits } from "@dtu/api/limits";

/** Field errors as message keys with params; an empty object means valid. */
export type Problem = { key: "serial" | "name" | "nameLen" | "min" | "range"; min?: number; max?: number };

/** SEED §5: serial required and a number (the printed serial is a run of decimal digits). */
export function checkSerial(v: string): Problem | undefined {
  return /^\d+$/.test(v.trim()) && !/^0+$/.test(v.trim()) ? undefined : { key: "serial" };
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
