/**
 * Sharing a change among inverters so that as few as possible change (issue 32 §2): the one with the most room goes
 * first and takes all it can; only the last one changed stops between its min and max. Pure.
 */
import type { LimitOrder, Why } from "./types.ts";

export interface Room {
  serial: string;
  /** The limit now. */
  from_w: number;
  /** Where the change starts from (the output for a cut of the output, the limit otherwise). */
  base_w: number;
  /** How far it may go from `base_w` (W, ≥ 0). */
  room_w: number;
}

/** Orders moving the inverters by `watts` in total, `sign` −1 (down) or +1 (up); whole watts, none under 1 W. */
export function share(rooms: readonly Room[], watts: number, sign: 1 | -1, why: Why): LimitOrder[] {
  const orders: LimitOrder[] = [];
  let left = watts;
  for (const r of [...rooms].filter((x) => x.room_w >= 1).sort((a, b) => b.room_w - a.room_w)) {
    if (left < 1) break;
    const step = Math.min(r.room_w, left);
    // Cuts round down and raises round down too: never more output than asked for.
    const to = sign < 0 ? Math.floor(r.base_w - step) : Math.floor(r.base_w + step);
    left -= step;
    if (Math.abs(to - r.from_w) < 1) continue;
    orders.push({ serial: r.serial, from_w: r.from_w, to_w: to, type: 0, why });
  }
  return orders;
}
