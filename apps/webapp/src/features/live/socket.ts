/**
 * The /livedata WebSocket without React (API.md §3.2, SEED §4, §9): `ping` every 59 s (the timer restarts with
 * every message), a message that is exactly `{}` closes the socket and a new one is opened 10 s later, and any
 * close or error (a gateway reboot, restore, firmware update) is followed by the same 10 s retry. A socket that
 * stays silent for 25 s counts as dead too (a device gone without closing, a stuck proxy): the firmware pushes at
 * least every 10 s (API.md §3.2), so two missed pushes plus slack end it and the same retry follows.
 */
import { timing } from "@dtu/api/limits";

/** The part of the browser WebSocket this class uses; tests pass a fake. */
export interface SocketLike {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

export type CreateSocket = (url: string) => SocketLike;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** connecting: first attempt; open: receiving; retrying: closed, next attempt scheduled; stopped. */
export type ConnectionState = "connecting" | "open" | "retrying" | "stopped";

export interface LiveSocketOptions {
  url: string;
  create?: CreateSocket;
  timers?: Timers;
  onText: (text: string) => void;
  onState?: (state: ConnectionState) => void;
  /** Called on every successful (re)connect: the owner re-reads the GET then (API.md §9.3). */
  onOpen?: () => void;
  /** Called each time a retry is scheduled (after every failed or closed connection). */
  onRetry?: () => void;
  pingMs?: number;
  retryMs?: number;
  /** Silence after which the socket counts as dead (default 25 s). */
  silenceMs?: number;
  /**
   * Asked when the silence timer runs out; false keeps the socket (later firmware sends nothing at all while no
   * inverter is configured, API.md §9.3). Default: always expected.
   */
  expectMessages?: () => boolean;
}

const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};

export class LiveSocket {
  private socket: SocketLike | null = null;
  private pingTimer: unknown = null;
  private retryTimer: unknown = null;
  private silenceTimer: unknown = null;
  private current: ConnectionState = "stopped";
  private readonly create: CreateSocket;
  private readonly timers: Timers;
  private readonly pingMs: number;
  private readonly retryMs: number;

  constructor(private readonly opts: LiveSocketOptions) {
    this.create = opts.create ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.timers = opts.timers ?? browserTimers;
    this.pingMs = opts.pingMs ?? timing.livePingMs;
    this.retryMs = opts.retryMs ?? timing.reconnectMs;
  }

  get state(): ConnectionState {
    return this.current;
  }

  start(): void {
    if (this.current !== "stopped") return;
    this.setState("connecting");
    this.connect();
  }

  stop(): void {
    this.clearTimers();
    this.drop();
    this.setState("stopped");
  }

  private setState(s: ConnectionState): void {
    if (s === this.current) return;
    this.current = s;
    this.opts.onState?.(s);
  }

  private clearTimers(): void {
    if (this.pingTimer !== null) this.timers.clearTimeout(this.pingTimer);
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    if (this.silenceTimer !== null) this.timers.clearTimeout(this.silenceTimer);
    this.pingTimer = this.retryTimer = this.silenceTimer = null;
  }

  /** Detaches and closes the current socket so its late events cannot schedule anything. */
  private drop(): void {
    const s = this.socket;
    this.socket = null;
    if (!s) return;
    s.onopen = s.onmessage = s.onclose = s.onerror = null;
    try {
      s.close();
    } catch {
      /* already closed */
    }
  }

  private connect(): void {
    this.retryTimer = null;
    let s: SocketLike;
    try {
      s = this.create(this.opts.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = s;
    // Also a handshake that never completes ends after the silence time.
    this.armSilence();
    s.onopen = () => {
      this.setState("open");
      this.armSilence();
      this.armPing();
      this.opts.onOpen?.();
    };
    s.onmessage = (ev) => {
      const text = typeof ev.data === "string" ? ev.data : "";
      // SEED §4: `{}` means "reconnect": close now, try again after the retry delay.
      if (text === "{}") {
        this.scheduleRetry();
        return;
      }
      this.armSilence();
      this.armPing();
      this.opts.onText(text);
    };
    // error is usually followed by close; both lead to one retry.
    s.onclose = () => this.scheduleRetry();
    s.onerror = () => this.scheduleRetry();
  }

  private armPing(): void {
    if (this.pingTimer !== null) this.timers.clearTimeout(this.pingTimer);
    this.pingTimer = this.timers.setTimeout(() => {
      this.pingTimer = null;
      try {
        this.socket?.send("ping");
      } catch {
        /* a dead socket reports itself through close */
      }
      this.armPing();
    }, this.pingMs);
  }

  private armSilence(): void {
    if (this.silenceTimer !== null) this.timers.clearTimeout(this.silenceTimer);
    this.silenceTimer = this.timers.setTimeout(() => {
      this.silenceTimer = null;
      if (this.opts.expectMessages?.() === false) this.armSilence();
      else this.scheduleRetry();
    }, this.opts.silenceMs ?? 25_000);
  }

  private scheduleRetry(): void {
    if (this.current === "stopped") return;
    this.clearTimers();
    this.drop();
    this.setState("retrying");
    this.retryTimer = this.timers.setTimeout(() => this.connect(), this.retryMs);
    this.opts.onRetry?.();
  }
}
