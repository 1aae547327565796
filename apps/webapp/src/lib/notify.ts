import type { MessageKey } from "../locales";
import { createStore } from "./store";

/** Short announcements shown as toasts (logged in, logged out, …); rendered by app/Toasts.tsx. */
export interface Notice {
  id: number;
  key: MessageKey;
  variant: "success" | "warning" | "danger" | "info";
  /** Gateway build: a text from the server shown after the key's (an alert's title, already in its language). */
  text?: string;
}

export const noticeStore = createStore<readonly Notice[]>([]);
let nextId = 1;

/** SEED §9: default toast delay 5000 ms. */
export const NOTICE_MS = 5000;

export function announce(key: MessageKey, variant: Notice["variant"] = "info", text?: string): void {
  const n: Notice = { id: nextId++, key, variant, ...(__GATEWAY_BUILD__ && text ? { text } : {}) };
  noticeStore.set([...noticeStore.get(), n]);
  setTimeout(() => dismiss(n.id), NOTICE_MS);
}

export function dismiss(id: number): void {
  noticeStore.set(noticeStore.get().filter((n) => n.id !== id));
}
