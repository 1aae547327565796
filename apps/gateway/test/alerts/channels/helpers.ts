/** Shared pieces of the channel tests: messages, a real HTTP sink on loopback, a dead port, hand-driven timers. */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createTcpServer, type AddressInfo } from "node:net";
import type { Alert } from "@dtu/api/alerts";
import type { ChannelMessage } from "../../../src/alerts/contracts.ts";
import type { Timers } from "../../../src/alerts/channels/index.ts";

export function makeAlert(over: Partial<Alert> = {}): Alert {
  return {
    id: 7,
    kind: "inverter_silent",
    severity: "critical",
    serial: "116482345678",
    name: "Roof east",
    channel: null,
    title: "Roof east is not answering",
    detail: "No answer for 30 minutes while the sun is up.",
    started: 1_790_000_000,
    cleared: null,
    acknowledged: false,
    deliveries: [],
    ...over,
  };
}

export function makeMessage(over: Partial<ChannelMessage> = {}): ChannelMessage {
  const alert = over.alert === undefined ? makeAlert() : over.alert;
  return {
    event: "raised",
    alert,
    severity: alert?.severity ?? "info",
    title: alert?.title ?? "Test message",
    text: alert?.detail ?? "This is a test of the alert channel.",
    sent: 1_790_000_100,
    ...over,
  };
}

export interface SinkRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The exact bytes received. */
  raw: Buffer;
  body: string;
}

export type SinkHandler = (req: SinkRequest, res: ServerResponse) => void;

export interface Sink {
  url: string;
  requests: SinkRequest[];
  /** Requests whose connection closed before an answer (e.g. aborted by the sender). */
  abandoned: number;
  setHandler(handler: SinkHandler | "never"): void;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that records each request; answers 200 unless told otherwise. */
export async function startSink(): Promise<Sink> {
  let handler: SinkHandler | "never" = (_req, res) => res.end("ok");
  const sink: Sink = {
    url: "",
    requests: [],
    abandoned: 0,
    setHandler: (h) => (handler = h),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const request = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        raw,
        body: raw.toString("utf8"),
      };
      sink.requests.push(request);
      if (handler === "never") {
        res.on("close", () => sink.abandoned++);
        return;
      }
      handler(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  sink.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return sink;
}

/** A loopback port with nothing listening (connection refused). */
export async function deadPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Lets pending promise chains (and I/O callbacks) run. */
export const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Timers moved by hand: `advance(ms)` runs what falls due in order, letting promises settle in between. */
export class ManualTimers implements Timers {
  now = 0;
  private seq = 0;
  private readonly due = new Map<number, { at: number; fn: () => void }>();

  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = ++this.seq;
    this.due.set(id, { at: this.now + ms, fn });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.due.delete(handle as number);
  };

  get pending(): number {
    return this.due.size;
  }

  async advance(ms: number): Promise<void> {
    const target = this.now + ms;
    for (;;) {
      await settle();
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.due)
        if (entry[1].at <= target && (!next || entry[1].at < next[1].at)) next = entry;
      if (next === undefined) break;
      this.due.delete(next[0]);
      this.now = next[1].at;
      next[1].fn();
    }
    this.now = target;
    await settle();
  }
}
