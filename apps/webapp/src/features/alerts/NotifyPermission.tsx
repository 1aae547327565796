import { useState } from "react";
import { useT } from "../../lib/i18n";

type Permission = NotificationPermission | "unsupported";

const current = (): Permission =>
  typeof Notification === "undefined" ? "unsupported" : Notification.permission;

/** The owner allows system notifications here (a browser asks only after a click); the toasts need no permission. */
export function NotifyPermission() {
  const t = useT();
  const [permission, setPermission] = useState<Permission>(current);
  const ask = () =>
    void Notification.requestPermission().then(
      (p) => setPermission(p),
      () => setPermission(current()),
    );
  return (
    <section className="card mb-3" aria-labelledby="alerts-notify">
      <div className="card-body">
        <h2 className="h6 card-title" id="alerts-notify">
          {t("alerts.notifyTitle")}
        </h2>
        <p className="card-text small text-body-secondary">{t("alerts.notifyHint")}</p>
        {permission === "default" && (
          <button type="button" className="btn btn-primary btn-sm" onClick={ask}>
            {t("alerts.notifyAsk")}
          </button>
        )}
        {permission === "granted" && <p className="card-text mb-0">{t("alerts.notifyOn")}</p>}
        {permission === "denied" && <p className="card-text mb-0">{t("alerts.notifyDenied")}</p>}
        {permission === "unsupported" && <p className="card-text mb-0">{t("alerts.notifyNone")}</p>}
      </div>
    </section>
  );
}
