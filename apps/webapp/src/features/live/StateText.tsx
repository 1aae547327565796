import { useI18n, type MessageKey } from "../../lib/i18n";
import { stateColour, type IdleWhy, type InvState, type InvStatus } from "./state";

const LABEL: Record<InvState, MessageKey> = {
  producing: "live.stProducing",
  idle: "live.stIdle",
  lost: "live.stLost",
  off: "live.stOff",
  unread: "live.stUnread",
  unknown: "live.stUnknown",
};

const WHY: Record<NonNullable<IdleWhy>, MessageKey> = {
  dark: "live.stIdleDark",
  limit0: "live.stIdleLimit",
  night: "live.stOffNight",
  setting: "live.stOffSetting",
  // Never read: no time of last contact to give.
  never: "live.stLost",
};

/** The state in words (never colour alone, issue 13 item 1); `long` adds the reason or the time of last contact. */
export function StateText({ status, long }: { status: InvStatus; long?: boolean }) {
  const { t, time } = useI18n();
  const { state, why } = status;
  if (long && why) return <>{t(WHY[why])}</>;
  if (long && state === "lost") return <>{t("live.stLostSince", { time: time(status.seen) })}</>;
  return <>{t(LABEL[state])}</>;
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
        {(Object.keys(LABEL) as InvState[]).map((state) => (
          <StateBadge key={state} status={{ state, why: undefined, seen: 0, stale: false }} />
        ))}
      </div>
    </details>
  );
}
