import { useI18n, type MessageKey } from "../../lib/i18n";
import { stateColour, type IdleWhy, type InvState, type InvStatus } from "./state";

// Each key written out: the device build renames only literal keys (scripts/pack-locales.mjs). Two tables measured
// 18 B gz less than one for states and reasons, and 56 B less than a switch.
const STATE = {
  producing: "live.stProducing",
  idle: "live.stIdle",
  lost: "live.stLost",
  asleep: "live.stAsleep",
  off: "live.stOff",
  unread: "live.stUnread",
  unknown: "live.stUnknown",
} as const satisfies Record<InvState, MessageKey>;
/** "never" has no text of its own: the plain label (no time of last contact to give). */
const WHY = {
  dark: "live.whyDark",
  limit0: "live.whyLimit0",
  night: "live.whyNight",
  setting: "live.whySetting",
} as const satisfies Record<Exclude<IdleWhy, "never" | undefined>, MessageKey>;

/** The state in words (never colour alone, issue 13 item 1); `long` adds the reason or the time of last contact. */
export function StateText({ status, long }: { status: InvStatus; long?: boolean }) {
  const { t, time, hm } = useI18n();
  const { state, why } = status;
  // Never read since the start: no time of last contact to give, the plain label.
  if (long && why && why !== "never") return t(WHY[why]);
  if (long && state === "lost" && !why) return t("live.stLostSince", { time: time(status.seen) });
  // Only the time of day of a sunrise counts: tomorrow's is within minutes of today's.
  if (long && status.back !== undefined && state === "asleep")
    return t("live.stAsleepBack", { time: hm(status.back) });
  return t(STATE[state]);
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
