import type { ComponentType } from "react";
import type { Field } from "@dtu/api/live";
import { useI18n, type MessageKey } from "../../lib/i18n";
import { readText } from "../../lib/notRead";
import { decimalsOf } from "./format";
import { useFacts, useLive } from "./hooks";
import { liveFeed, type LiveFeed } from "./liveStore";
import { inverterStatus } from "./state";
import { StateText } from "./StateText";

export interface TotalCardProps {
  label: MessageKey;
  field: Field;
  read: boolean;
  /**
   * Gateway build only. `text` under the value: what it is when not the live sum ("last known, yesterday at 4:45 PM",
   * issue 34 §9); `col` the column's classes instead of `col` (named in LastKnown.tsx, a gateway-only source, so
   * that the device build's CSS keeps none of them).
   */
  note?: { text: string; col: string };
}

export function TotalCard({ label, field, read, note }: TotalCardProps) {
  const { t, number } = useI18n();
  return (
    <div className={(__GATEWAY_BUILD__ && note?.col) || "col"}>
      <div className="card text-center h-100">
        <div className="card-header small px-1">{t(label)}</div>
        <p className="card-body fs-5 px-1 py-2 mb-0">
          <span className="text-nowrap">{readText(number, field.v, decimalsOf(field.d, field.u), read)}</span>{" "}
          <small className="text-body-secondary">{field.u}</small>
          {__GATEWAY_BUILD__ && note && <small className="d-block text-body-secondary">{note.text}</small>}
        </p>
      </div>
    </div>
  );
}

/**
 * Totals cards (SEED §2): total yield, yield today, total power, each with its `d` decimals; three abreast even on
 * a phone (a third of its first screen at most). They say what they cover (issue 13 item 3): inverters not current
 * (polling off, unreachable, not read yet) are named behind "n of m inverters"; while an enabled inverter was not
 * read since the device started, the sums are marked incomplete rather than silently lower.
 */
export function Totals({
  feed = liveFeed,
  YieldCard = TotalCard,
}: {
  feed?: LiveFeed;
  /** Gateway build: the total yield's card, which shows the last known total while nothing was read (slots.ts). */
  YieldCard?: ComponentType<TotalCardProps>;
}) {
  const { t } = useI18n();
  const total = useLive((s) => s.total, feed);
  const inverters = useLive((s) => s.inverters, feed);
  const order = useLive((s) => s.order, feed);
  const facts = useFacts(feed);
  if (!total) return null;
  const now = Date.now();
  const out = order.flatMap((id) => {
    const e = inverters[id];
    const status = inverterStatus(e, now, facts);
    return e && status.stale ? [{ id, name: e.data.name, status }] : [];
  });
  // Not read since the start: the device sums its zeros (issue 25 item 1); none read at all, the sums are dashes.
  const unread = out.filter((x) => x.status.never).length;
  const read = unread < order.length;
  return (
    <div className="mb-3">
      <div className={`row row-cols-3 g-2${unread ? " stale" : ""}`}>
        <YieldCard label="live.totalYield" field={total.YieldTotal} read={read} />
        <TotalCard label="live.yieldToday" field={total.YieldDay} read={read} />
        <TotalCard label="live.totalPower" field={total.Power} read={read} />
      </div>
      {out.length > 0 && (
        <details className="small mt-1">
          <summary>
            {t(unread ? "live.totalsIncomplete" : "live.totalsCover", {
              n: order.length - (unread || out.length),
              all: order.length,
            })}
          </summary>
          <ul className="mb-0">
            {out.map((x) => (
              <li key={x.id}>
                {x.name}: <StateText status={x.status} long />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
