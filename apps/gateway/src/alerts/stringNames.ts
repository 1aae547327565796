/**
 * The names of an inverter's DC strings as set in Settings > Inverters (issue 34 §2): the live document carries each
 * in its DC channel as `name: {u}` (API.md §3.1), also while the inverter is asleep. "" where none is set, so the
 * words fall back to the string's number.
 */
import type { LiveInverter } from "@dtu/api/live";

export function stringNames(inv: LiveInverter): string[] {
  const dc = inv.DC ?? {};
  const names: string[] = [];
  for (const key of Object.keys(dc)) {
    const ch = Number(key);
    if (!Number.isInteger(ch) || ch < 0 || ch > 31) continue;
    const label = (dc[key]?.name as { u?: unknown } | undefined)?.u;
    names[ch] = typeof label === "string" ? label.trim() : "";
  }
  return Array.from(names, (n) => n ?? "");
}
