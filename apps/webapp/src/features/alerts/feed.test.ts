import { afterEach, describe, expect, it, vi } from "vitest";
import type { Alert, AlertStreamMessage } from "@dtu/api/alerts";
import { AlertFeed, openAlertsStore, parseMessage, takeFrames, type Timers } from "./feed";

const alert = (id: number): Alert => ({
  id,
  kind: "inverter_silent",
  severity: "critical",
  serial: "116482345678",
  name: "Roof",
  channel: null,
  title: "Roof is not answering",
  detail: "",
  started: 1,
  cleared: null,
  acknowledged: false,
  deliveries: [],
});

/** A stream body the test writes to, as the gateway's SSE answer. */
function fakeBody() {
  let ctl!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (ctl = c) });
  const enc = new TextEncoder();
  return { body, write: (text: string) => ctl.enqueue(enc.encode(text)), end: () => ctl.close() };
}

function manualTimers() {
  const intervals: (() => void)[] = [];
  const timeouts: { fn: () => void; ms: number }[] = [];
  const timers: Timers = {
    setInterval: (fn) => intervals.push(fn),
    clearInterval: () => void intervals.splice(0),
    setTimeout: (fn, ms) => timeouts.push({ fn, ms }),
    clearTimeout: () => void timeouts.splice(0),
  };
  return { intervals, timeouts, timers };
}

const raised = {
  event: "raised",
  alert: alert(1),
  title: "Roof is not answering",
  text: "",
  sent: 2,
  severity: "critical",
} satisfies AlertStreamMessage;

afterEach(() => openAlertsStore.set(null));

describe("the alert feed (browser channel, page side)", () => {
  it("reads alert frames of the stream (split anywhere), re-reads the open alerts, polls, reconnects, stops", async () => {
    const first = fakeBody();
    const opened: AbortSignal[] = [];
    const bodies = [first.body, fakeBody().body];
    const { intervals, timeouts, timers } = manualTimers();
    let open: Alert[] = [];
    const seen: AlertStreamMessage[] = [];
    const feed = new AlertFeed({
      url: "/api/alerts/stream",
      open: (_url, signal) => {
        opened.push(signal);
        return Promise.resolve(bodies.shift() as ReadableStream<Uint8Array>);
      },
      readOpen: () => Promise.resolve(open),
      onMessage: (m) => seen.push(m),
      timers,
    });
    feed.start();
    await vi.waitFor(() => expect(openAlertsStore.get()).toEqual([]));
    open = [alert(1)];
    const frame = `retry: 5000\n\n: ping\n\nevent: alert\ndata: ${JSON.stringify(raised)}\n\n`;
    first.write(frame.slice(0, 40));
    first.write(frame.slice(40));
    await vi.waitFor(() => expect(seen.map((m) => m.title)).toEqual(["Roof is not answering"]));
    await vi.waitFor(() => expect(openAlertsStore.get()).toHaveLength(1));
    open = [];
    intervals[0]?.();
    await vi.waitFor(() => expect(openAlertsStore.get()).toEqual([]));
    // The gateway ended the stream: a new one after the gateway's retry time.
    first.end();
    await vi.waitFor(() => expect(timeouts.map((t) => t.ms)).toEqual([5000]));
    timeouts[0]?.fn();
    await vi.waitFor(() => expect(opened).toHaveLength(2));
    feed.stop();
    expect(opened[1]?.aborted).toBe(true);
    expect(intervals).toHaveLength(0);
  });

  it("waits longer after a refused stream, and shows nothing when the list cannot be read", async () => {
    const { timeouts, timers } = manualTimers();
    openAlertsStore.set([alert(3)]);
    const feed = new AlertFeed({
      url: "/s",
      open: () => Promise.reject(new Error("401")),
      readOpen: () => Promise.reject(new Error("401")),
      onMessage: () => undefined,
      timers,
    });
    feed.start();
    await vi.waitFor(() => expect(openAlertsStore.get()).toBeNull());
    await vi.waitFor(() => expect(timeouts.map((t) => t.ms)).toEqual([60_000]));
    feed.stop();
  });

  it("takes whole frames only and drops frames that are not alert messages", () => {
    expect(takeFrames("event: alert\ndata: a\ndata: b\n\nevent: alert\nda")).toEqual({
      frames: [{ event: "alert", data: "a\nb" }],
      rest: "event: alert\nda",
    });
    expect(takeFrames(": ping\r\n\r\nretry: 5000\n\n").frames).toEqual([]);
    for (const data of ["", "{", "null", '{"title":1}', 42, '{"event":"raised"}'])
      expect(parseMessage(data), String(data)).toBeNull();
  });
});
