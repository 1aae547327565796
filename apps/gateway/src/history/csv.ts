/** CSV downloads of the history answers (issue 14 §5): a header row, then one line per point or period. */
import type { HistoryEnergy, HistoryPower } from "@dtu/api/history";
import type { PosixTz } from "../time/posixTz.ts";
import { isoLocal } from "./days.ts";

/**
 * The characters that make a spreadsheet read a cell as a formula when it starts with one (OWASP "CSV Injection"):
 * `=`, `+`, `-`, `@`, and TAB and CR, which some programs skip before looking for the formula sign.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell, RFC 4180 quoted. A text starting with a formula character gets a leading `'` (shown by spreadsheets as
 * text, the value kept readable) and is always quoted, as OWASP advises, so no program sees it as a formula.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const neutralised = FORMULA_START.test(value);
  const safe = neutralised ? `'${value}` : value;
  return neutralised || /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: (string | number | null)[]): string => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * Time in the device's local time with its offset, then the total, the household meter's power (`grid_w`, + import,
 * issue 31 §4; empty without a meter) and every series in W. Names are cells like any other: `csvCell` guards them.
 */
export function powerCsv(p: HistoryPower, tz: PosixTz): string {
  let out = line(["time", "total_w", "grid_w", ...p.series.map((s) => `${s.name} (${s.serial})`)]);
  p.total.forEach(([t, w], k) => {
    const grid = p.grid?.[k]?.[1] ?? null;
    out += line([isoLocal(tz, t * 1000), w, grid, ...p.series.map((s) => s.points[k]?.[1] ?? null)]);
  });
  return out;
}

/** Per period the fleet's energy and peak, the meter's import, export and home use (empty without), each inverter. */
export function energyCsv(e: HistoryEnergy): string {
  const serials = [...new Set(e.rows.flatMap((r) => Object.keys(r.inverters)))].sort();
  const head = ["period", "total_wh", "peak_w", "import_wh", "export_wh", "home_wh"];
  let out = line([...head, ...serials.map((s) => `${s}_wh`)]);
  for (const r of e.rows)
    out += line([
      r.period,
      r.total,
      r.peak_w,
      r.import_wh,
      r.export_wh,
      r.home_wh,
      ...serials.map((s) => r.inverters[s] ?? 0),
    ]);
  return out;
}
