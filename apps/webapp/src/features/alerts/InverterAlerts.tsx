import { Link } from "../../lib/router";
import { gatewayPaths } from "../../lib/routes";
import { useI18n } from "../../lib/i18n";
import { severityBadge, severityText } from "./api";
import { useOpenAlerts } from "./useAlertFeed";
import { alertWords } from "./words";

/**
 * The open alerts of one inverter at the top of its live panel (the live view's `inverter` slot, features/live/slots.ts).
 * Titles are worded from each alert's kind and facts in the page's language (words.ts), rendered as text.
 */
export function InverterAlerts({ id }: { id: string }) {
  const i18n = useI18n();
  const { t, dateTime } = i18n;
  const open = (useOpenAlerts() ?? []).filter((a) => a.serial === id);
  if (open.length === 0) return null;
  return (
    <div className="alert alert-warning mb-3" role="status">
      <div className="fw-semibold mb-1">
        <Link href={gatewayPaths.alerts} className="alert-link">
          {t("alerts.inverterOpen")}
        </Link>
      </div>
      <ul className="list-unstyled mb-0">
        {open.map((a) => (
          <li key={a.id}>
            <span className={`badge me-2 ${severityBadge[a.severity]}`}>{t(severityText[a.severity])}</span>
            {alertWords(i18n, a).title}{" "}
            <small className="text-body-secondary">
              {t("alerts.started", { time: dateTime(a.started * 1000) })}
            </small>
          </li>
        ))}
      </ul>
    </div>
  );
}
