import { useEffect } from "react";
import type { Alert, AlertStreamMessage } from "@dtu/api/alerts";
import { announce, type Notice } from "../../lib/notify";
import { openStream } from "../../lib/http";
import { useStore } from "../../lib/store";
import { getOpenAlerts, streamUrl } from "./api";
import { AlertFeed, openAlertsStore } from "./feed";
import { localeStore, makeI18n, type MessageKey } from "../../lib/i18n";
import { alertWords } from "./words";

let feed: AlertFeed | null = null;
let users = 0;

const variant: Record<AlertStreamMessage["severity"], Notice["variant"]> = {
  critical: "danger",
  warning: "warning",
  info: "info",
};

/**
 * What a page does with one message of the stream: a toast, and a system notification where the owner allowed it.
 * An alert is worded in the page's language (words.ts, issue 34 §4); the toast's key gives the one prefix ("Resolved:"),
 * so the message's own title, which says "Recovered: …" in the alert language, is not shown beside it (§3).
 */
export function showMessage(m: AlertStreamMessage): void {
  const cleared = m.event === "cleared";
  const key: MessageKey = cleared
    ? "alerts.toastCleared"
    : m.event === "raised"
      ? "alerts.toastRaised"
      : "alerts.toastTest";
  const i18n = makeI18n(localeStore.get());
  const words = m.alert ? alertWords(i18n, m.alert) : { title: m.title, detail: m.text };
  announce(key, cleared ? "success" : (variant[m.severity] ?? "info"), words.title);
  if (typeof Notification !== "undefined" && Notification.permission === "granted") {
    const title = m.alert ? `${i18n.t(key)} ${words.title}` : m.title;
    try {
      // One notification per alert: a recovery replaces its raise.
      new Notification(title, { body: words.detail, tag: m.alert ? `dtu-alert-${m.alert.id}` : "dtu-alert" });
    } catch {
      // Some mobile browsers allow only notifications from a service worker: the toast is there anyway.
    }
  }
}

/** The feed runs while at least one component uses it (the menu badge is always there while alerts are offered). */
export function useOpenAlerts(): readonly Alert[] | null {
  useEffect(() => {
    users++;
    feed ??= new AlertFeed({
      url: streamUrl(),
      open: openStream,
      readOpen: () => getOpenAlerts().then((l) => l.alerts),
      onMessage: showMessage,
    });
    feed.start();
    return () => {
      if (--users === 0) feed?.stop();
    };
  }, []);
  return useStore(openAlertsStore);
}

/** After an action changed the open alerts (acknowledge): the badge and the panels follow at once. */
export function refreshOpenAlerts(): void {
  feed?.refresh();
}
