import { memo, useState, type ComponentType, type ReactNode } from "react";
import type { ChannelMap, LiveInverter } from "@dtu/api/live";
import { useI18n } from "../../lib/i18n";
import { readText } from "../../lib/notRead";
import { useLoggedIn } from "../../lib/session";
import { ChannelCard } from "./ChannelCard";
import { DataAge } from "./DataAge";
import { DeviceInfoDialog } from "./dialogs/DeviceInfoDialog";
import { EventLogDialog } from "./dialogs/EventLogDialog";
import { GridProfileDialog } from "./dialogs/GridProfileDialog";
import { LimitDialog } from "./dialogs/LimitDialog";
import { PowerDialog } from "./dialogs/PowerDialog";
import { useFacts, useInverter } from "./hooks";
import type { LiveFeed } from "./liveStore";
import { stateColour, inverterStatus } from "./state";
import { StateText } from "./StateText";
import { stringName } from "./props";
import type { InverterDialogProps } from "./dialogs/DialogBody";

type DialogProps = InverterDialogProps & { radio?: LiveInverter["radio_stats"] };
type Dialog = ComponentType<DialogProps>;

function channels(map: ChannelMap | undefined): [string, ChannelMap[string]][] {
  return map ? Object.entries(map) : [];
}

/** Limit in % with one decimal only when it has one (API.md §3.7: resolution 0.1). */
function decimalsOf(v: number): number {
  return Number.isInteger(v) ? 0 : 1;
}

/** The INV/AC/DC cards; not current: last-known values, muted (the header says since when, issue 13 item 2). */
function Cards({ cards, stale }: { cards: ReactNode[]; stale: boolean }) {
  return (
    <div className={`row row-cols-1 row-cols-md-2 row-cols-xxl-3 g-3${stale ? " stale" : ""}`}>{cards}</div>
  );
}

type PanelProps = { id: string; feed?: LiveFeed; top?: ReactNode };

/**
 * One inverter (SEED §2): coloured header, buttons, the INV/AC/DC cards and the five dialogs. Memoised by serial
 * and reading only its own entry, so an update of another inverter does not render it again. `top`: the gateway
 * build's parts (slots.ts `inverter`: open alerts, last known values) first under the header, where a phone sees
 * them without scrolling past every table (issue 34 §5). Only the open dialog is rendered (issue 15 §2, §3: closed
 * ones ran their hooks on the first view and on every update); it starts fresh each time it opens.
 */
export const InverterPanel = memo(function InverterPanel({ id, feed, top }: PanelProps) {
  const entry = useInverter(id, feed);
  const facts = useFacts(feed);
  const { t, number, hm } = useI18n();
  const loggedIn = useLoggedIn();
  const [Open, setOpen] = useState<Dialog | null>(null);
  if (!entry) return null;
  const inv = entry.data;
  const serial = inv.serial; // the key differs for a second slot holding the same serial
  // Clock only for staleness by age; the panel re-renders with every update of its inverter anyway.
  const status = inverterStatus(entry, Date.now(), facts);
  // Never read since the DTU started: the device's zeros are no readings (issue 25 item 1).
  const read = !status.never;
  const close = () => setOpen(null);
  const button = (dialog: Dialog, label: ReactNode, disabled = false) => (
    <button
      type="button"
      className="btn btn-outline-secondary btn-sm"
      disabled={disabled}
      onClick={() => setOpen(() => dialog)}
    >
      {label}
    </button>
  );
  const cards: ReactNode[] = [];
  for (const [n, ch] of channels(inv.INV)) {
    cards.push(<ChannelCard key={`i${n}`} title={t("live.cardInverter")} channel={ch} read={read} />);
  }
  const ac = channels(inv.AC);
  for (const [n, ch] of ac) {
    const title = ac.length > 1 ? t("live.cardPhase", { n: Number(n) + 1 }) : t("live.cardAc");
    cards.push(<ChannelCard key={`a${n}`} title={title} channel={ch} read={read} />);
  }
  for (const [n, ch] of channels(inv.DC)) {
    cards.push(
      <ChannelCard
        key={`d${n}`}
        title={stringName(ch) || t("live.cardString", { n: Number(n) + 1 })}
        channel={ch}
        read={read}
      />,
    );
  }
  return (
    <section className="card" aria-label={inv.name}>
      <div
        className={`card-header text-bg-${stateColour[status.state]} d-flex flex-wrap align-items-center column-gap-3 row-gap-1`}
      >
        <h2 className="h5 mb-0 me-auto text-break">{inv.name}</h2>
        <strong>
          <StateText status={status} long />
        </strong>
        <span>{t("live.serial", { serial: inv.serial })}</span>
        <span>
          {t(inv.limit_absolute >= 0 ? "live.limitBoth" : "live.limitRelative", {
            w: readText(number, inv.limit_absolute, 0, read),
            pct: readText(number, inv.limit_relative, decimalsOf(inv.limit_relative), read),
          })}
        </span>
        <DataAge entry={entry} stale={status.stale} never={status.never} />
      </div>
      <div className="card-body">
        {__GATEWAY_BUILD__ && top}
        <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label={t("live.actions")}>
          {button(LimitDialog, t("live.limitButton"), !loggedIn)}
          {button(PowerDialog, t("live.powerButton"), !loggedIn)}
          {button(DeviceInfoDialog, t("live.infoButton"))}
          {button(GridProfileDialog, t("live.gridButton"))}
          {typeof inv.events === "number" &&
            inv.events >= 0 &&
            button(
              EventLogDialog,
              <>
                {t("live.eventsButton")} <span className="badge text-bg-secondary">{inv.events}</span>
              </>,
            )}
        </div>
        {cards.length === 0 ? (
          <p className="text-body-secondary mb-0">{t("live.noDetail")}</p>
        ) : status.never ? (
          // Never read: every value a dash, so the tables are folded away under the reason (issue 34 §9).
          <details>
            <summary>{t("live.notRead", { time: hm(status.seen) })}</summary>
            <Cards cards={cards} stale />
          </details>
        ) : (
          <Cards cards={cards} stale={status.stale} />
        )}
      </div>
      {Open && <Open serial={serial} name={inv.name} onClose={close} radio={inv.radio_stats} read={read} />}
    </section>
  );
});
