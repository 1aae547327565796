import { useI18n } from "../../lib/i18n";
import { stateColour, type InvState, type InvStatus } from "./state";

/** "dark" → "Dark": the state's and the reason's message keys are named after them (locales/live.ts). */
const cap = <T extends string>(s: T) => (s.charAt(0).toUpperCase() + s.slice(1)) as Capitalize<T>;

/** The state in words (never colour alone, issue 13 item 1); `long` adds the reason or the time of last contact. */
export function StateText({ status, long }: { status: InvStatus; long?: boolean }) {
  const { t, time } = useI18n();
  const { state, why } = status;
  // Never read since the start: no time of last contact to give, the plain label.
  if (long && why && why !== "never") return t(`live.why${cap(why)}`);
  if (long && state === "lost" && !why) return t("live.stLostSince", { time: time(status.seen) });
  return t(`live.st${cap(state)}`);
}

/** Coloured badge with the state's text: the same colour language as the panel header. */
export function StateBadge({ status }: { status: InvStatus }) {
  return (
    <span className={`badge text-wrap text-bg-${stateColour[status.state]}`}>
      <StateText status={status} />
    </span>
  );
}

/** The colour legend: every state once, as the badges appear in the list (a disclosure, usable by touch). */
export function StateLegend() {
  const { t } = useI18n();
  return (
    <details className="small mt-2">
      <summary>{t("live.legend")}</summary>
      <div className="d-flex flex-column align-items-start gap-1 mt-1">
        {(Object.keys(stateColour) as InvState[]).map((state) => (
          <StateBadge key={state} status={{ state, why: undefined, seen: 0, stale: false }} />
        ))}
      </div>
    </details>
  );
}
