import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export interface TabItem {
  key: string;
  title: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Vertical pills (the live view's inverter list) instead of horizontal tabs. */
  vertical?: boolean;
  /** Controlled active key; uncontrolled starts at the first tab. */
  active?: string;
  onChange?: (key: string) => void;
}

/** WAI-ARIA tabs: arrow keys move between tabs, only the active panel is rendered. */
export function Tabs({ items, vertical = false, active, onChange }: TabsProps) {
  const base = useId();
  const [own, setOwn] = useState(items[0]?.key);
  const current = items.some((i) => i.key === (active ?? own)) ? (active ?? own) : items[0]?.key;
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const select = (key: string) => {
    setOwn(key);
    onChange?.(key);
  };
  const onKey = (e: KeyboardEvent, index: number) => {
    const next = vertical ? "ArrowDown" : "ArrowRight";
    const prev = vertical ? "ArrowUp" : "ArrowLeft";
    let to = -1;
    if (e.key === next) to = (index + 1) % items.length;
    else if (e.key === prev) to = (index - 1 + items.length) % items.length;
    else if (e.key === "Home") to = 0;
    else if (e.key === "End") to = items.length - 1;
    const item = items[to];
    if (!item) return;
    e.preventDefault();
    select(item.key);
    refs.current.get(item.key)?.focus();
  };
  const panel = items.find((i) => i.key === current);
  return (
    <div className={vertical ? "d-flex flex-column flex-md-row gap-3" : ""}>
      <div
        className={vertical ? "nav flex-md-column nav-pills flex-shrink-0" : "nav nav-tabs mb-3"}
        role="tablist"
        aria-orientation={vertical ? "vertical" : "horizontal"}
      >
        {items.map((item, i) => (
          <button
            key={item.key}
            ref={(el) => {
              if (el) refs.current.set(item.key, el);
              else refs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={`${base}-t-${i}`}
            aria-controls={`${base}-p-${i}`}
            aria-selected={item.key === current}
            tabIndex={item.key === current ? 0 : -1}
            className={`nav-link${item.key === current ? " active" : ""}`}
            onClick={() => select(item.key)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {item.title}
          </button>
        ))}
      </div>
      {panel && (
        <div
          className="flex-grow-1 min-w-0"
          role="tabpanel"
          id={`${base}-p-${items.indexOf(panel)}`}
          aria-labelledby={`${base}-t-${items.indexOf(panel)}`}
          tabIndex={0}
        >
          {panel.content}
        </div>
      )}
    </div>
  );
}
