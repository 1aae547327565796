/**
 * The meter's status for the energy-flow card (GET /api/meter/status): a plain class polling while a card is
 * mounted, feeding a store that only the card reads (README "Sockets"), so the rest of the live view never
 * re-renders for it. One request at a time; the next one `periodMs` after the last answer.
 */
import type { MeterStatus } from "@dtu/api/meter";
import { getJson, toHttpError } from "../../lib/http";
import { createStore, type Store } from "../../lib/store";
import { statusUrl } from "./api";

/** The meter is read every second by default (issue 31 §1); a card a little behind it asks less and misses nothing. */
export const METER_POLL_MS = 2000;

export interface MeterView {
  /** The last answer, null before the first. */
  status: MeterStatus | null;
  /** Why the last request failed (the gateway's words), null after an answer. */
  failed: string | null;
}

export interface MeterFeedDeps {
  load: () => Promise<MeterStatus>;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (id: unknown) => void;
  periodMs: number;
}

const realDeps = (): MeterFeedDeps => ({
  load: () => getJson(statusUrl()),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  periodMs: METER_POLL_MS,
});

export class MeterFeed {
  readonly store: Store<MeterView> = createStore<MeterView>({ status: null, failed: null });
  private readonly deps: MeterFeedDeps;
  private users = 0;
  private timer: unknown = null;
  /** Counts starts, so an answer of a request from before a stop is dropped. */
  private run = 0;

  constructor(deps: Partial<MeterFeedDeps> = {}) {
    this.deps = { ...realDeps(), ...deps };
  }

  /** Polls while at least one user holds it; returns the release. */
  acquire(): () => void {
    if (this.users++ === 0) this.poll(++this.run);
    return () => {
      if (--this.users > 0) return;
      this.run++;
      if (this.timer !== null) this.deps.clearTimer(this.timer);
      this.timer = null;
    };
  }

  private poll(run: number): void {
    this.timer = null;
    if (run !== this.run) return;
    const next = () => {
      if (run === this.run) this.timer = this.deps.setTimer(() => this.poll(run), this.deps.periodMs);
    };
    this.deps.load().then(
      (status) => {
        if (run !== this.run) return;
        this.store.set({ status, failed: null });
        next();
      },
      (e: unknown) => {
        if (run !== this.run) return;
        this.store.set({ status: this.store.get().status, failed: toHttpError(e).message });
        next();
      },
    );
  }
}
