import { useRef, useState, type CSSProperties, type PointerEvent } from "react";
import { dropIndex, shiftOf } from "./order";

interface Drag {
  from: number;
  to: number;
  dy: number;
  heights: number[];
}

/** SEED §9: rows make room with a 150 ms animation while one is dragged. */
const SHIFT = "transform 150ms ease";

/**
 * A small pointer-driven sortable for table rows (mouse, pen and touch alike): the dragged row follows the
 * pointer, the others slide aside, and `onDrop(from, to)` fires on release. Keyboard moving is the caller's
 * (arrow keys on the handle), so this only covers pointers.
 */
export function useSortable(count: number, onDrop: (from: number, to: number) => void) {
  const rows = useRef<(HTMLElement | null)[]>([]);
  const startY = useRef(0);
  const [drag, setDrag] = useState<Drag | null>(null);

  const handleProps = (i: number) => ({
    onPointerDown(e: PointerEvent<HTMLElement>) {
      if (e.button !== 0) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture?.(e.pointerId);
      startY.current = e.clientY;
      const heights = Array.from(
        { length: count },
        (_, k) => rows.current[k]?.getBoundingClientRect().height ?? 0,
      );
      setDrag({ from: i, to: i, dy: 0, heights });
    },
    onPointerMove(e: PointerEvent<HTMLElement>) {
      if (!drag) return;
      const dy = e.clientY - startY.current;
      setDrag({ ...drag, dy, to: dropIndex(drag.from, dy, drag.heights) });
    },
    onPointerUp() {
      if (!drag) return;
      setDrag(null);
      if (drag.to !== drag.from) onDrop(drag.from, drag.to);
    },
    onPointerCancel() {
      setDrag(null);
    },
    style: { touchAction: "none", cursor: drag ? "grabbing" : "grab" } satisfies CSSProperties,
  });

  const rowProps = (i: number) => ({
    ref: (el: HTMLElement | null) => {
      rows.current[i] = el;
    },
    style: rowStyle(i),
    "data-dragging": drag?.from === i ? "true" : undefined,
  });

  function rowStyle(i: number): CSSProperties | undefined {
    if (!drag) return undefined;
    if (i === drag.from) {
      return { transform: `translateY(${drag.dy}px)`, position: "relative", zIndex: 2, opacity: 0.85 };
    }
    return {
      transform: `translateY(${shiftOf(i, drag.from, drag.to, drag.heights[drag.from] ?? 0)}px)`,
      transition: SHIFT,
    };
  }

  return { handleProps, rowProps, dragging: drag !== null };
}
