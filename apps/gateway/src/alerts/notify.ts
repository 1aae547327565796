/**
 * Telling the channels: an alert raised or cleared becomes a message in the alert language and goes to the
 * dispatcher, which never blocks; each delivery's end is written onto the alert when it comes.
 */
import type { Alert, AlertLanguage } from "@dtu/api/alerts";
import type { AlertConfig } from "./config.ts";
import type { ChannelMessage, Dispatcher } from "./contracts.ts";
import type { SourceSnapshot } from "./source.ts";
import type { AlertStore, StoredAlert } from "./store.ts";
import { TEXTS, fill } from "./texts.ts";

export interface NotifyDeps {
  store: AlertStore;
  config: () => AlertConfig;
  dispatcher: () => Dispatcher | null;
  log: (line: string) => void;
}

export interface Notifier {
  raised(alert: StoredAlert, now: number): void;
  cleared(alert: StoredAlert, snap: SourceSnapshot): void;
  /** A message of no alert (test, daily summary). */
  send(message: ChannelMessage): void;
  texts(): (typeof TEXTS)[AlertLanguage];
}

export const seconds = (ms: number): number => Math.floor(ms / 1000);

/** The alert as the wire has it: the condition's key stays inside the gateway. */
export const wireAlert = ({ key: _key, ...alert }: StoredAlert): Alert => alert;

export function createNotifier(deps: NotifyDeps): Notifier {
  const texts = (): (typeof TEXTS)[AlertLanguage] => TEXTS[deps.config().language];
  function send(message: ChannelMessage, alertId: number | null): void {
    const dispatcher = deps.dispatcher();
    if (!dispatcher) return;
    dispatcher.deliver(message, (result) => {
      if (alertId === null) return;
      try {
        deps.store.delivery(alertId, result);
      } catch (err) {
        deps.log(`Alerts: delivery state not stored (${(err as Error).message})`);
      }
    });
  }
  return {
    texts,
    send: (message) => send(message, null),
    raised(stored, now) {
      const alert = wireAlert(stored);
      const { severity, title, detail } = alert;
      send({ event: "raised", alert, severity, title, text: detail, sent: seconds(now) }, alert.id);
    },
    cleared(alert, snap) {
      const t = texts();
      const done = { ...wireAlert(alert), cleared: seconds(snap.now) };
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
    },
  };
}
