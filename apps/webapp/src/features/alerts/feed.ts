/**
 * The browser channel, page side (issue 23 §2), without React: the alert stream `GET /api/alerts/stream`
 * (Server-Sent Events, packages/api/src/alerts.ts `AlertStreamMessage`) and a light poll of the open alerts feed
 * `openAlertsStore` (the menu badge, an inverter's panel, the Alerts screen). Every message of the stream is handed
 * to `onMessage` (toast, system notification) and re-reads the open alerts at once; the poll catches what a dropped
 * stream missed. The stream is read with fetch (lib/http.ts `openStream`), not EventSource, so it carries the app's
 * credentials when read-only access is off.
 */
import type { Alert, AlertStreamMessage } from "@dtu/api/alerts";
import { createStore } from "../../lib/store";

export type OpenStream = (url: string, signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export interface AlertFeedOptions {
  url: string;
  open: OpenStream;
  /** Reads the open alerts (GET /api/alerts?state=open). */
  readOpen: () => Promise<readonly Alert[]>;
  onMessage: (message: AlertStreamMessage) => void;
  timers?: Timers;
  /** Poll period of the open alerts (default 60 s). */
  pollMs?: number;
  /** Reconnect after a stream that was open ended (default 5 s, the gateway's `retry:`). */
  retryMs?: number;
  /** Next try after the stream could not be opened (refused, gateway away; default 60 s). */
  failedMs?: number;
}

/** Open alerts as last read; null until the first answer (or when it cannot be read, e.g. logged out). */
export const openAlertsStore = /* @__PURE__ */ createStore<readonly Alert[] | null>(null);

const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
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

/**
 * Splits received text into complete Server-Sent-Events frames (a blank line ends one): each frame's event name
 * and data (data lines joined by newlines); comments (`: ping`) and `retry:` give no data. Returns the unfinished rest.
 */
export function takeFrames(text: string): { frames: { event: string; data: string }[]; rest: string } {
  const parts = text.replace(/\r\n?/g, "\n").split("\n\n");
  const rest = parts.pop() ?? "";
  const frames = [];
  for (const part of parts) {
    let event = "message";
    const data: string[] = [];
    for (const line of part.split("\n")) {
      const colon = line.indexOf(":");
      if (colon === 0) continue;
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
    }
    if (data.length > 0) frames.push({ event, data: data.join("\n") });
  }
  return { frames, rest };
}

export class AlertFeed {
  private running = false;
  private abort: AbortController | null = null;
  private poll: unknown = null;
  private retry: unknown = null;
  private reading = 0;
  private readonly timers: Timers;

  constructor(private readonly opts: AlertFeedOptions) {
    this.timers = opts.timers ?? browserTimers;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.poll = this.timers.setInterval(() => this.refresh(), this.opts.pollMs ?? 60_000);
    this.refresh();
    void this.connect();
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
    this.running = false;
    this.abort?.abort();
    this.abort = null;
    if (this.poll !== null) this.timers.clearInterval(this.poll);
    if (this.retry !== null) this.timers.clearTimeout(this.retry);
    this.poll = this.retry = null;
    this.reading++;
  }

  private async connect(): Promise<void> {
    const ctl = new AbortController();
    this.abort = ctl;
    let opened = false;
    try {
      const body = await this.opts.open(this.opts.url, ctl.signal);
      opened = true;
      const reader = body.getReader();
      const decoder = new TextDecoder();
      let rest = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const taken = takeFrames(rest + decoder.decode(value, { stream: true }));
        rest = taken.rest;
        for (const f of taken.frames) if (f.event === "alert") this.deliver(f.data);
      }
    } catch {
      // Refused, dropped or stopped: the retry below (unless stopped) and the poll cover it.
    }
    if (!this.running || this.abort !== ctl) return;
    this.retry = this.timers.setTimeout(
      () => {
        this.retry = null;
        if (this.running) void this.connect();
      },
      opened ? (this.opts.retryMs ?? 5_000) : (this.opts.failedMs ?? 60_000),
    );
  }

  private deliver(data: string): void {
    const message = parseMessage(data);
    if (!message) return;
    this.opts.onMessage(message);
    this.refresh();
  }
}
