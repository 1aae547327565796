import { useId, useState, type ReactNode } from "react";

export interface AccordionItem {
  key: string;
  title: ReactNode;
  content: ReactNode;
}

/** Bootstrap-look accordion; each section opens and closes on its own. `open` lists keys open at start. */
export function Accordion({
  items,
  open = [],
}: {
  items: readonly AccordionItem[];
  open?: readonly string[];
}) {
  const base = useId();
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set(open));
  const toggle = (key: string) =>
    setShown((s) => {
      const n = new Set(s);
      if (n.has(key)) n.delete(key);
      else n.add(key);
      return n;
    });
  return (
    <div className="accordion">
      {items.map((item, i) => {
        const isOpen = shown.has(item.key);
        return (
          <div className="accordion-item" key={item.key}>
            <h2 className="accordion-header">
              <button
                type="button"
                className={`accordion-button${isOpen ? "" : " collapsed"}`}
                aria-expanded={isOpen}
                aria-controls={`${base}-${i}`}
                onClick={() => toggle(item.key)}
              >
                {item.title}
              </button>
            </h2>
            <div id={`${base}-${i}`} className={`accordion-collapse collapse${isOpen ? " show" : ""}`}>
              <div className="accordion-body">{item.content}</div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
