import { timing } from "@dtu/api/limits";
import { useI18n } from "../../lib/i18n";
import { useNow } from "./hooks";
import { ageAt, type InverterEntry } from "./merge";

/**
 * "Data age: n s", ticking every second; over 300 s also the local time of the data (SEED §2, §9). The only part of
 * a panel that re-renders every second. Keeps growing while the socket is down.
 */
export function DataAge({ entry }: { entry: InverterEntry }) {
  const now = useNow();
  const { t, time, dateTime } = useI18n();
  const age = ageAt(entry, now);
  if (age <= timing.absoluteTimeAfterS) return <span>{t("live.dataAge", { s: age })}</span>;
  const at = now - age * 1000;
  const when = age > 86_400 ? dateTime(at) : time(at);
  return <span>{t("live.dataAgeSince", { s: age, time: when })}</span>;
}
