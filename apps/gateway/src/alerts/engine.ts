/**
 * The alert engine: every tick it takes a snapshot of the source, lets the rules and the tracker decide, stores what
 * was raised or cleared and hands the message to the dispatcher (which never blocks: deliveries end later and are
 * written onto the alert). Also the event-log rule (events.ts) and the daily summary after sunset.
 */
import type { Alert, AlertLanguage, AlertTestResult } from "@dtu/api/alerts";
import type { AlertConfig } from "./config.ts";
import type { ChannelMessage, Dispatcher } from "./contracts.ts";
import { decideEvents, timeOfDay, type EventFinding } from "./events.ts";
import { observe, type Observation, type Usual } from "./rules.ts";
import type { AlertSource, SourceSnapshot } from "./source.ts";
import type { AlertStore, StoredAlert } from "./store.ts";
import { createTrackerState, step } from "./tracker.ts";
import { TEXTS, fill, num } from "./texts.ts";

export interface EngineDeps {
  source: AlertSource;
  store: AlertStore;
  usual: Usual;
  config: () => AlertConfig;
  /** The channels' dispatcher; null: alerts are only stored. */
  dispatcher: () => Dispatcher | null;
  log: (line: string) => void;
  /** Told about every alert raised or cleared (after it was stored). */
  onChange?: (event: "raised" | "cleared", alert: Alert) => void;
}

export interface Engine {
  /** One evaluation; concurrent calls wait for the running one. */
  tick(): Promise<void>;
  /** A test message on every enabled channel. */
  test(): Promise<AlertTestResult>;
  /** Resolves once no evaluation runs. */
  idle(): Promise<void>;
}

/** While an inverter has open event alerts its log is read again this often to see them end. */
const EVENT_RECHECK_MS = 5 * 60_000;
/** The daily summary goes out once the sun is this far below the horizon (or after the device's sunset). */
const SUMMARY_ELEVATION = -1;
const DAY_S = 86400;

const isEventKey = (key: string): boolean => key.startsWith("event_log:");
const seconds = (ms: number): number => Math.floor(ms / 1000);

