import { useEffect, useId, useRef, type ReactNode } from "react";
import { useT } from "../../lib/i18n";

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  /** Buttons of the footer; a Close button is added when omitted. */
  footer?: ReactNode;
  size?: "lg";
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Accessible dialog: role=dialog + aria-modal + aria-labelledby, focus moves in on open and back on close,
 * Tab stays inside, Escape and the backdrop close it. Renders nothing while closed.
 */
export function Modal({ open, title, onClose, children, footer, size }: ModalProps) {
  const t = useT();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box.current)?.focus();
    document.body.classList.add("modal-open");
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        close.current();
      } else if (e.key === "Tab" && box.current) {
        const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const a = items[0];
        const z = items[items.length - 1];
        if (!a || !z) return;
        if (e.shiftKey && document.activeElement === a) {
          e.preventDefault();
          z.focus();
        } else if (!e.shiftKey && document.activeElement === z) {
          e.preventDefault();
          a.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.classList.remove("modal-open");
      before?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <>
      <div className="modal-backdrop show" />
      <div
        className="modal d-block"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onMouseDown={(e) => {
          if (e.target === e.currentTarget) onClose();
        }}
      >
        <div className={`modal-dialog modal-dialog-scrollable${size ? ` modal-${size}` : ""}`}>
          <div className="modal-content" ref={box} tabIndex={-1}>
            <div className="modal-header">
              <h2 className="modal-title h5" id={titleId}>
                {title}
              </h2>
              <button type="button" className="btn-close" aria-label={t("common.close")} onClick={onClose} />
            </div>
            <div className="modal-body">{children}</div>
            <div className="modal-footer">
              {footer ?? (
                <button type="button" className="btn btn-secondary" onClick={onClose}>
                  {t("common.close")}
                </button>
              )}
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
