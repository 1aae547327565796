/**
 * The recorder's device connection (proxyFeed.ts) as others follow it, so that a real device gets one live socket
 * from the gateway (it keeps at most 8 clients, API.md §3.2) however many parts of the gateway read it: the
 * several-device overview (src/multi/sources.ts) follows it here instead of opening its own.
 *
 * A follower may arrive after the connection opened and its first documents came (the app is still being built
 * then). So the tap keeps what a follower needs to catch up: the open state, the last full document, and the later
 * documents folded into one (top-level keys and each inverter by serial, later values winning: the same result as
 * merging them one by one, API.md §9.3). `follow` replays those, then passes on every new document. Memory stays one
 * document per inverter, however long the connection runs.
 */
import type { LiveData, LiveInverter } from "@dtu/api/live";

export interface LiveListener {
  /** A live document: `full` for the GET's complete inverter list, false for a detail answer or a socket frame. */
  onDocument(doc: Partial<LiveData>, full: boolean): void;
  /** The live socket opened (true) or closed (false); also said once when following starts. */
  onConnection(open: boolean): void;
}

export interface LiveTap {
  /** Replays the connection so far, then follows it; returns the way to stop following. */
  follow(listener: LiveListener): () => void;
}

/** The side proxyFeed.ts feeds. */
export interface LiveTapInput extends LiveTap, LiveListener {}

export function createLiveTap(): LiveTapInput {
  const listeners = new Set<LiveListener>();
  let open = false;
  let full: Partial<LiveData> | null = null;
  let later: Partial<LiveData> | null = null;
  let laterInverters = new Map<string, Partial<LiveInverter>>();

  const fold = (doc: Partial<LiveData>): void => {
    const { inverters, ...rest } = doc;
    later = { ...later, ...rest };
    for (const inv of Array.isArray(inverters) ? inverters : []) {
      if (typeof inv?.serial === "string") {
        laterInverters.set(inv.serial, { ...laterInverters.get(inv.serial), ...inv });
      }
    }
  };

  return {
    onDocument(doc, isFull) {
      if (isFull) {
        full = doc;
        later = null;
        laterInverters = new Map();
      } else {
        fold(doc);
      }
      for (const l of listeners) l.onDocument(doc, isFull);
    },
    onConnection(now) {
      open = now;
      for (const l of listeners) l.onConnection(now);
    },
    follow(listener) {
      if (full) listener.onDocument(full, true);
      if (later || laterInverters.size > 0) {
        listener.onDocument({ ...later, inverters: [...laterInverters.values()] as LiveInverter[] }, false);
      }
      listener.onConnection(open);
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
