/**
 * The production the energy-flow card (issue 31 §5) counts: the live view's total power, but never the device's
 * zeros for inverters not read since it started (issue 25), except when every inverter sleeps for want of sun (a
 * first start at night): then nothing is produced, and 0 W lets the card show the home's use (all from the grid)
 * rather than "–" beside an importing grid.
 */
import type { LiveState } from "./merge";
import { inverterStatus, type DeviceFacts } from "./state";

export function productionW(s: LiveState & { readonly facts: DeviceFacts }, now: number): number | null {
  const all = s.order.map((id) => inverterStatus(s.inverters[id], now, s.facts));
  if (all.some((st) => !st.never)) return s.total?.Power.v ?? null;
  const dark = (st: (typeof all)[number]) =>
    st.state === "asleep" || (st.state === "off" && st.why === "night");
  return all.length > 0 && all.every(dark) ? 0 : null;
}
