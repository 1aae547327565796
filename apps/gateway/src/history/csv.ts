/** CSV downloads of the history answers (issue 14 §5): a header row, then one line per point or period. */
import type { HistoryEnergy, HistoryPower } from "@dtu/api/history";
import type { PosixTz } from "../time/posixTz.ts";
import { isoLocal } from "./days.ts";

/** RFC 4180 quoting; a leading formula character is neutralised so a spreadsheet never evaluates a name. */
function cell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: (string | number | null)[]): string => `${cells.map(cell).join(",")}\r\n`;

/** Time in the device's local time with its offset, then the total and every series in W. */
export function powerCsv(p: HistoryPower, tz: PosixTz): string {
  let out = line(["time", "total_w", ...p.series.map((s) => `${s.name} (${s.serial})`)]);
  p.total.forEach(([t, w], k) => {
    out += line([isoLocal(tz, t * 1000), w, ...p.series.map((s) => s.points[k]?.[1] ?? null)]);
  });
  return out;
}

export function energyCsv(e: HistoryEnergy): string {
  const serials = [...new Set(e.rows.flatMap((r) => Object.keys(r.inverters)))].sort();
  let out = line(["period", "total_wh", "peak_w", ...serials.map((s) => `${s}_wh`)]);
  for (const r of e.rows)
    out += line([r.period, r.total, r.peak_w, ...serials.map((s) => r.inverters[s] ?? 0)]);
  return out;
}
