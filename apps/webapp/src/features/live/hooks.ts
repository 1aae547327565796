/** React access to the live feed: selector hooks over the external store and the one-second age clock. */
import { useEffect, useSyncExternalStore } from "react";
import { timing } from "@dtu/api/limits";
import { createStore } from "../../lib/store";
import { liveFeed, type FeedState, type LiveFeed } from "./liveStore";
import type { InverterEntry } from "./merge";
import type { DeviceFacts } from "./state";

/**
 * Selects a slice of the live state. The selector must return a value that keeps its identity while unchanged
 * (an entry, `order`, `total`…): merge.ts shares unchanged parts, so unrelated updates do not re-render.
 */
export function useLive<T>(selector: (s: FeedState) => T, feed: LiveFeed = liveFeed): T {
  const get = () => selector(feed.store.get());
  return useSyncExternalStore(feed.store.subscribe, get, get);
}

export function useInverter(serial: string, feed: LiveFeed = liveFeed): InverterEntry | undefined {
  return useLive((s) => s.inverters[serial], feed);
}

/** Device start and day/night for inverterStatus (state.ts). */
export function useFacts(feed: LiveFeed = liveFeed): DeviceFacts {
  return useLive((s) => s.facts, feed);
}

/** Keeps the feed running while the calling component is mounted. */
export function useLiveFeed(feed: LiveFeed = liveFeed): void {
  useEffect(() => feed.acquire(), [feed]);
}

/** A clock that ticks once per second while anyone listens (SEED §9: data age tick 1 s). */
const clock = createStore(Date.now());
let ticker: ReturnType<typeof setInterval> | null = null;
let listeners = 0;

function subscribeClock(listener: () => void): () => void {
  const off = clock.subscribe(listener);
  if (listeners++ === 0) {
    clock.set(Date.now());
    ticker = setInterval(() => clock.set(Date.now()), timing.dataAgeTickMs);
  }
  return () => {
    off();
    if (--listeners === 0 && ticker !== null) {
      clearInterval(ticker);
      ticker = null;
    }
  };
}

/** Local time in ms, refreshed every second; only the components showing an age subscribe. */
export function useNow(): number {
  return useSyncExternalStore(subscribeClock, clock.get, clock.get);
}
