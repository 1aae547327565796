import type { ComponentType, ReactNode } from "react";

/**
 * The gateway build's own parts inside the live view (README "Two builds", "Gateway parts in a device screen"):
 * the screen (screens/LiveView.tsx) fills them in the gateway build only. The live view renders each behind
 * `__GATEWAY_BUILD__`, so the device build carries neither the parts nor the slots. Today: today's peak and the
 * last known values (LastKnown.tsx, issue 25) from the recorded history. Next: an open alert (issue 23).
 */
export interface LiveSlots {
  /** Under the totals. */
  afterTotals?: ReactNode;
  /** Under each inverter's panel; `id` is the live view's inverter key (its serial). */
  inverter?: ComponentType<{ id: string }>;
}
