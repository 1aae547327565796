import { useI18n } from "../../lib/i18n";
import { useOpenAlerts } from "./useAlertFeed";

/**
 * The number of open alerts after the menu's "Alerts" (issue 23 §4). Being in the menu, it also keeps the alert
 * feed running on every page: toasts and system notifications for the stream's messages (useAlertFeed.ts).
 */
export function OpenAlertsBadge() {
  const { t, number } = useI18n();
  const open = useOpenAlerts();
  if (!open || open.length === 0) return null;
  const critical = open.some((a) => a.severity === "critical");
  return (
    <span
      className={`badge rounded-pill ms-1 ${critical ? "text-bg-danger" : "text-bg-warning"}`}
      data-testid="open-alerts"
    >
      <span aria-hidden="true">{number(open.length)}</span>
      {/* Read after the menu text: "Alerts, open alerts: 2". */}
      <span className="visually-hidden">{`, ${t("alerts.badge", { count: number(open.length) })}`}</span>
    </span>
  );
}
