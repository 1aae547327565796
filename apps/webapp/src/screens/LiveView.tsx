import { Page } from "../components/ui/Page";
import { TodayPeak } from "../features/history/TodayPeak";
import { LastKnownPanel, LastKnownTotals } from "../features/live/LastKnown";
import { LiveView, useLiveStatus } from "../features/live/LiveView";
import type { LiveSlots } from "../features/live/slots";
import { useT } from "../lib/i18n";
import { useGatewayFeatures } from "../lib/gatewayFeatures";

/** `/` (SEED §2 "Live view"): the feed and its layout live in features/live. */
export function LiveViewScreen() {
  const t = useT();
  const { loading, error, retry } = useLiveStatus();
  return (
    <Page title={t("common.liveView")} wide loading={loading} error={error} onRetry={retry}>
      {/* live-view: stable number widths and layout containment, app.scss (issue 15 §3). */}
      <div className="live-view">{__GATEWAY_BUILD__ ? <GatewayLiveView /> : <LiveView />}</div>
    </Page>
  );
}

/** The gateway build's live view: the device's, with the gateway's parts in its slots (features/live/slots.ts). */
function GatewayLiveView() {
  const features = useGatewayFeatures();
  // Last known values (issue 25): from the recorded history, for inverters not read since the DTU started.
  const slots: LiveSlots = features.history
    ? {
        afterTotals: (
          <>
            <TodayPeak />
            <LastKnownTotals />
          </>
        ),
        inverter: LastKnownPanel,
      }
    : {};
  return <LiveView slots={slots} />;
}
