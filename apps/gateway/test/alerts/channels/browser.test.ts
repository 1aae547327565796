/**
 * The browser channel's hub over a real HTTP server: a page's event stream gets each message at once as
 * `event: alert` + JSON (mounted on Fastify as the README shows), delivery fails with "no page of the app is open" when none is, a closed page is dropped,
 * heartbeats keep the stream alive (hand-driven timers).
 */
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeOf } from "../../../src/alerts/codes.ts";
import type { AlertStreamMessage } from "@dtu/api/alerts";
import { browserChannel } from "../../../src/alerts/channels/browser.ts";
import { NO_PAGE, createBrowserHub, type BrowserHub } from "../../../src/alerts/channels/index.ts";
import { ManualTimers, makeMessage } from "./helpers.ts";

const never = new AbortController().signal;

/** A page: reads the stream and splits it into SSE frames. */
async function openPage(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const frames: string[] = [];
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          frames.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  return {
    response,
    frames,
    alerts: () =>
      frames
        .filter((f) => f.startsWith("event: alert\n"))
        .map((f) => JSON.parse(f.slice("event: alert\ndata: ".length)) as AlertStreamMessage),
    async close() {
      controller.abort();
      await pump;
    },
  };
}

describe("browser channel and its event stream", () => {
  let app: FastifyInstance;
  let hub: BrowserHub;
  let url = "";
  const timers = new ManualTimers();

  beforeAll(async () => {
    hub = createBrowserHub({ timers });
    // Mounted the way the README tells the engine to: the route hands the raw request and response to the hub.
    app = Fastify({ forceCloseConnections: true });
    app.get("/api/alerts/stream", (request, reply) => {
      reply.hijack();
      hub.serve(request.raw, reply.raw);
    });
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    url = `${address}/api/alerts/stream`;
  });

  afterAll(async () => {
    hub.close();
    await app.close();
  });

  it("fails in words and with its code while no page is open", async () => {
    const error = await browserChannel(hub)
      .send(makeMessage(), never)
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(NO_PAGE);
    expect(codeOf(error)).toEqual({ code: "no_page", params: {} });
  });

  it("delivers to every open page at once, as `event: alert` with the message as JSON", async () => {
    const a = await openPage(url);
    const b = await openPage(url);
    try {
      expect(a.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(a.response.headers.get("cache-control")).toBe("no-store");
      await expect.poll(() => hub.pages).toBe(2);
      const message = makeMessage({ title: "Line\nbreak </script>" });
      await browserChannel(hub).send(message, never);
      await expect.poll(() => b.alerts().length).toBe(1);
      const { event, alert, severity, title, text, sent } = message;
      expect(a.alerts()).toEqual([{ event, alert, severity, title, text, sent }]);
      expect(a.frames[0]).toBe("retry: 5000");
    } finally {
      await a.close();
      await b.close();
    }
    await expect.poll(() => hub.pages).toBe(0);
    await expect(browserChannel(hub).send(makeMessage(), never)).rejects.toThrow(NO_PAGE);
  });

  it("sends a heartbeat comment while pages are open, and stops when the last one left", async () => {
    const page = await openPage(url);
    await expect.poll(() => hub.pages).toBe(1);
    await timers.advance(25_000);
    await expect.poll(() => page.frames.includes(": ping")).toBe(true);
    await page.close();
    await expect.poll(() => hub.pages).toBe(0);
    expect(timers.pending).toBe(0);
  });
});
