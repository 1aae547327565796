/** The console socket (API.md §3.3): a plain class feeding a store; React only reads the store. */
import { createStore, type Store } from "../../lib/store";
import { prefixChunk, timePrefix, trimLog } from "./lines";

/** SEED §9: ping every 5 s; the same timer reconnects when it finds the socket not open. */
export const PING_MS = 5000;
const MAX_CHARS = 200_000;

/** The part of WebSocket this class uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
}

export interface ConsoleDeps {
  /** Opens a socket that hands every text frame to `onText`. */
  connect: (url: string, onText: (text: string) => void) => SocketLike;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
  now: () => Date;
}

const OPEN = 1;

export class ConsoleSocket {
  readonly text: Store<string> = createStore("");
  private ws: SocketLike | undefined;
  private timer: unknown;
  private atLineStart = true;
  private readonly url: string;
  private readonly deps: ConsoleDeps;

  constructor(url: string, deps: ConsoleDeps) {
    this.url = url;
    this.deps = deps;
  }

  start(): void {
    this.open();
    this.timer = this.deps.setInterval(() => this.tick(), PING_MS);
  }

  stop(): void {
    this.deps.clearInterval(this.timer);
    this.drop();
  }

  clear(): void {
    this.text.set("");
  }

  /** Adds one frame of device output. */
  receive(chunk: string): void {
    const r = prefixChunk(chunk, this.atLineStart, timePrefix(this.deps.now()));
    this.atLineStart = r.atLineStart;
    if (r.text) this.text.set(trimLog(this.text.get() + r.text, MAX_CHARS));
  }

  private tick(): void {
    if (this.ws?.readyState === OPEN) this.ws.send("ping");
    else this.open();
  }

  private open(): void {
    this.drop();
    try {
      this.ws = this.deps.connect(this.url, (text) => this.receive(text));
    } catch {
      this.ws = undefined; // bad URL or blocked: the next tick tries again
    }
  }

  private drop(): void {
    if (!this.ws) return;
    this.ws.close();
    this.ws = undefined;
  }
}
