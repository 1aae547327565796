import { memo, useMemo } from "react";
import { Icon } from "../../components/ui/Icon";
import { Tabs } from "../../components/ui/Tabs";
import { useI18n } from "../../lib/i18n";
import { ConnectionBanner } from "./ConnectionBanner";
import { Hints } from "./Hints";
import { useInverter, useLive, useLiveFeed } from "./hooks";
import { InverterPanel } from "./InverterPanel";
import { liveFeed, type LiveFeed } from "./liveStore";
import { inverterField } from "./merge";
import { Totals } from "./Totals";

/** Tab title: status icon (unreachable / reachable not producing / producing) and name, as text (never HTML). */
const TabTitle = memo(function TabTitle({ serial, feed }: { serial: string; feed: LiveFeed }) {
  const entry = useInverter(serial, feed);
  const { t, number } = useI18n();
  if (!entry) return null;
  const inv = entry.data;
  // At a glance: current power and today's yield; YieldDay moved from AC to INV in v24.2.12 (API.md §9.2).
  const glance = [inverterField(inv, "Power"), inverterField(inv, "YieldDay")]
    .filter((f) => f !== undefined)
    .map((f) => `${number(f.v, f.d)} ${f.u}`)
    .join(" · ");
  const icon = !inv.reachable ? (
    <Icon name="xCircle" className="text-danger" label={t("live.stateUnreachable")} />
  ) : inv.producing ? (
    <Icon name="sun" className="text-success" label={t("live.stateProducing")} />
  ) : (
    <Icon name="pauseCircle" className="text-warning" label={t("live.stateIdle")} />
  );
  return (
    <span className="d-flex w-100 align-items-center gap-2 text-start">
      {/* Own backdrop: the coloured icon stays readable on the blue of the active tab. */}
      <span className="d-flex bg-body rounded p-1">{icon}</span>
      <span className="text-break">
        {inv.name}
        {glance && <small className="d-block">{glance}</small>}
      </span>
    </span>
  );
});

/** Page state for the screen's Page wrapper: spinner until the first data, error with Retry. */
export function useLiveStatus(feed: LiveFeed = liveFeed) {
  useLiveFeed(feed);
  const loaded = useLive((s) => s.loaded, feed);
  const error = useLive((s) => s.error, feed);
  return { loading: !loaded, error: loaded ? undefined : error, retry: () => feed.reload() };
}

/**
 * The live view body (SEED §2): connection banner, hints, totals, then the inverters — a vertical tab list sorted
 * by `order` when there are several (first tab active), the panel alone when there is one.
 */
export function LiveView({ feed = liveFeed }: { feed?: LiveFeed }) {
  const { t } = useI18n();
  const order = useLive((s) => s.order, feed);
  const items = useMemo(
    () =>
      order.map((serial) => ({
        key: serial,
        title: <TabTitle serial={serial} feed={feed} />,
        content: <InverterPanel serial={serial} feed={feed} />,
      })),
    [order, feed],
  );
  return (
    <>
      <ConnectionBanner feed={feed} />
      <Hints feed={feed} />
      <Totals feed={feed} />
      {order.length === 0 ? (
        <div className="alert alert-info">{t("live.noInverters")}</div>
      ) : order.length === 1 && order[0] !== undefined ? (
        <InverterPanel serial={order[0]} feed={feed} />
      ) : (
        <Tabs vertical items={items} />
      )}
    </>
  );
}
