import { useEffect } from "react";
import type { Alert, AlertStreamMessage } from "@dtu/api/alerts";
import { announce, type Notice } from "../../lib/notify";
import { openStream } from "../../lib/http";
import { useStore } from "../../lib/store";
import { getOpenAlerts, streamUrl } from "./api";
import { AlertFeed, openAlertsStore } from "./feed";
import type { MessageKey } from "../../lib/i18n";

let feed: AlertFeed | null = null;
let users = 0;

const variant: Record<AlertStreamMessage["severity"], Notice["variant"]> = {
  critical: "danger",
  warning: "warning",
  info: "info",
};

/** What a page does with one message of the stream: a toast, and a system notification where the owner allowed it. */
export function showMessage(m: AlertStreamMessage): void {
  const cleared = m.event === "cleared";
  const key: MessageKey = cleared
    ? "alerts.toastCleared"
    : m.event === "raised"
      ? "alerts.toastRaised"
      : "alerts.toastTest";
  announce(key, cleared ? "success" : (variant[m.severity] ?? "info"), m.title);
  if (typeof Notification !== "undefined" && Notification.permission === "granted") {
    try {
      // One notification per alert: a recovery replaces its raise.
      new Notification(m.title, { body: m.text, tag: m.alert ? `dtu-alert-${m.alert.id}` : "dtu-alert" });
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
