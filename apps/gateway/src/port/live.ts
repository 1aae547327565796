/**
 * What both implementations keep of their device's live state (./contract.ts `PortSnapshot`): the inverters merged
 * by serial, the device's `total` and `hints`, reachability with the instant of its last change, the listeners and
 * the beat. An implementation feeds documents and reachability in; this file decides what listeners hear.
 */
import type { LiveData, LiveInverter } from "@dtu/api/live";
import {
  PORT_BEAT_MS,
  type PortEvent,
  type PortInverter,
  type PortListener,
  type PortSnapshot,
} from "./contract.ts";

/** How an implementation tells, per inverter, whether (and when) it was read since the DTU started. */
export type ReadOf = (live: LiveInverter, at: number) => { read: boolean; readAt: number | null };

export interface LiveState {
  snapshot(): PortSnapshot;
  subscribe(listener: PortListener): () => void;
  /**
   * A live document (API.md §3.1): `full` for a complete inverter list (inverters missing from it are gone), false
   * for a detail answer or a socket frame (merged by serial, API.md §9.3). `fresh`: whether it carries a new
   * reading, when the implementation knows (the simulator's statistics version); otherwise an inverter whose values
   * or reading time changed counts. Listeners hear "reading" then.
   */
  document(doc: Partial<LiveData>, full: boolean, at: number, fresh?: boolean): void;
  reachable(value: boolean): void;
  /** Called on the implementation's own rhythm (the simulator's tick, a real device's timer): the beat. */
  beat(): void;
  /** Listeners are dropped; the state says unreachable from now on. */
  close(): void;
}

/** Inverter key of the measurements (v23.11.16 `AC`, later firmware's detail objects); a summary lacks it (§9.2). */
const measured = (inv: Partial<LiveInverter>): boolean => typeof inv.AC === "object" && inv.AC !== null;

/**
 * What makes a reading new without `fresh`: its values, or its reading time moved by more than the jitter of
 * whole-second `data_age` (API.md §3.1) against the receipt time.
 */
const JITTER_MS = 2000;
const valuesOf = (i: LiveInverter): string =>
  JSON.stringify([i.reachable, i.producing, i.poll_enabled, i.limit_relative, i.events, i.AC, i.DC, i.INV]);

function isNew(old: PortInverter | undefined, now: PortInverter): boolean {
  if (!old || old.read !== now.read || valuesOf(old.live) !== valuesOf(now.live)) return true;
  if (old.readAt === null || now.readAt === null) return old.readAt !== now.readAt;
  return Math.abs(now.readAt - old.readAt) > JITTER_MS;
}

/**
 * One inverter merged: the new document's keys win, except that a summary (no measurements, API.md §9.2) keeps the
 * measurements and their `data_age` read before, so `live` always describes the values it carries.
 */
function merge(before: LiveInverter | undefined, inv: LiveInverter): LiveInverter {
  if (!before || measured(inv) || !measured(before)) return { ...before, ...inv };
  return { ...before, ...inv, data_age: before.data_age };
}

export function createLiveState(now: () => number, readOf: ReadOf, reachableAtStart: boolean): LiveState {
  const listeners = new Set<PortListener>();
  let snap: PortSnapshot = {
    at: now(),
    reachable: reachableAtStart,
    since: now(),
    hints: null,
    total: null,
    inverters: [],
    version: 0,
  };
  let lastHeard = now();
  let closed = false;

  const emit = (event: PortEvent): void => {
    lastHeard = now();
    for (const l of [...listeners]) l(snap, event);
  };

  return {
    snapshot: () => snap,
    subscribe(listener) {
      listeners.add(listener);
      listener(snap, "reachability");
      return () => void listeners.delete(listener);
    },
    document(doc, full, at, fresh) {
      if (closed) return;
      const byId = new Map(snap.inverters.map((i) => [i.live.serial, i]));
      const next = full ? new Map<string, PortInverter>() : new Map(byId);
      let changed = false;
      for (const inv of Array.isArray(doc.inverters) ? doc.inverters : []) {
        // `{}` stands for a slot without config (API.md §9.3).
        if (typeof inv?.serial !== "string") continue;
        const live = merge(byId.get(inv.serial)?.live, inv);
        const one: PortInverter = { live, ...readOf(live, at) };
        if (fresh === undefined && isNew(byId.get(inv.serial), one)) changed = true;
        next.set(inv.serial, one);
      }
      if (fresh !== undefined) changed = fresh;
      else if (full && next.size !== byId.size) changed = true;
      snap = {
        ...snap,
        at,
        hints: doc.hints ?? snap.hints,
        total: doc.total ?? snap.total,
        inverters: [...next.values()],
        version: snap.version + (changed ? 1 : 0),
      };
      if (changed) emit("reading");
    },
    reachable(value) {
      if (closed || value === snap.reachable) return;
      snap = { ...snap, reachable: value, since: now() };
      emit("reachability");
    },
    beat() {
      if (closed || !snap.reachable || now() - lastHeard < PORT_BEAT_MS) return;
      emit("beat");
    },
    close() {
      if (closed) return;
      snap = { ...snap, reachable: false, since: snap.reachable ? now() : snap.since };
      closed = true;
      const last = [...listeners];
      listeners.clear();
      for (const l of last) l(snap, "reachability");
    },
  };
}
