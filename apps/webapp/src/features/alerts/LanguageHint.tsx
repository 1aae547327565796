import type { AlertList } from "@dtu/api/alerts";
import { useI18n } from "../../lib/i18n";
import { Link } from "../../lib/router";
import { gatewayPaths } from "../../lib/routes";

/**
 * What is sent out (MQTT, ntfy, webhook, e-mail) is in the alert language, English until someone chooses it (issue
 * 23); the screens word alerts in the page's language (issue 34 §4). An owner whose page is in another language and
 * who never opened the alert settings is pointed there; once anyone chose a language, that choice stands and no hint
 * shows.
 */
export function LanguageHint({ answer }: { answer: Pick<AlertList, "language" | "language_set"> }) {
  const { t, locale } = useI18n();
  if (answer.language_set || answer.language === locale) return null;
  return (
    <div className="alert alert-info" role="status">
      {t("alerts.languageHint")}{" "}
      <Link className="alert-link" href={gatewayPaths.settingsAlerts}>
        {t("alerts.languageHintLink")}
      </Link>
    </div>
  );
}
