import { Page } from "../components/ui/Page";
import { LiveView, useLiveStatus } from "../features/live/LiveView";
import { useT } from "../lib/i18n";

/** `/` (SEED §2 "Live view"): the feed and its layout live in features/live. */
export function LiveViewScreen() {
  const t = useT();
  const { loading, error, retry } = useLiveStatus();
  return (
    <Page title={t("common.liveView")} wide loading={loading} error={error} onRetry={retry}>
      {/* live-view: stable number widths and layout containment, app.scss (issue 15 §3). */}
      <div className="live-view">
        <LiveView />
      </div>
    </Page>
  );
}
