import { useEffect, useId, useRef, useState, type ReactNode } from "react";

export interface DropdownProps {
  /** Content of the toggle button. */
  label: ReactNode;
  /** Accessible name when the label is only an icon. */
  ariaLabel?: string;
  /** Render the items; call close() after an item is chosen. */
  children: (close: () => void) => ReactNode;
  /** Align the menu to the right edge (items at the end of the navbar). */
  end?: boolean;
  /** Rendered inside a navbar: nav-link look instead of a button look. */
  nav?: boolean;
}

/** Minimal dropdown: toggle button, closes on outside click, Escape or close(). */
export function Dropdown({ label, ariaLabel, children, end = false, nav = false }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  const body = (
    <>
      <button
        type="button"
        className={nav ? "nav-link dropdown-toggle" : "btn btn-link nav-link dropdown-toggle"}
        aria-expanded={open}
        aria-controls={id}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      <ul id={id} className={`dropdown-menu${end ? " dropdown-menu-end" : ""}${open ? " show" : ""}`}>
        {children(() => setOpen(false))}
      </ul>
    </>
  );
  const setRoot = (el: HTMLElement | null) => {
    root.current = el;
  };
  return nav ? (
    <li className="nav-item dropdown" ref={setRoot}>
      {body}
    </li>
  ) : (
    <div className="dropdown" ref={setRoot}>
      {body}
    </div>
  );
}
