/**
 * What the energy-flow card shows (issue 31 §5), pure: production → home ← grid from the live production and the
 * meter's status. Sign of the meter: + import, − export (packages/api/src/meter.ts). A stale meter gives no grid
 * power and no home use (never 0): its age instead. Home use = production + grid (Home Assistant's definition).
 */
import type { MeterError, MeterStatus } from "@dtu/api/meter";

/** Below this the grid is "balanced": a meter's noise around 0 W is no flow. */
const BALANCED_W = 0.5;

export interface Flow {
  productionW: number | null;
  /** Grid power now (+ import); null while stale or never read. */
  gridW: number | null;
  homeW: number | null;
  /** The grid arrow: from the grid into the home, from the home out to the grid, neither; null: unknown. */
  direction: "import" | "export" | "balanced" | null;
  /** Set while the meter's last value is too old to be shown as now: its age. */
  staleMs: number | null;
  /** Why the last read failed (state error, or stale with a cause). */
  error: MeterError | null;
  selfConsumptionPct: number | null;
  autarkyPct: number | null;
}

export function flowOf(status: MeterStatus, productionW: number | null): Flow {
  const fresh = status.state === "ok" || status.state === "error";
  const gridW = fresh ? status.power_w : null;
  const direction =
    gridW === null ? null : gridW >= BALANCED_W ? "import" : gridW <= -BALANCED_W ? "export" : "balanced";
  return {
    productionW,
    gridW,
    homeW: gridW !== null && productionW !== null ? Math.max(0, productionW + gridW) : null,
    direction,
    staleMs: status.state === "stale" ? (status.age_ms ?? null) : null,
    error: status.error,
    selfConsumptionPct: status.today.self_consumption_pct,
    autarkyPct: status.today.autarky_pct,
  };
}
