/**
 * The live data feed: one store fed by the initial GET, the /livedata socket and `?inv=` detail requests
 * (API.md §3.1, §3.2, §9.2, §9.3). No React here; components read it through the hooks of hooks.ts.
 */
import { endpoints, sockets } from "@dtu/api/endpoints";
import type { LiveInverter } from "@dtu/api/live";
import type { NtpStatus } from "@dtu/api/settings";
import type { SystemStatus } from "@dtu/api/system";
import { getJson, toHttpError, type HttpError } from "../../lib/http";
import { socketUrl } from "../../lib/base";
import { createStore, type Store } from "../../lib/store";
import { applyDocument, emptyState, missingDetail, type LiveMessage, type LiveState } from "./merge";
import { sunFacts, type DeviceFacts } from "./state";
import { LiveSocket, type ConnectionState, type CreateSocket, type Timers } from "./socket";

export interface FeedState extends LiveState {
  readonly connection: ConnectionState;
  /**
   * The socket is down but the GET read at each retry answers, so the values stay fresh (e.g. a socket refused for
   * lack of credentials, API.md §9.4). False again when the socket opens or a GET fails.
   */
  readonly polling: boolean;
  /** The last failed GET while nothing was loaded yet (the page shows it with Retry). */
  readonly error: HttpError | undefined;
  /** Device start and day/night, for the inverter states (state.ts). */
  readonly facts: DeviceFacts;
}

export interface FeedDeps {
  fetchJson?: <T>(path: string) => Promise<T>;
  createSocket?: CreateSocket;
  timers?: Timers;
  now?: () => number;
  url?: string;
}

function parse(text: string): LiveMessage | undefined {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
    return v as LiveMessage;
  } catch {
    return undefined;
  }
}

/** An inverter of a document whose state hangs on the sun: silent, or not polled (state.ts `inverterStatus`). */
function silent(x: unknown): boolean {
  const i = x as Partial<LiveInverter> | null;
  return i?.reachable === false || i?.poll_enabled === false;
}

/** How recent a GET (asked or answered) must be for a socket open to reuse it instead of asking again. */
const REUSE_GET_MS = 3000;
/** Sun facts asked again while an inverter is silent: after a minute while the device had none, else hourly. */
const SUN_RETRY_MS = 60_000;
const SUN_REFRESH_MS = 3_600_000;

export class LiveFeed {
  readonly store: Store<FeedState>;
  private socket: LiveSocket | null = null;
  /** Serials asked for detail since the last GET: at most one `?inv=` request per inverter and GET. */
  private readonly detailAsked = new Set<string>();
  private users = 0;
  private generation = 0;
  /** The GET under way (with the generation it belongs to) and when the last one answered (deps.now). */
  private pending: { gen: number; at: number } | null = null;
  private answeredAt = Number.NEGATIVE_INFINITY;
  private sunAskedAt = Number.NEGATIVE_INFINITY;
  private readonly fetchJson: <T>(path: string) => Promise<T>;
  private readonly now: () => number;

  constructor(private readonly deps: FeedDeps = {}) {
    this.store = createStore<FeedState>({
      ...emptyState,
      connection: "stopped",
      polling: false,
      error: undefined,
      facts: {},
    });
    this.fetchJson = deps.fetchJson ?? ((p) => getJson(p));
    this.now = deps.now ?? (() => Date.now());
  }

