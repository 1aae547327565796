import { describe, expect, it } from "vitest";
import { dropIndex, moveItem, orderIds, shiftOf, sortByOrder } from "./order";

describe("inverter order", () => {
  it("sorts by order, ties by slot id, without touching the input", () => {
    const list = [
      { id: 0, order: 2 },
      { id: 1, order: 0 },
      { id: 2, order: 2 },
      { id: 3, order: 1 },
    ];
    expect(orderIds(sortByOrder(list))).toEqual([1, 3, 0, 2]);
    expect(orderIds(list)).toEqual([0, 1, 2, 3]);
  });

  it("moves an item down and up, clamping out-of-range targets", () => {
    const l = ["a", "b", "c", "d"];
    expect(moveItem(l, 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveItem(l, 3, 1)).toEqual(["a", "d", "b", "c"]);
    expect(moveItem(l, 1, -5)).toEqual(["b", "a", "c", "d"]);
    expect(moveItem(l, 1, 99)).toEqual(["a", "c", "d", "b"]);
    expect(moveItem(l, 2, 2)).toEqual(l);
    expect(l).toEqual(["a", "b", "c", "d"]);
  });

  it("finds the drop index from the drag distance and row heights", () => {
    const h = [40, 40, 40, 40];
    expect(dropIndex(0, 10, h)).toBe(0);
    expect(dropIndex(0, 21, h)).toBe(1);
    expect(dropIndex(0, 61, h)).toBe(2);
    expect(dropIndex(0, 500, h)).toBe(3);
    expect(dropIndex(3, -19, h)).toBe(3);
    expect(dropIndex(3, -21, h)).toBe(2);
    expect(dropIndex(3, -500, h)).toBe(0);
  });

  it("shifts the rows between source and target by the dragged row's height", () => {
    expect([0, 1, 2, 3].map((i) => shiftOf(i, 0, 2, 40))).toEqual([0, -40, -40, 0]);
    expect([0, 1, 2, 3].map((i) => shiftOf(i, 3, 1, 40))).toEqual([0, 40, 40, 0]);
    expect([0, 1, 2].map((i) => shiftOf(i, 1, 1, 40))).toEqual([0, 0, 0]);
  });
});
