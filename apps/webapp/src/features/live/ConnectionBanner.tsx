import { useI18n } from "../../lib/i18n";
import { useLive } from "./hooks";
import { liveFeed, type LiveFeed } from "./liveStore";

/**
 * SEED §4: the socket reconnects by itself; until then the page says so (and whether the values still refresh).
 * While nothing refreshes, it names the time the shown values are from (the newest data of any inverter).
 */
export function ConnectionBanner({ feed = liveFeed }: { feed?: LiveFeed }) {
  const { t, time } = useI18n();
  // 0: connected, 1: retrying, 2: retrying while the GET keeps the values fresh.
  const down = useLive((s) => (s.connection === "retrying" ? (s.polling ? 2 : 1) : 0), feed);
  const from = useLive(
    (s) => Math.max(0, ...Object.values(s.inverters).map((e) => e.receivedAt - e.ageAtReceiptMs)),
    feed,
  );
  if (!down) return null;
  // A refused socket while the GET keeps answering (API.md §9.4) is not a lost connection: values stay fresh.
  return (
    <div className={down > 1 ? "alert alert-warning" : "alert alert-danger"} role="alert">
      {t(down > 1 ? "live.pollingOnly" : "live.connectionLost")}
      {down < 2 && from > 0 && ` ${t("live.valuesFrom", { time: time(from) })}`}
    </div>
  );
}
