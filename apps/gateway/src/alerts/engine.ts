/**
 * The alert engine: every tick it takes a snapshot of the source, lets the rules and the tracker decide, stores what
 * was raised or cleared and tells the channels (notify.ts; delivery never blocks). Also the event-log rule
 * (eventWatch.ts) and the daily summary (summary.ts).
 */
import type { AlertTestResult } from "@dtu/api/alerts";
import type { AlertConfig } from "./config.ts";
import type { Dispatcher } from "./contracts.ts";
import { createEventWatch, isEventKey } from "./eventWatch.ts";
import { createNotifier, seconds, type Notifier } from "./notify.ts";
import { observe, type Usual } from "./rules.ts";
import type { AlertSource, SourceSnapshot } from "./source.ts";
import type { AlertStore, StoredAlert } from "./store.ts";
import { createSummary } from "./summary.ts";
import { createTrackerState, step, type TrackerState } from "./tracker.ts";
import { fill } from "./texts.ts";
import { ruleFacts, wordsOf } from "./words.ts";

export interface EngineDeps {
  source: AlertSource;
  store: AlertStore;
  usual: Usual;
  config: () => AlertConfig;
  /** The channels' dispatcher; null: alerts are only stored. */
  dispatcher: () => Dispatcher | null;
  log: (line: string) => void;
}

export interface Engine {
  /** One evaluation; concurrent calls wait for the running one. */
  tick(): Promise<void>;
  /** A test message on every enabled channel. */
  test(): Promise<AlertTestResult>;
  /** Resolves once no evaluation runs. */
  idle(): Promise<void>;
}

/** The rules with thresholds (rules.ts, tracker.ts): raise and clear. */
function conditions(
  deps: EngineDeps,
  tracker: TrackerState,
  notify: Notifier,
  snap: SourceSnapshot,
  open: StoredAlert[],
): void {
  const config = deps.config();
  const observations = observe(snap, config.rules, deps.usual);
  const managed = open.filter((a) => !isEventKey(a.key));
  const result = step(tracker, observations, new Set(managed.map((a) => a.key)), snap.now);
  for (const o of result.raise) {
    const facts = ruleFacts(o);
    const alert = deps.store.insert({
      key: o.key,
      kind: o.kind,
      severity: o.severity,
      serial: o.serial,
      name: o.name,
      channel: o.channel,
      ...wordsOf(o.kind, o.name, facts, config.language),
      facts,
      // Dated from when the condition began, not from the raise after its threshold (issue 23).
      started: seconds(o.since),
    });
    notify.raised(alert, snap.now);
  }
  for (const key of [...result.clear, ...result.drop]) {
    const alert = managed.find((a) => a.key === key);
    if (!alert) continue;
    deps.store.clear(alert.id, seconds(snap.now));
    if (result.clear.includes(key)) notify.cleared(alert, snap);
  }
}

export function createEngine(deps: EngineDeps): Engine {
  const { source, store } = deps;
  const tracker = createTrackerState();
  const notify = createNotifier(deps);
  const events = createEventWatch({ source, store, config: deps.config, notify });
  const summary = createSummary(store, deps.config, notify);
  let pruneDay = "";
  let running: Promise<void> = Promise.resolve();

  async function evaluate(): Promise<void> {
    const snap = source.snapshot();
    try {
      if (pruneDay !== snap.localDay) {
        pruneDay = snap.localDay;
        store.prune(seconds(snap.now));
      }
      conditions(deps, tracker, notify, snap, store.open());
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
      const t = notify.texts();
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
      return {
        results: results.map(({ channel, ok, error, code, params }) => ({
          channel,
          ok,
          error,
          ...(code !== undefined ? { code, params: params ?? {} } : {}),
        })),
      };
    },
  };
}
