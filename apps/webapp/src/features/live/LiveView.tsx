import { memo, useMemo, type ReactNode } from "react";
import { endpoints } from "@dtu/api/endpoints";
import type { InverterList } from "@dtu/api/settings";
import { Tabs } from "../../components/ui/Tabs";
import { useApi } from "../../components/ui/useApi";
import { useI18n } from "../../lib/i18n";
import { readText } from "../../lib/notRead";
import { useLoggedIn } from "../../lib/session";
import { useStore } from "../../lib/store";
import { ConnectionBanner } from "./ConnectionBanner";
import { Hints } from "./Hints";
import { decimalsOf } from "./format";
import { useFacts, useInverter, useLive, useLiveFeed } from "./hooks";
import { InverterPanel } from "./InverterPanel";
import { layoutStore, setLayout } from "./layout";
import { LiveTable } from "./LiveTable";
import type { LiveSlots } from "./slots";
import { liveFeed, type LiveFeed } from "./liveStore";
import { inverterField } from "./merge";
import { inverterStatus } from "./state";
import { StateBadge, StateLegend } from "./StateText";
import { Totals } from "./Totals";
import { UnknownModel, unknownModels } from "./UnknownModel";

/** Tab title: name (truncated, full name in the tooltip and the accessible name), state in words, power and yield. */
const TabTitle = memo(function TabTitle({ id, feed }: { id: string; feed: LiveFeed }) {
  const entry = useInverter(id, feed);
  const facts = useFacts(feed);
  const { number } = useI18n();
  if (!entry) return null;
  const inv = entry.data;
  const status = inverterStatus(entry, Date.now(), facts);
  // At a glance: current power and today's yield; YieldDay moved from AC to INV in v24.2.12 (API.md §9.2).
  const glance = [inverterField(inv, "Power"), inverterField(inv, "YieldDay")]
    .filter((f) => f !== undefined)
    .map((f) => `${readText(number, f.v, decimalsOf(f.d, f.u), !status.never)} ${f.u}`)
    .join(" · ");
  return <TitleText name={inv.name} badge={<StateBadge status={status} />} glance={glance} />;
});

function TitleText({ name, badge, glance }: { name: string; badge: ReactNode; glance?: string }) {
  return (
    // A 31-character name (the device's maximum) must not widen the list: truncated, full name as tooltip.
    <span className="d-block text-start" style={{ maxWidth: "15rem" }}>
      <span className="d-block text-truncate" title={name}>
        {name}
      </span>
      <small className="d-flex flex-wrap align-items-center column-gap-2">
        {badge}
        {glance}
      </small>
    </span>
  );
}

/** Tabs or table (issue 24 §1): two toggle buttons, the choice remembered (layout.ts). */
function LayoutSwitch() {
  const { t } = useI18n();
  const layout = useStore(layoutStore);
  return (
    <div className="d-flex gap-1 mb-2" role="group" aria-label={t("live.layout")}>
      {(["tabs", "table"] as const).map((l) => (
        <button
          key={l}
          type="button"
          className={`btn btn-sm btn-outline-secondary${l === layout ? " active" : ""}`}
          aria-pressed={l === layout}
          onClick={() => setLayout(l)}
        >
          {t(l === "tabs" ? "live.layoutTabs" : "live.layoutTable")}
        </button>
      ))}
    </div>
  );
}

/** Page state for the screen's Page wrapper: spinner until the first data, error with Retry. */
export function useLiveStatus(feed: LiveFeed = liveFeed) {
  useLiveFeed(feed);
  const loaded = useLive((s) => s.loaded, feed);
  const error = useLive((s) => s.error, feed);
  return { loading: !loaded, error: loaded ? undefined : error, retry: () => feed.reload() };
}

/**
 * The live view body (SEED §2): connection banner, hints, totals, then the inverters — a vertical tab list sorted
 * by `order` when there are several (first tab active), the panel alone when there is one — or, as the owner
 * switches, one table of every inverter and string (LiveTable.tsx). Configured serials no
 * model matches are not in the live data (API.md §4.1); the admin's inverter list adds them as "model unknown".
 */
export function LiveView({ feed = liveFeed, slots }: { feed?: LiveFeed; slots?: LiveSlots }) {
  const { t } = useI18n();
  const order = useLive((s) => s.order, feed);
  const lost = useLive((s) => s.connection === "retrying" && !s.polling, feed);
  const { data: list } = useApi<InverterList>(useLoggedIn() ? endpoints.inverterList.path : null);
  const Extra = __GATEWAY_BUILD__ ? slots?.inverter : undefined;
  const table = useStore(layoutStore) === "table";
  const unknown = useMemo(() => unknownModels(list?.inverter, order), [list, order]);
  const items = useMemo(() => {
    const live = order.map((id) => ({
      key: id,
      title: <TabTitle id={id} feed={feed} />,
      content: <InverterPanel id={id} feed={feed} top={__GATEWAY_BUILD__ && Extra && <Extra id={id} />} />,
    }));
    const none = unknown.map((i) => ({
      key: `?${i.id}`,
      title: <TitleText name={i.name} badge={<StateBadge status={inverterStatus(undefined, 0)} />} />,
      content: <UnknownModel name={i.name} serial={i.serial} />,
    }));
    return [...live, ...none];
  }, [order, feed, unknown, Extra]);
  const dups = order.filter((id) => id.includes("~")).map((id) => id.split("~")[0]);
  return (
    <>
      <ConnectionBanner feed={feed} />
      <Hints feed={feed} />
      {dups.map((serial) => (
        <div key={serial} className="alert alert-warning">
          {t("live.dupSerial", { serial })}
        </div>
      ))}
      {/* Nothing looks live that is not: without connection the whole page is muted (issue 13 item 2). */}
      <div className={lost ? "stale" : undefined}>
        {__GATEWAY_BUILD__ && slots?.totalYield ? (
          <Totals feed={feed} YieldCard={slots.totalYield} />
        ) : (
          <Totals feed={feed} />
        )}
        {__GATEWAY_BUILD__ && slots?.afterTotals}
        {items.length > 0 && <LayoutSwitch />}
        {items.length === 0 ? (
          <div className="alert alert-info">{t("live.noInverters")}</div>
        ) : table ? (
          <LiveTable feed={feed} unknown={unknown} />
        ) : items.length === 1 && items[0] ? (
          items[0].content
        ) : (
          <Tabs vertical items={items} />
        )}
        {items.length > 0 && <StateLegend />}
      </div>
    </>
  );
}