  /** Reference-counted start: the first user opens the feed, the last one closes it. */
  acquire(): () => void {
    if (this.users++ === 0) this.start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.users === 0) this.stop();
    };
  }

  private patch(p: Partial<FeedState>): void {
    this.store.set({ ...this.store.get(), ...p });
  }

  /** Applies one document; the previous state object stays untouched (merge.ts never mutates). */
  apply(msg: LiveMessage, authoritative = false): void {
    const cur = this.store.get();
    const next = applyDocument(cur, msg, this.now(), authoritative);
    if (next !== cur) this.store.set({ ...cur, ...next, error: undefined });
    this.fetchMissingDetail();
    // While an inverter is silent its state hangs on the sun: asked again when the device had none yet (its clock
    // syncs after a restart, API.md §4.8) and now and then while the page stays open.
    const { order, inverters, facts } = this.store.get();
    const at = this.now();
    if (
      at - this.sunAskedAt >= (facts.sun ? SUN_REFRESH_MS : SUN_RETRY_MS) &&
      order.some((k) => inverters[k]?.data.reachable === false)
    )
      void this.askSun({ gen: this.generation });
  }

  private askSun(req: { gen: number }): Promise<void> {
    this.sunAskedAt = this.now();
    return this.fact<NtpStatus>(req, endpoints.ntpStatus.path, (n) => ({ sun: sunFacts(n, this.now()) }));
  }

  /**
   * One device fact from a read-access answer, for the GET `req` (whose generation a start may adopt); a failed
   * request leaves the fact unknown. Resolves once the fact is in (or not to be had).
   */
  private fact<T>(req: { gen: number }, path: string, pick: (answer: T) => DeviceFacts): Promise<void> {
    return this.fetchJson<T>(path).then(
      (a) => {
        if (req.gen === this.generation) this.patch({ facts: { ...this.store.get().facts, ...pick(a) } });
      },
      () => undefined,
    );
  }

  /**
   * Asks for the first GET before the rest of the app has run (main.tsx, on the live view's path): the answer
   * travels while React loads, and `start` adopts it instead of asking again.
   */
  prefetch(): void {
    if (!this.pending) this.reload();
  }

  /** The GET: on start, on every (re)connect and on Retry. It is the authority on which serials exist. */
  reload(): void {
    const req = { gen: this.generation, at: this.now() };
    this.pending = req;
    const done = () => {
      if (this.pending === req) this.pending = null;
      return req.gen === this.generation;
    };
    this.fetchJson<LiveMessage>(endpoints.liveStatus.path).then(
      (doc) => {
        if (!done()) return;
        const show = () => {
          if (req.gen !== this.generation) return;
          this.answeredAt = this.now();
          this.detailAsked.clear();
          this.apply(doc, true);
          if (this.store.get().connection === "retrying") this.patch({ polling: true });
        };
        // The sun tells a sleeping inverter from a failed one, and an inverter polled only by day (state.ts): asked
        // when the document has one that is silent or not polled, and shown with it, so that no red "Not answering"
        // flashes at night. By day with every inverter answering the first value waits for nothing but this GET.
        if (doc.inverters?.some(silent)) void this.askSun(req).then(show);
        else show();
      },
      (e: unknown) => {
        if (!done()) return;
        this.patch(this.store.get().loaded ? { polling: false } : { polling: false, error: toHttpError(e) });
      },
    );
    // Every GET follows a (re)connect, so also any restart: the uptime dates the start (never-read inverters).
    // Asked with the GET, so that no state shows before it.
    void this.fact<SystemStatus>(req, endpoints.systemStatus.path, (s) => ({
      bootAt: typeof s.uptime === "number" ? this.now() - s.uptime * 1000 : undefined,
    }));
  }

  private fetchMissingDetail(): void {
    for (const serial of missingDetail(this.store.get())) {
      if (this.detailAsked.has(serial)) continue;
      this.detailAsked.add(serial);
      const gen = this.generation;
      const path = `${endpoints.liveStatus.path}?inv=${encodeURIComponent(serial)}`;
      this.fetchJson<LiveMessage>(path)
        .then((doc) => {
          if (gen !== this.generation) return;
          // Only the asked inverter counts as detail; total and hints come along (API.md §9.2).
          const inverters = (doc.inverters ?? []).filter(
            (i): i is LiveInverter => (i as LiveInverter | undefined)?.serial === serial,
          );
          // An answer still without AC is not applied; detailAsked keeps it from being asked again until the
          // next GET (otherwise each message would fire the request once more).
          if (inverters.some((i) => i.AC !== undefined)) this.apply({ ...doc, inverters });
        })
        .catch(() => undefined);
    }
  }

  private start(): void {
    this.generation++;
    this.patch({ connection: "connecting", error: undefined });
    // A GET asked while stopped, right before this start (the prefetch), is this start's GET; so is one that
    // answered in the last seconds (the prefetch on a fast link, or a quick return to the page).
    if (this.pending?.gen === this.generation - 1) this.pending.gen = this.generation;
    else if (!this.store.get().loaded || this.now() - this.answeredAt >= REUSE_GET_MS) this.reload();
    const url = this.deps.url ?? socketUrl(location, sockets.live);
    this.socket = new LiveSocket({
      url,
      ...(this.deps.createSocket ? { create: this.deps.createSocket } : {}),
      ...(this.deps.timers ? { timers: this.deps.timers } : {}),
      onText: (text) => {
        const msg = parse(text);
        if (msg) this.apply(msg);
      },
      onState: (connection) =>
        this.patch({ connection, polling: connection === "retrying" && this.store.get().polling }),
      // No inverter, no pushes on later firmware (API.md §9.3): silence is only suspicious with inverters.
      expectMessages: () => this.store.get().order.length > 0,
      // While the socket is down, read the GET at each retry: a socket refused for lack of credentials
      // (API.md §9.4, the browser cannot answer the Digest challenge) still gets fresh data every 10 s.
      // During a reboot the GET fails too and the ages keep growing.
      onRetry: () => this.reload(),
      // Every (re)connect re-reads the GET: it drops removed inverters and fills what was missed (API.md §9.3).
      // Not while this start's GET is under way or has just answered (the first visit): the socket missed nothing
      // then, and a second GET (13 kB with ten inverters) would compete with the first on a slow link.
      onOpen: () => {
        const now = this.now();
        const asked = this.pending?.gen === this.generation && now - this.pending.at < REUSE_GET_MS;
        if (!asked && now - this.answeredAt >= REUSE_GET_MS) this.reload();
      },
    });
    this.socket.start();
  }

  private stop(): void {
    this.generation++;
    this.socket?.stop();
    this.socket = null;
    this.detailAsked.clear();
    this.patch({ connection: "stopped" });
  }
}

/** The page's one feed. */
export const liveFeed = new LiveFeed();
