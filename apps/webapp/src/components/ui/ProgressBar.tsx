import { useI18n } from "../../lib/i18n";

/** A labelled progress bar in percent (an upload, a file being checked); `spaced` adds room below it. */
export function ProgressBar({ percent, spaced }: { percent: number; spaced?: boolean }) {
  const { t, number } = useI18n();
  return (
    <div
      className={spaced ? "progress mb-3" : "progress"}
      role="progressbar"
      aria-label={t("common.progress")}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="progress-bar" style={{ width: `${percent}%` }}>
        {t("common.percent", { value: number(percent) })}
      </div>
    </div>
  );
}
