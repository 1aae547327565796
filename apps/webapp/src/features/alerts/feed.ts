/**
 * The browser channel, page side (issue 23 §2), without React: the alert stream `GET /api/alerts/stream`
 * (Server-Sent Events, packages/api/src/alerts.ts `AlertStreamMessage`) and a light poll of the open alerts feed
 * `openAlertsStore` (the menu badge, an inverter's panel). Every message of the stream is handed to `onMessage`
 * (toast, system notification) and re-reads the open alerts at once; the poll catches what a dropped stream missed.
 * EventSource reconnects by itself after the `retry:` the gateway sets.
 */
import type { Alert, AlertStreamMessage } from "@dtu/api/alerts";
import { createStore } from "../../lib/store";

/** The part of the browser EventSource this class uses; tests pass a fake. */
export interface StreamLike {
  addEventListener(type: "alert", listener: (ev: { data: unknown }) => void): void;
  close(): void;
}

export interface Timers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export interface AlertFeedOptions {
  url: string;
  /** Reads the open alerts (GET /api/alerts?state=open). */
  readOpen: () => Promise<readonly Alert[]>;
  onMessage: (message: AlertStreamMessage) => void;
  create?: (url: string) => StreamLike;
  timers?: Timers;
  /** Poll period of the open alerts (default 60 s). */
  pollMs?: number;
}

/** Open alerts as last read; null until the first answer (or when it cannot be read, e.g. logged out). */
export const openAlertsStore = /* @__PURE__ */ createStore<readonly Alert[] | null>(null);

const browserTimers: Timers = {
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
};

/** Reads one frame's data; anything that is not an alert message is dropped (never shown half). */
export function parseMessage(data: unknown): AlertStreamMessage | null {
  if (typeof data !== "string") return null;
  try {
    const m = JSON.parse(data) as Partial<AlertStreamMessage> | null;
    if (!m || typeof m !== "object" || typeof m.title !== "string" || typeof m.event !== "string")
      return null;
    return m as AlertStreamMessage;
  } catch {
    return null;
  }
}

export class AlertFeed {
  private stream: StreamLike | null = null;
  private poll: unknown = null;
  private reading = 0;
  private readonly timers: Timers;

  constructor(private readonly opts: AlertFeedOptions) {
    this.timers = opts.timers ?? browserTimers;
  }

  start(): void {
    if (this.stream) return;
    const create = this.opts.create ?? ((url: string) => new EventSource(url) as unknown as StreamLike);
    this.stream = create(this.opts.url);
    this.stream.addEventListener("alert", (ev) => {
      const message = parseMessage(ev.data);
      if (!message) return;
      this.opts.onMessage(message);
      this.refresh();
    });
    this.poll = this.timers.setInterval(() => this.refresh(), this.opts.pollMs ?? 60_000);
    this.refresh();
  }

  /** Re-reads the open alerts; only the newest read's answer is kept. */
  refresh(): void {
    const mine = ++this.reading;
    this.opts.readOpen().then(
      (alerts) => {
        if (mine === this.reading) openAlertsStore.set(alerts);
      },
      () => {
        // Not readable now (logged out with read access off, gateway restarting): the badge shows nothing.
        if (mine === this.reading) openAlertsStore.set(null);
      },
    );
  }

  stop(): void {
    this.stream?.close();
    this.stream = null;
    if (this.poll !== null) this.timers.clearInterval(this.poll);
    this.poll = null;
    this.reading++;
  }
}