export function createEngine(deps: EngineDeps): Engine {
  const { source, store } = deps;
  const tracker = createTrackerState();
  /** Per serial: the event count last read and when. */
  const eventsRead = new Map<string, { count: number; at: number }>();
  let peak = { day: "", watts: 0 };
  let pruneDay = "";
  let running: Promise<void> = Promise.resolve();

  const texts = (): (typeof TEXTS)[AlertLanguage] => TEXTS[deps.config().language];

  function send(message: ChannelMessage, alertId: number | null): void {
    const dispatcher = deps.dispatcher();
    if (!dispatcher) return;
    dispatcher.deliver(message, (result) => {
      if (alertId === null) return;
      try {
        store.delivery(alertId, result);
      } catch (err) {
        deps.log(`Alerts: delivery state not stored (${(err as Error).message})`);
      }
    });
  }

  function raised(alert: StoredAlert, now: number): void {
    deps.onChange?.("raised", alert);
    send(
      {
        event: "raised",
        alert,
        severity: alert.severity,
        title: alert.title,
        text: alert.detail,
        sent: seconds(now),
      },
      alert.id,
    );
  }

  function cleared(alert: StoredAlert, snap: SourceSnapshot): void {
    const t = texts();
    const done = { ...alert, cleared: seconds(snap.now) };
    deps.onChange?.("cleared", done);
    send(
      {
        event: "cleared",
        alert: done,
        severity: "info",
        title: fill(t.cleared, { title: alert.title }),
        text: fill(t.recovered, { time: snap.localTime }),
        sent: seconds(snap.now),
      },
      alert.id,
    );
  }

  function words(o: Observation): { title: string; detail: string } {
    const t = texts();
    const lang = deps.config().language;
    const values: Record<string, string | number> = {
      name: o.name,
      string: (o.channel ?? 0) + 1,
      command: o.facts.power ? t.power : t.limit,
      minutes: o.facts.minutes ?? 0,
      percent: o.facts.percent ?? 0,
      share: num(o.facts.share ?? 0, lang),
      usual: num(o.facts.usual ?? 0, lang),
    };
    return { title: fill(t[o.kind].title, values), detail: fill(t[o.kind].detail, values) };
  }

  function conditions(snap: SourceSnapshot, open: StoredAlert[]): void {
    const observations = observe(snap, deps.config().rules, deps.usual);
    const managed = open.filter((a) => !isEventKey(a.key));
    const result = step(tracker, observations, new Set(managed.map((a) => a.key)), snap.now);
    for (const o of result.raise) {
      const alert = store.insert({
        key: o.key,
        kind: o.kind,
        severity: o.severity,
        serial: o.serial,
        name: o.name,
        channel: o.channel,
        ...words(o),
        started: seconds(snap.now),
      });
      raised(alert, snap.now);
    }
    for (const key of result.clear) {
      const alert = managed.find((a) => a.key === key);
      if (!alert) continue;
      store.clear(alert.id, seconds(snap.now));
      cleared(alert, snap);
    }
  }

  function raiseEvent(snap: SourceSnapshot, serial: string, name: string, f: EventFinding): void {
    const t = texts();
    const values = { name, message: f.event.message, id: f.event.id, time: timeOfDay(f.event.start) };
    const alert = store.insert({
      key: f.key,
      kind: "event_log",
      severity: "info",
      serial,
      name,
      channel: null,
      title: fill(t.event_log.title, values),
      detail: fill(t.event_log.detail, values),
      started: seconds(snap.now),
    });
    if (!f.ended) return raised(alert, snap.now);
    store.clear(alert.id, seconds(snap.now));
    raised({ ...alert, cleared: seconds(snap.now) }, snap.now);
  }

  async function events(snap: SourceSnapshot, open: StoredAlert[]): Promise<void> {
    const config = deps.config();
    const rule = config.rules.event_log;
    for (const inv of snap.inverters) {
      const mine = open.filter((a) => a.serial === inv.serial && isEventKey(a.key));
      if (!rule.enabled) {
        for (const a of mine) store.clear(a.id, seconds(snap.now));
        continue;
      }
      const last = eventsRead.get(inv.serial);
      const due =
        inv.events > 0 &&
        (!last || last.count !== inv.events || (mine.length > 0 && snap.now - last.at >= EVENT_RECHECK_MS));
      if (!due && !(inv.events === 0 && mine.length > 0)) continue;
      const log = inv.events === 0 ? [] : await source.eventLog(inv.serial, config.language);
      if (log === null) continue;
      eventsRead.set(inv.serial, { count: inv.events, at: snap.now });
      const since = seconds(snap.now) - 2 * DAY_S;
      const decision = decideEvents(
        inv.serial,
        snap.localDay,
        log,
        rule,
        (key) => store.seen(key, since),
        new Set(mine.map((a) => a.key)),
      );
      for (const f of decision.raise) raiseEvent(snap, inv.serial, inv.name, f);
      for (const key of decision.clear) {
        const alert = mine.find((a) => a.key === key);
        if (!alert) continue;
        store.clear(alert.id, seconds(snap.now));
        cleared(alert, snap);
      }
    }
  }

  function summary(snap: SourceSnapshot): void {
    const power = snap.inverters.reduce((a, inv) => a + (inv.reachable ? inv.power : 0), 0);
    if (peak.day !== snap.localDay) peak = { day: snap.localDay, watts: 0 };
    peak.watts = Math.max(peak.watts, power);
    if (!deps.config().rules.daily_summary.enabled) return;
    const afterSunset =
      snap.elevation !== null
        ? snap.elevation < SUMMARY_ELEVATION
        : snap.dayMargin !== null && snap.dayMargin < 0;
    // Before noon "below the horizon" is the night before sunrise: the summary belongs to the evening.
    if (!afterSunset || snap.localTime < "12:00" || store.meta("summary_day") === snap.localDay) return;
    const energyWh = snap.inverters.reduce((a, inv) => a + (inv.yieldDayWh ?? 0), 0);
    if (energyWh <= 0 && peak.watts <= 0) return;
    store.setMeta("summary_day", snap.localDay);
    const t = texts();
    const lang = deps.config().language;
    const open = store.open();
    const lines = [
      fill(t.summaryEnergy, { energy: num(energyWh / 1000, lang, 2), peak: Math.round(peak.watts) }),
      ...snap.inverters.map((inv) =>
        fill(t.summaryInverter, { name: inv.name, energy: num((inv.yieldDayWh ?? 0) / 1000, lang, 2) }),
      ),
      open.length ? t.summaryOpen : t.summaryNone,
      ...open.map((a) => `- ${a.title}`),
    ];
    send(
      {
        event: "summary",
        alert: null,
        severity: "info",
        title: fill(t.summary, { name: snap.dtuName, day: snap.localDay }),
        text: lines.join("\n"),
        sent: seconds(snap.now),
      },
      null,
    );
  }

  async function evaluate(): Promise<void> {
    const snap = source.snapshot();
    try {
      if (pruneDay !== snap.localDay) {
        pruneDay = snap.localDay;
        store.prune(seconds(snap.now));
      }
      conditions(snap, store.open());
      await events(snap, store.open());
      summary(snap);
    } catch (err) {
      deps.log(`Alerts: evaluation failed (${(err as Error).message})`);
    }
  }

  return {
    tick() {
      running = running.then(evaluate);
      return running;
    },
    idle: () => running,
    async test() {
      const config = deps.config();
      const t = TEXTS[config.language];
      const snap = source.snapshot();
      const dispatcher = deps.dispatcher();
      if (!dispatcher) return { results: [] };
      const results = await dispatcher.test({
        event: "test",
        alert: null,
        severity: "info",
        title: fill(t.test, { name: snap.dtuName }),
        text: t.testText,
        sent: seconds(snap.now),
      });
      return { results: results.map(({ channel, ok, error }) => ({ channel, ok, error })) };
    },
  };
}
