import { useI18n } from "../../lib/i18n";

/** An upload's progress bar with its percentage written in (firmware upgrade, configuration restore). */
export function ProgressBar({ percent, className = "progress" }: { percent: number; className?: string }) {
  const { t, number } = useI18n();
  return (
    <div
      className={className}
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
