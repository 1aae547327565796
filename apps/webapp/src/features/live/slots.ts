import type { ComponentType, ReactNode } from "react";
import type { TotalCardProps } from "./Totals";

/**
 * The gateway build's own parts inside the live view (README "Two builds", "Gateway parts in a device screen"):
 * the screen (screens/LiveView.tsx) fills them in the gateway build only. The live view renders each behind
 * `__GATEWAY_BUILD__`, so the device build carries neither the parts nor the slots. Today: today's peak and the
 * last known values (LastKnown.tsx, issue 25) from the recorded history, and an inverter's open alerts (issue 23).
 */
export interface LiveSlots {
  /** The total yield's card (Totals.tsx `TotalCard` or one that shows the last known total at night, issue 34 §9). */
  totalYield?: ComponentType<TotalCardProps>;
  /** Under the totals. */
  afterTotals?: ReactNode;
  /** At the top of each inverter's panel, under its header; `id` is the live view's inverter key (its serial). */
  inverter?: ComponentType<{ id: string }>;
}
