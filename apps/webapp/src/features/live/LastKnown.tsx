/**
 * Last known values from the gateway's history on its live view (issue 25 item 4), gateway build only: the screen
 * puts them in the live view's slots (slots.ts), so the device build has none of this. Shown only for inverters not
 * read since the DTU started, whose live values are the device's zeros (API.md §3.1), never instead of a reading.
 */
import { useEffect } from "react";
import type { HistoryLast } from "@dtu/api/history";
import { getJson } from "../../lib/http";
import { useI18n, type I18n } from "../../lib/i18n";
import { createStore, useStore } from "../../lib/store";
import { ChannelCard } from "./ChannelCard";
import { useFacts, useInverter, useLive } from "./hooks";
import { dayWord, lastOf, lastTotals, lastUrl, readingChannel } from "./lastKnown";
import { stringName } from "./props";
import { inverterStatus } from "./state";
import { TotalCard, type TotalCardProps } from "./Totals";

/** The history's answer, shared by every panel and the totals; null until (or unless) it answered. */
const store = createStore<HistoryLast | null>(null);
/** A reading changes only when the device reads the inverter again, and then its live values take over. */
const REFRESH_MS = 5 * 60_000;
let users = 0;
let timer: ReturnType<typeof setInterval> | undefined;

function load(): void {
  // A failed read leaves what was there (or nothing): the live view has its own connection notice.
  getJson(lastUrl()).then(store.set, () => undefined);
}

function useLast(): HistoryLast | null {
  useEffect(() => {
    if (users++ === 0) {
      load();
      timer = setInterval(load, REFRESH_MS);
    }
    return () => {
      if (--users === 0) clearInterval(timer);
    };
  }, []);
  return useStore(store);
}

/** "yesterday at 4:45 PM", "today at …", "on Nov 20, 2026". */
function when({ t, hm, date }: I18n, at: number): string {
  const day = dayWord(at, Date.now());
  if (day === "earlier") return t("lastread.whenOn", { date: date(at) });
  return t(day === "today" ? "lastread.whenToday" : "lastread.whenYesterday", { time: hm(at) });
}

/**
 * At the top of an inverter's panel (slot `inverter`), which folds its empty live tables away: its last reading and
 * its strings', labelled with the time.
 */
export function LastKnownPanel({ id }: { id: string }) {
  const last = useLast();
  const entry = useInverter(id);
  const facts = useFacts();
  const i18n = useI18n();
  const inv = lastOf(last, id);
  if (!entry || !inv || !inverterStatus(entry, Date.now(), facts).never) return null;
  const { t } = i18n;
  // A reading of an earlier day: its day's yield is that day's, not today's (issue 34 §9).
  const day = dayWord(inv.t * 1000, Date.now());
  const labels =
    day === "today"
      ? undefined
      : {
          YieldDay:
            day === "yesterday"
              ? t("lastread.yieldYesterday")
              : t("lastread.yieldOn", { date: i18n.date(inv.t * 1000) }),
        };
  return (
    <section className="card mb-3" aria-label={t("lastread.panel", { when: when(i18n, inv.t * 1000) })}>
      <div className="card-header">{t("lastread.panel", { when: when(i18n, inv.t * 1000) })}</div>
      <div className="card-body">
        <div className="row row-cols-1 row-cols-md-2 row-cols-xxl-3 g-3">
          <ChannelCard
            title={t("live.cardAc")}
            channel={readingChannel(inv, inv.temperature_c)}
            labels={labels}
          />
          {inv.strings.map((s) => (
            <ChannelCard
              key={s.channel}
              // The name set in Settings > Inverters, as the live cards call it (issue 34 §2).
              title={stringName(entry.data.DC?.[s.channel]) || t("live.cardString", { n: s.channel + 1 })}
              channel={readingChannel(s)}
              labels={labels}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

/**
 * The total yield's card (slot `totalYield`): while no inverter was read since the DTU started (at night), the sum of
 * their last lifetime yields from the history instead of a dash, marked as such (issue 34 §9).
 */
export function LastKnownYieldCard(props: TotalCardProps) {
  const last = useLast();
  const order = useLive((s) => s.order);
  const i18n = useI18n();
  const sum = props.read ? undefined : lastTotals(last, order);
  if (!sum || sum.covered < order.length) return <TotalCard {...props} />;
  // Marked last known, the card takes a phone's whole width: a third of it held the note as a narrow column of five
  // lines; the other two share the row below. Three abreast again from 768 px.
  const note = { text: i18n.t("lastread.lastKnown", { when: when(i18n, sum.at) }), col: "col-12 col-md-4" };
  return <TotalCard {...props} field={sum.yieldTotal} read note={note} />;
}

/** Under the totals (slot `afterTotals`): the last lifetime yield of the inverters not read since the start. */
export function LastKnownTotals() {
  const last = useLast();
  const inverters = useLive((s) => s.inverters);
  const order = useLive((s) => s.order);
  const facts = useFacts();
  const i18n = useI18n();
  const now = Date.now();
  const unread = order.filter((id) => {
    const e = inverters[id];
    return e !== undefined && inverterStatus(e, now, facts).never;
  });
  const sum = lastTotals(last, unread);
  if (!sum) return null;
  return (
    <p className="small text-body-secondary mt-1 mb-0">
      {i18n.t("lastread.totals", {
        n: sum.covered,
        value: i18n.number(sum.yieldTotal.v, sum.yieldTotal.d),
        when: when(i18n, sum.at),
      })}
    </p>
  );
}
