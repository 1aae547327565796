/** Pure list logic of the inverter table (API.md §3.9: the list comes in slot order; the UI sorts). */

/** A copy sorted by `order`, ties by slot id so the result is stable. */
export function sortByOrder<T extends { id: number; order: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.order - b.order || a.id - b.id);
}

/** A copy with the item at `from` moved to `to` (both clamped into the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const n = list.length;
  if (n === 0) return [];
  const f = Math.max(0, Math.min(n - 1, from));
  const t = Math.max(0, Math.min(n - 1, to));
  const out = [...list];
  const [item] = out.splice(f, 1);
  out.splice(t, 0, item as T);
  return out;
}

/**
 * Where a dragged row lands: `from` is its index, `dy` how far it was moved, `heights` the row heights.
 * It passes a neighbour once its centre crosses the neighbour's middle.
 */
export function dropIndex(from: number, dy: number, heights: readonly number[]): number {
  let to = from;
  if (dy > 0) {
    let travelled = 0;
    for (let i = from + 1; i < heights.length; i++) {
      const h = heights[i] ?? 0;
      if (dy > travelled + h / 2) {
        to = i;
        travelled += h;
      } else break;
    }
  } else if (dy < 0) {
    let travelled = 0;
    for (let i = from - 1; i >= 0; i--) {
      const h = heights[i] ?? 0;
      if (-dy > travelled + h / 2) {
        to = i;
        travelled += h;
      } else break;
    }
  }
  return to;
}

/** How far row `i` shifts while row `from` is dragged to `to` (it makes room by the dragged row's height). */
export function shiftOf(i: number, from: number, to: number, draggedHeight: number): number {
  if (from < to && i > from && i <= to) return -draggedHeight;
  if (from > to && i < from && i >= to) return draggedHeight;
  return 0;
}

/** The body of POST /api/inverter/order: slot ids in display order. */
export function orderIds(list: readonly { id: number }[]): number[] {
  return list.map((i) => i.id);
}
