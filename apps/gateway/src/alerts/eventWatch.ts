/**
 * The event-log rule at run time (decisions in events.ts): an inverter's log is read when its entry count changed,
 * and every 5 minutes while one of its entries is an open alert (to see it end).
 */
import type { SourceSnapshot } from "./source.ts";
import type { AlertSource } from "./source.ts";
import type { AlertConfig } from "./config.ts";
import { decideEvents, timeOfDay, type EventFinding } from "./events.ts";
import { seconds, type Notifier } from "./notify.ts";
import type { AlertStore, StoredAlert } from "./store.ts";
import { wordsOf } from "./words.ts";

export interface EventWatchDeps {
  source: AlertSource;
  store: AlertStore;
  config: () => AlertConfig;
  notify: Notifier;
}

/** While an inverter has open event alerts its log is read again this often to see them end. */
const EVENT_RECHECK_MS = 5 * 60_000;
const DAY_S = 86400;

export const isEventKey = (key: string): boolean => key.startsWith("event_log:");

export function createEventWatch(
  deps: EventWatchDeps,
): (snap: SourceSnapshot, open: StoredAlert[]) => Promise<void> {
  const { store, notify } = deps;
  /** Per serial: the event count last read and when. */
  const read = new Map<string, { count: number; at: number }>();

  function raise(snap: SourceSnapshot, serial: string, name: string, f: EventFinding): void {
    const facts = { event: f.event.id, message: f.event.message, time: timeOfDay(f.event.start) };
    const alert = store.insert({
      key: f.key,
      kind: "event_log",
      severity: "info",
      serial,
      name,
      channel: null,
      ...wordsOf("event_log", name, facts, deps.config().language),
      facts,
      started: seconds(snap.now),
    });
    if (!f.ended) return notify.raised(alert, snap.now);
    // Already over when first seen: told once, stored as over.
    store.clear(alert.id, seconds(snap.now));
    notify.raised({ ...alert, cleared: seconds(snap.now) }, snap.now);
  }

  return async (snap, open) => {
    const config = deps.config();
    const rule = config.rules.event_log;
    for (const inv of snap.inverters) {
      const mine = open.filter((a) => a.serial === inv.serial && isEventKey(a.key));
      if (!rule.enabled) {
        for (const a of mine) store.clear(a.id, seconds(snap.now));
        continue;
      }
      const last = read.get(inv.serial);
      const due =
        inv.events > 0 &&
        (!last || last.count !== inv.events || (mine.length > 0 && snap.now - last.at >= EVENT_RECHECK_MS));
      if (!due && !(inv.events === 0 && mine.length > 0)) continue;
      const log = inv.events === 0 ? [] : await deps.source.eventLog(inv.serial, config.language);
      if (log === null) continue;
      read.set(inv.serial, { count: inv.events, at: snap.now });
      const since = seconds(snap.now) - 2 * DAY_S;
      const decision = decideEvents(
        inv.serial,
        snap.localDay,
        log,
        rule,
        (key) => store.seen(key, since),
        new Set(mine.map((a) => a.key)),
      );
      for (const f of decision.raise) raise(snap, inv.serial, inv.name, f);
      for (const key of decision.clear) {
        const alert = mine.find((a) => a.key === key);
        if (!alert) continue;
        store.clear(alert.id, seconds(snap.now));
        notify.cleared(alert, snap);
      }
    }
  };
}
