import { useT } from "../lib/i18n";
import { dismiss, noticeStore } from "../lib/notify";
import { useStore } from "../lib/store";

/** Renders announce()d notices bottom-right; each disappears after NOTICE_MS or on close. */
export function Toasts() {
  const notices = useStore(noticeStore);
  const t = useT();
  return (
    <div className="toast-container position-fixed bottom-0 end-0 p-3" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`toast show align-items-center text-bg-${n.variant}`} role="status">
          <div className="d-flex">
            <div className="toast-body">
              {t(n.key)}
              {/* Gateway build: an alert's title, rendered as text. */}
              {__GATEWAY_BUILD__ && n.text ? ` ${n.text}` : null}
            </div>
            <button
              type="button"
              className="btn-close me-2 m-auto"
              aria-label={t("common.close")}
              onClick={() => dismiss(n.id)}
            />
          </div>
        </div>
      ))}
    </div>
  );
}
