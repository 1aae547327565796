/**
 * The household meter in History (issue 31 §3), pure: Home Assistant's figures from a period's production and its
 * grid energy. Home use = production + import − export; self-consumed = production − export; self-consumption % =
 * self-consumed / production; autarky % = 1 − import / home use. Null without a meter in the period (never 0).
 */
import type { HistoryEnergyRow, HistoryPower } from "@dtu/api/history";

export interface GridFigures {
  importWh: number;
  exportWh: number;
  homeWh: number;
  selfWh: number;
  /** Null without production. */
  selfPct: number | null;
  /** Null without home use. */
  autarkyPct: number | null;
}

const clampPct = (v: number): number => Math.min(100, Math.max(0, v));

export function gridFigures(
  productionWh: number | null,
  importWh: number | null,
  exportWh: number | null,
): GridFigures | null {
  if (importWh === null || exportWh === null) return null;
  const production = productionWh ?? 0;
  const selfWh = Math.max(0, production - exportWh);
  const homeWh = Math.max(0, production + importWh - exportWh);
  return {
    importWh,
    exportWh,
    homeWh,
    selfWh,
    selfPct: production > 0 ? clampPct((selfWh / production) * 100) : null,
    autarkyPct: homeWh > 0 ? clampPct((1 - importWh / homeWh) * 100) : null,
  };
}

/** A period's figures (its row), null when no meter was recorded in it. */
export const rowFigures = (r: HistoryEnergyRow): GridFigures | null =>
  gridFigures(r.total, r.import_wh ?? null, r.export_wh ?? null);

/** The sums of the periods that have a meter; null when none has. */
export function sumFigures(rows: readonly HistoryEnergyRow[]): GridFigures | null {
  const metered = rows.filter((r) => rowFigures(r) !== null);
  if (metered.length === 0) return null;
  const sum = (f: (r: HistoryEnergyRow) => number) => metered.reduce((a, r) => a + f(r), 0);
  return gridFigures(
    sum((r) => r.total),
    sum((r) => r.import_wh ?? 0),
    sum((r) => r.export_wh ?? 0),
  );
}

/** The day's home use per slot (production + grid), null where either is unknown. */
export function homeCurve(day: HistoryPower): (number | null)[] | null {
  const grid = day.grid;
  if (!grid) return null;
  return day.total.map(([, w], k) => {
    const g = grid[k]?.[1];
    return w === null || g === null || g === undefined ? null : Math.max(0, w + g);
  });
}
