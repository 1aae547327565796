/** Shared steps of the HTTP readers: an answer's JSON, the config's unit and sign. */
import type { MeterUnit } from "@dtu/api/meter";
import { fail } from "../failure.ts";

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return fail("not_json", {});
  }
}

/** W from the meter's unit, turned round when the meter counts export as positive; -0 becomes 0. */
export function scaled(value: number, unit: MeterUnit, invert: boolean): number {
  const w = (unit === "kW" ? value * 1000 : value) * (invert ? -1 : 1);
  return w === 0 ? 0 : w;
}

/** A number as text for the test's "found" (no float noise such as 0.30000000000000004). */
export function shown(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
