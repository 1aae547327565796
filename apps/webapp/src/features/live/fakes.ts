/** A fake WebSocket and a hand-driven timer queue for the socket and feed tests. */
import type { SocketLike, Timers } from "./socket";

export class FakeSocket implements SocketLike {
  onopen: SocketLike["onopen"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onclose: SocketLike["onclose"] = null;
  onerror: SocketLike["onerror"] = null;
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.closed = true;
  }
  /** Server side: */
  open(): void {
    this.onopen?.({});
  }
  message(text: string): void {
    this.onmessage?.({ data: text });
  }
  drop(): void {
    this.onclose?.({});
  }
  fail(): void {
    this.onerror?.({});
    this.onclose?.({});
  }
}

export class FakeTimers implements Timers {
  now = 0;
  private next = 1;
  private readonly queue = new Map<number, { at: number; fn: () => void }>();
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.queue.set(id, { at: this.now + ms, fn });
    return id;
  }
  clearTimeout(id: unknown): void {
    this.queue.delete(id as number);
  }
  get pending(): number {
    return this.queue.size;
  }
  /** Moves the clock forward, running due timers in time order. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      let first: [number, { at: number; fn: () => void }] | undefined;
      for (const e of this.queue) if (e[1].at <= end && (!first || e[1].at < first[1].at)) first = e;
      if (!first) break;
      this.queue.delete(first[0]);
      this.now = first[1].at;
      first[1].fn();
    }
    this.now = end;
  }
}
