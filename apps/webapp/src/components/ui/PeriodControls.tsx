/**
 * The controls of screens that show a period (History, the overview's combined energy): the view buttons (one
 * pressed), then a step back, what the screen puts between (a date picker, the period's name) and a step on. Only
 * gateway screens use them, so the device build drops them.
 */
import type { ReactNode } from "react";
import type { MessageKey } from "../../lib/i18n";
import { useI18n } from "../../lib/i18n";

export interface PeriodNavProps<V extends string> {
  /** The view group's accessible name. */
  label: string;
  views: readonly V[];
  view: V;
  text: Record<V, MessageKey>;
  onView: (view: V) => void;
  /** Stepping, when the view has periods to step through: whether the next one has begun, and the step itself. */
  step: { nextBegun: boolean; go: (dir: -1 | 1) => void } | null;
  /** Between the two steps. */
  children?: ReactNode;
}

function StepButton({ dir, disabled, onStep }: { dir: -1 | 1; disabled: boolean; onStep: () => void }) {
  const { t } = useI18n();
  return (
    <button type="button" className="btn btn-sm btn-outline-secondary" disabled={disabled} onClick={onStep}>
      {dir < 0 ? "‹" : "›"}{" "}
      <span className="visually-hidden">{t(dir < 0 ? "history.previous" : "history.next")}</span>
    </button>
  );
}

export function PeriodNav<V extends string>({
  label,
  views,
  view,
  text,
  onView,
  step,
  children,
}: PeriodNavProps<V>) {
  const { t } = useI18n();
  return (
    <>
      <div className="btn-group flex-wrap" role="group" aria-label={label}>
        {views.map((v) => (
          <button
            key={v}
            type="button"
            className={`btn btn-sm ${v === view ? "btn-primary" : "btn-outline-primary"}`}
            aria-pressed={v === view}
            onClick={() => onView(v)}
          >
            {t(text[v])}
          </button>
        ))}
      </div>
      {step && (
        <div className="d-flex align-items-center gap-1">
          <StepButton dir={-1} disabled={false} onStep={() => step.go(-1)} />
          {children}
          <StepButton dir={1} disabled={!step.nextBegun} onStep={() => step.go(1)} />
        </div>
      )}
    </>
  );
}
