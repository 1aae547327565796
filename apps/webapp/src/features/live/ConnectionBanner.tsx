import { useT } from "../../lib/i18n";
import { useLive } from "./hooks";
import { liveFeed, type LiveFeed } from "./liveStore";

/** SEED §4: the socket reconnects by itself; until then the page says so (data ages keep growing meanwhile). */
export function ConnectionBanner({ feed = liveFeed }: { feed?: LiveFeed }) {
  const t = useT();
  const connection = useLive((s) => s.connection, feed);
  if (connection !== "retrying") return null;
  return (
    <div className="alert alert-danger" role="alert">
      {t("live.connectionLost")}
    </div>
  );
}
