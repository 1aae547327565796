import { Link } from "../../lib/router";
import { paths } from "../../lib/routes";
import { useT } from "../../lib/i18n";
import { useLive } from "./hooks";
import { liveFeed, type LiveFeed } from "./liveStore";

/** SEED §2/§8 hints. API.md §3.1: `time_sync: true` means the clock is NOT synchronised. */
export function Hints({ feed = liveFeed }: { feed?: LiveFeed }) {
  const t = useT();
  const hints = useLive((s) => s.hints, feed);
  if (!hints) return null;
  return (
    <>
      {hints.radio_problem && (
        <div className="alert alert-danger" role="alert">
          {t("live.hintRadio")}
        </div>
      )}
      {hints.time_sync && (
        <div className="alert alert-warning" role="alert">
          {t("live.hintTime")}{" "}
          <Link className="alert-link" href={paths.settingsNtp}>
            {t("live.hintTimeLink")}
          </Link>
        </div>
      )}
      {hints.default_password && (
        <div className="alert alert-warning" role="alert">
          {t("live.hintPassword")}{" "}
          <Link className="alert-link" href={paths.settingsSecurity}>
            {t("live.hintPasswordLink")}
          </Link>
        </div>
      )}
    </>
  );
}
