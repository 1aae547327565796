import { timing } from "@dtu/api/limits";
import { useI18n } from "../../lib/i18n";
import { ageText } from "./format";
import { useNow } from "./hooks";
import { ageAt, type InverterEntry } from "./merge";

/**
 * "Data age: n s", ticking every second; over 300 s also the local time of the data (SEED §2, §9); "last seen" when
 * the values are not current. The only part of a panel that re-renders every second. Keeps growing while the
 * socket is down.
 */
export function DataAge({ entry, stale, never }: { entry: InverterEntry; stale?: boolean; never?: boolean }) {
  const now = useNow();
  const { t, time, hm, dateTime, locale } = useI18n();
  const age = ageAt(entry, now);
  const at = now - age * 1000;
  // Never read: the data age is the DTU's uptime (API.md §3.1), so `at` is its start, not a contact (issue 25 item 2).
  if (never) return <span>{t("live.notHeard", { time: hm(at) })}</span>;
  // Built only when shown: a page's first date formatter costs tens of ms at a slow CPU (issue 15 §2).
  const when = () => (age > 86_400 ? dateTime(at) : time(at));
  // Not current (issue 13 item 2): when the values are from and how old, in the largest fitting unit.
  if (stale) return <span>{t("live.lastSeen", { time: when(), age: ageText(age, locale) })}</span>;
  if (age <= timing.absoluteTimeAfterS) return <span>{t("live.dataAge", { s: age })}</span>;
  return <span>{t("live.dataAgeSince", { s: age, time: when() })}</span>;
}
