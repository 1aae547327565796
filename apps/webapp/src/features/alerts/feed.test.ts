import { afterEach, describe, expect, it, vi } from "vitest";
import type { Alert, AlertStreamMessage } from "@dtu/api/alerts";
import { AlertFeed, openAlertsStore, parseMessage, type StreamLike } from "./feed";

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

function fakeStream() {
  const listeners: ((ev: { data: unknown }) => void)[] = [];
  const stream: StreamLike & { closed: boolean } = {
    closed: false,
    addEventListener: (_type, l) => void listeners.push(l),
    close() {
      this.closed = true;
    },
  };
  return { stream, emit: (data: unknown) => listeners.forEach((l) => l({ data })) };
}

const manualTimers = () => {
  const fns: (() => void)[] = [];
  return {
    fns,
    timers: { setInterval: (fn: () => void) => fns.push(fn), clearInterval: () => void fns.splice(0) },
  };
};

afterEach(() => openAlertsStore.set(null));

describe("the alert feed (browser channel, page side)", () => {
  it("hands each message on and re-reads the open alerts; a poll catches up; stop closes the stream", async () => {
    const { stream, emit } = fakeStream();
    const { fns, timers } = manualTimers();
    let open: Alert[] = [];
    const seen: AlertStreamMessage[] = [];
    const feed = new AlertFeed({
      url: "/api/alerts/stream",
      readOpen: () => Promise.resolve(open),
      onMessage: (m) => seen.push(m),
      create: () => stream,
      timers,
    });
    feed.start();
    await vi.waitFor(() => expect(openAlertsStore.get()).toEqual([]));
    open = [alert(1)];
    emit(
      JSON.stringify({
        event: "raised",
        alert: alert(1),
        title: "Roof is not answering",
        text: "",
        sent: 2,
        severity: "critical",
      }),
    );
    expect(seen.map((m) => m.title)).toEqual(["Roof is not answering"]);
    await vi.waitFor(() => expect(openAlertsStore.get()).toHaveLength(1));
    open = [];
    fns[0]?.();
    await vi.waitFor(() => expect(openAlertsStore.get()).toEqual([]));
    feed.stop();
    expect(stream.closed).toBe(true);
    expect(fns).toHaveLength(0);
  });

  it("drops frames that are not alert messages, and shows nothing when the list cannot be read", async () => {
    for (const data of ["", "{", "null", '{"title":1}', 42, '{"event":"raised"}'])
      expect(parseMessage(data), String(data)).toBeNull();
    const { stream } = fakeStream();
    openAlertsStore.set([alert(3)]);
    const feed = new AlertFeed({
      url: "/s",
      readOpen: () => Promise.reject(new Error("401")),
      onMessage: () => undefined,
      create: () => stream,
      timers: manualTimers().timers,
    });
    feed.start();
    await vi.waitFor(() => expect(openAlertsStore.get()).toBeNull());
    feed.stop();
  });
});
