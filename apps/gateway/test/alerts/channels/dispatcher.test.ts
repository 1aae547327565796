/**
 * The dispatcher with hand-driven timers: never blocks the caller, cuts an attempt off at 10 s (even when a channel
 * ignores its signal), retries with back-off, reports every attempt, and `test()` makes one bounded attempt per
 * channel. The last block uses real servers: a sink that never answers and a dead port delay nothing else.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AlertChannelName } from "@dtu/api/alerts";
import type { Channel, ChannelMessage, DeliveryResult } from "../../../src/alerts/contracts.ts";
import { browserChannel } from "../../../src/alerts/channels/browser.ts";
import { CodedError, coded } from "../../../src/alerts/codes.ts";
import { createChannels, createDispatcher, createBrowserHub } from "../../../src/alerts/channels/index.ts";
import { ManualTimers, deadPort, makeMessage, startSink, type Sink } from "./helpers.ts";

/** The e-mail channel's attempt cut off at 10 s (the clock starts at 1_790_000_000). */
const TIMED_OUT = {
  channel: "email",
  at: 1_790_000_010,
  ok: false,
  error: "no answer within 10 s",
  code: "timeout",
  params: { seconds: 10 },
};

type Behaviour = "ok" | "fail" | "hang" | "throw";

/** A channel that follows a script of outcomes, one per attempt (the last one repeats). */
class ScriptedChannel implements Channel {
  readonly signals: AbortSignal[] = [];
  readonly sent: ChannelMessage[] = [];
  closed = false;
  constructor(
    readonly name: AlertChannelName,
    private readonly script: Behaviour[],
  ) {}
  send(message: ChannelMessage, signal: AbortSignal): Promise<void> {
    const behaviour = this.script[Math.min(this.sent.length, this.script.length - 1)];
    this.sent.push(message);
    this.signals.push(signal);
    if (behaviour === "throw") throw new Error("thrown synchronously");
    if (behaviour === "ok") return Promise.resolve();
    if (behaviour === "fail") return Promise.reject(new Error("receiver said no"));
    return new Promise(() => {}); // "hang": ignores the signal on purpose
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

const clockAt = (timers: ManualTimers) => ({ now: () => 1_790_000_000_000 + timers.now });

function setup(channels: Channel[], retryDelaysMs = [30_000, 120_000]) {
  const timers = new ManualTimers();
  const logs: string[] = [];
  const dispatcher = createDispatcher({
    channels,
    timers,
    clock: clockAt(timers),
    retryDelaysMs,
    log: (l) => logs.push(l),
  });
  const results: DeliveryResult[] = [];
  return { timers, logs, dispatcher, results, onResult: (r: DeliveryResult) => results.push(r) };
}

describe("dispatcher", () => {
  it("records a browser delivery with no page open once: no retry, no console line, a failing sibling retried", async () => {
    const browser = browserChannel(createBrowserHub());
    const bad = new ScriptedChannel("ntfy", ["fail"]);
    const { dispatcher, results, onResult, timers, logs } = setup([browser, bad]);
    dispatcher.deliver(makeMessage(), onResult);
    await timers.advance(0);
    await timers.advance(60 * 60_000);
    expect(results.filter((r) => r.channel === "browser")).toEqual([
      {
        channel: "browser",
        at: 1_790_000_000,
        ok: false,
        error: "no page of the app is open",
        code: "no_page",
        params: {},
      },
    ]);
    expect(bad.sent).toHaveLength(3); // the first attempt and two retries
    expect(logs.filter((l) => l.includes("browser"))).toEqual([]);
    expect(logs.filter((l) => l.includes("ntfy delivery failed"))).toHaveLength(3);
  });

  it("returns at once and reports one result per channel", async () => {
    const ok = new ScriptedChannel("webhook", ["ok"]);
    const bad = new ScriptedChannel("ntfy", ["fail", "ok"]);
    const { dispatcher, results, onResult, timers } = setup([ok, bad]);
    dispatcher.deliver(makeMessage(), onResult);
    expect(results).toEqual([]); // nothing reported synchronously: the caller is never held
    await timers.advance(0);
    expect(results).toEqual([
      { channel: "webhook", at: 1_790_000_000, ok: true, error: null },
      { channel: "ntfy", at: 1_790_000_000, ok: false, error: "receiver said no" },
    ]);
  });

  it("keeps a server's answer text off the stored delivery and the console; only the admin's test has it", async () => {
    const server: Channel = {
      name: "webhook",
      send: () =>
        Promise.reject(
          new CodedError("HTTP 401 Unauthorized", coded("http_status", { status: 401, detail: "echo: abc" })),
        ),
      close: async () => undefined,
    };
    const { dispatcher, results, onResult, timers, logs } = setup([server]);
    dispatcher.deliver(makeMessage(), onResult);
    await timers.advance(0);
    expect(results[0]).toMatchObject({ error: "HTTP 401 Unauthorized", params: { status: 401, detail: "" } });
    expect(logs.join("\n")).not.toContain("echo");
    const [tested] = await dispatcher.test(makeMessage());
    expect(tested?.params).toEqual({ status: 401, detail: "echo: abc" });
  });

  it("cuts an attempt off after 10 s even if the channel ignores its signal, and aborts the signal", async () => {
    const hang = new ScriptedChannel("email", ["hang"]);
    const { dispatcher, results, onResult, timers } = setup([hang], []);
    dispatcher.deliver(makeMessage(), onResult);
    await timers.advance(9_999);
    expect(results).toEqual([]);
    expect(hang.signals[0]?.aborted).toBe(false);
    await timers.advance(1);
    expect(results).toEqual([TIMED_OUT]);
    expect(hang.signals[0]?.aborted).toBe(true);
  });

  it("retries with back-off until the channel takes it, then stops", async () => {
    const flaky = new ScriptedChannel("webhook", ["fail", "fail", "ok"]);
    const { dispatcher, results, onResult, timers } = setup([flaky]);
    dispatcher.deliver(makeMessage(), onResult);
    await timers.advance(29_999);
    expect(flaky.sent.length).toBe(1);
    await timers.advance(1);
    expect(flaky.sent.length).toBe(2);
    await timers.advance(119_999);
    expect(flaky.sent.length).toBe(2);
    await timers.advance(1);
    expect(results.map((r) => [r.ok, r.at - 1_790_000_000])).toEqual([
      [false, 0],
      [false, 30],
      [true, 150],
    ]);
    expect(timers.pending).toBe(0);
  });

  it("gives up after the last back-off step", async () => {
    const dead = new ScriptedChannel("ntfy", ["fail"]);
    const { dispatcher, results, onResult, timers, logs } = setup([dead]);
    dispatcher.deliver(makeMessage(), onResult);
    await timers.advance(10 * 60_000);
    expect(dead.sent.length).toBe(3); // first attempt + 2 retries
    expect(results.every((r) => !r.ok)).toBe(true);
    expect(timers.pending).toBe(0);
    expect(logs).toContain("Alerts: ntfy delivery failed: receiver said no");
  });

  it("counts a synchronous throw as a failed attempt and survives a throwing onResult", async () => {
    const thrower = new ScriptedChannel("mqtt", ["throw"]);
    const ok = new ScriptedChannel("webhook", ["ok"]);
    const { dispatcher, timers } = setup([thrower, ok], []);
    const seen: DeliveryResult[] = [];
    expect(() =>
      dispatcher.deliver(makeMessage(), (r) => {
        seen.push(r);
        throw new Error("engine bug");
      }),
    ).not.toThrow();
    await timers.advance(0);
    expect(seen.map((r) => [r.channel, r.ok, r.error])).toEqual([
      ["mqtt", false, "thrown synchronously"],
      ["webhook", true, null],
    ]);
  });

  it("retries on the channel configured now; a channel switched off gets no more attempts", async () => {
    const old = new ScriptedChannel("webhook", ["fail"]);
    const gone = new ScriptedChannel("ntfy", ["fail"]);
    const { dispatcher, results, onResult, timers } = setup([old, gone]);
    dispatcher.deliver(makeMessage(), onResult);
    await timers.advance(0);
    const fixed = new ScriptedChannel("webhook", ["ok"]);
    await dispatcher.setChannels([fixed]);
    expect(old.closed && gone.closed).toBe(true);
    await timers.advance(30_000);
    expect(fixed.sent.length).toBe(1);
    expect(gone.sent.length).toBe(1);
    expect(results.at(-1)).toMatchObject({ channel: "webhook", ok: true });
    expect(results.length).toBe(3);
  });

  it("close() cancels pending retries and closes the channels", async () => {
    const dead = new ScriptedChannel("ntfy", ["fail"]);
    const { dispatcher, onResult, timers } = setup([dead]);
    dispatcher.deliver(makeMessage(), onResult);
    await timers.advance(0);
    await dispatcher.close();
    expect(dead.closed).toBe(true);
    expect(timers.pending).toBe(0);
    await timers.advance(60 * 60_000);
    expect(dead.sent.length).toBe(1);
  });

  it("test(): one attempt per channel, no retries, bounded by the time-out", async () => {
    const channels = [
      new ScriptedChannel("mqtt", ["ok"]),
      new ScriptedChannel("ntfy", ["fail"]),
      new ScriptedChannel("email", ["hang"]),
    ];
    const { dispatcher, timers } = setup(channels);
    let answer: DeliveryResult[] | null = null;
    void dispatcher.test(makeMessage({ event: "test", alert: null })).then((r) => (answer = r));
    await timers.advance(9_000);
    expect(answer).toBeNull();
    await timers.advance(1_000);
    expect(answer).toEqual([
      { channel: "mqtt", at: 1_790_000_000, ok: true, error: null },
      { channel: "ntfy", at: 1_790_000_000, ok: false, error: "receiver said no" },
      TIMED_OUT,
    ]);
    await timers.advance(60 * 60_000);
    expect(channels.map((c) => c.sent.length)).toEqual([1, 1, 1]);
  });
});

describe("a dead or slow channel delays nothing else (real servers)", () => {
  let sink: Sink;
  let live: Server;
  let liveUrl = "";

  beforeAll(async () => {
    sink = await startSink();
    sink.setHandler("never");
    // Stands in for the gateway's live data: it must keep answering at once while deliveries hang.
    live = createServer((_req, res) => res.end("{}"));
    await new Promise<void>((resolve) => live.listen(0, "127.0.0.1", resolve));
    liveUrl = `http://127.0.0.1:${(live.address() as AddressInfo).port}/api/livedata/status`;
    await (await fetch(liveUrl)).text(); // warm up fetch itself, so its first-use cost is not measured below
  });

  afterAll(async () => {
    await sink.close();
    await new Promise<void>((resolve) => live.close(() => resolve()));
  });

  it("serves a concurrent request promptly while one channel hangs and another's port is dead", async () => {
    const dead = await deadPort();
    const logs: string[] = [];
    const channels = createChannels(
      {
        mqtt: {
          enabled: false,
          url: "",
          username: "",
          topic: "solar/",
          hass: false,
          hass_prefix: "homeassistant/",
        },
        ntfy: { enabled: true, url: `http://127.0.0.1:${dead}`, topic: "alerts", token: "tok-SECRET-1" },
        webhook: { enabled: true, url: `${sink.url}/hook`, secret: "whsec-SECRET-2" },
        email: {
          enabled: false,
          host: "localhost",
          port: 587,
          security: "starttls",
          username: "",
          from: "dtu@example.org",
          to: "owner@example.org",
        },
        browser: { enabled: false },
      },
      { clock: { now: () => Date.now() }, log: (l) => logs.push(l), hub: createBrowserHub() },
    );
    // A short real time-out keeps the test fast; the 10 s default is proven with hand-driven timers above. Had the
    // hanging delivery blocked anything, the request below would take at least this long.
    const dispatcher = createDispatcher({
      channels,
      timeoutMs: 1_500,
      retryDelaysMs: [],
      log: (l) => logs.push(l),
    });
    const results: DeliveryResult[] = [];
    const started = performance.now();
    dispatcher.deliver(makeMessage(), (r) => results.push(r));
    expect(results).toEqual([]);
    expect(performance.now() - started).toBeLessThan(200);

    const t0 = performance.now();
    const answer = await fetch(liveUrl);
    expect(answer.status).toBe(200);
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(results.some((r) => r.channel === "webhook")).toBe(false); // still hanging while the request was served
    await expect.poll(() => results.length, { timeout: 3_000 }).toBe(2);

    const byName = Object.fromEntries(results.map((r) => [r.channel, r]));
    expect(byName["ntfy"]).toMatchObject({ ok: false, error: "connection refused" });
    expect(byName["webhook"]).toMatchObject({ ok: false, error: "no answer within 1.5 s" });
    // The hanging request was really aborted, not left open.
    await expect.poll(() => sink.abandoned, { timeout: 2_000 }).toBe(1);
    expect(logs).toEqual([
      "Alerts: ntfy delivery failed: connection refused",
      "Alerts: webhook delivery failed: no answer within 1.5 s",
    ]);
    for (const text of [...results.map((r) => r.error), ...logs]) expect(text).not.toMatch(/SECRET/);
    await dispatcher.close();
  });
});
