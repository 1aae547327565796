import type { AlertList } from "@dtu/api/alerts";
import { useI18n } from "../../lib/i18n";

/**
 * While the gateway still learns each string's usual share (a fresh history, or after the location moved far), the
 * weak-string rule cannot raise anything: said here instead of waiting silently (issue 34 §6). Nothing once learned.
 */
export function LearningNote({ learning }: Pick<AlertList, "learning">) {
  const { t, number, date } = useI18n();
  if (!learning) return null;
  const days = { days: number(learning.days), of: number(learning.of) };
  return (
    <div className="alert alert-info" role="status" data-testid="alerts-learning">
      {learning.since === null
        ? t("alerts.learning", days)
        : t("alerts.learningMoved", { ...days, date: date(learning.since * 1000) })}
    </div>
  );
}
