import { Page } from "../components/ui/Page";
import { InverterAlerts } from "../features/alerts/InverterAlerts";
import { TodayPeak } from "../features/history/TodayPeak";
import { LastKnownPanel, LastKnownTotals, LastKnownYieldCard } from "../features/live/LastKnown";
import { liveFeed } from "../features/live/liveStore";
import { LiveView, useLiveStatus } from "../features/live/LiveView";
import { EnergyFlow, type Readable } from "../features/meter/EnergyFlow";
import { productionW } from "../features/live/production";
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
  // Last known values (issue 25) from the recorded history, for inverters not read since the DTU started; open
  // alerts (issue 23) at the top of their inverter's panel.
  // The household meter's energy flow (issue 31 §5) above the inverters.
  const slots: LiveSlots = {
    afterTotals: (
      <>
        {features.history && (
          <>
            <TodayPeak />
            <LastKnownTotals />
          </>
        )}
        {features.meter && <EnergyFlow production={production} />}
      </>
    ),
    ...(features.history ? { totalYield: LastKnownYieldCard } : {}),
    ...inverterParts(features.history, features.alerts),
  };
  return <LiveView slots={slots} />;
}

/**
 * The live view's total power (W) for the energy-flow card, read from the feed's store by the card itself: the
 * screen does not re-render with each value. Built only here, in the gateway build's part of the screen.
 */
const production: Readable<number | null> = __GATEWAY_BUILD__
  ? {
      subscribe: (l) => liveFeed.store.subscribe(l),
      get: () => productionW(liveFeed.store.get(), Date.now()),
    }
  : { subscribe: () => () => undefined, get: () => null };

/** What goes at the top of each inverter's panel, as the server offers it. */
function inverterParts(history: boolean, alerts: boolean): Pick<LiveSlots, "inverter"> {
  if (history && alerts) return { inverter: HistoryAndAlerts };
  if (history) return { inverter: LastKnownPanel };
  if (alerts) return { inverter: InverterAlerts };
  return {};
}

/** Open alerts first, then (for an inverter not read since the DTU started) its last known values (issue 34 §5, §9). */
function HistoryAndAlerts({ id }: { id: string }) {
  return (
    <>
      <InverterAlerts id={id} />
      <LastKnownPanel id={id} />
    </>
  );
}
