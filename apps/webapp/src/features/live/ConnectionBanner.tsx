import { useT } from "../../lib/i18n";
import { useLive } from "./hooks";
import { liveFeed, type LiveFeed } from "./liveStore";

/** SEED §4: the socket reconnects by itself; until then the page says so (and whether the values still refresh). */
export function ConnectionBanner({ feed = liveFeed }: { feed?: LiveFeed }) {
  const t = useT();
  // 0: connected, 1: retrying, 2: retrying while the GET keeps the values fresh.
  const down = useLive((s) => (s.connection === "retrying" ? (s.polling ? 2 : 1) : 0), feed);
  if (!down) return null;
  // A refused socket while the GET keeps answering (API.md §9.4) is not a lost connection: values stay fresh.
  return (
    <div className={down > 1 ? "alert alert-warning" : "alert alert-danger"} role="alert">
      {t(down > 1 ? "live.pollingOnly" : "live.connectionLost")}
    </div>
  );
}
