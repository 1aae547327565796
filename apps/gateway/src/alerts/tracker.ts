/**
 * From observations to alerts, pure: a condition must hold without a break for its threshold before it is raised,
 * and be gone without a break for its recovery delay before the alert clears (hysteresis). A condition whose alert
 * is open is never raised again; the open set comes from the store, so a restart does not raise it a second time.
 * An observation that cannot be judged (null) breaks both waits: the sun setting does not finish a count.
 */
import type { Observation } from "./rules.ts";

export interface TrackerState {
  /** Key → since when the condition holds (not yet raised). */
  pending: Map<string, number>;
  /** Key → since when an open alert's condition is gone. */
  recovering: Map<string, number>;
}

/** A condition to raise, with since when it held (ms, the clock of `step`): the alert is dated from then. */
export interface Raise extends Observation {
  since: number;
}

export interface Step {
  raise: Raise[];
  /** Keys of open alerts whose condition is over (told with a recovery message). */
  clear: string[];
  /** Keys of open alerts no longer watched (rule turned off, inverter removed): ended without a message. */
  drop: string[];
}

export function createTrackerState(): TrackerState {
  return { pending: new Map(), recovering: new Map() };
}

/**
 * `open`: keys of the open alerts this tracker manages. An open key with no observation any more (its rule turned
 * off, its inverter removed) is dropped at once: nobody recovered anything, so no recovery message.
 */
export function step(
  state: TrackerState,
  observations: readonly Observation[],
  open: ReadonlySet<string>,
  now: number,
): Step {
  const raise: Raise[] = [];
  const clear: string[] = [];
  const drop: string[] = [];
  const seen = new Set<string>();
  for (const o of observations) {
    seen.add(o.key);
    if (o.bad === null) {
      state.pending.delete(o.key);
      state.recovering.delete(o.key);
      continue;
    }
    if (o.bad) {
      state.recovering.delete(o.key);
      if (open.has(o.key)) continue;
      const since = state.pending.get(o.key) ?? now;
      state.pending.set(o.key, since);
      if (now - since >= o.raiseAfterMs) {
        state.pending.delete(o.key);
        raise.push({ ...o, since });
      }
      continue;
    }
    state.pending.delete(o.key);
    if (!open.has(o.key)) continue;
    const since = state.recovering.get(o.key) ?? now;
    state.recovering.set(o.key, since);
    if (now - since >= o.clearAfterMs) {
      state.recovering.delete(o.key);
      clear.push(o.key);
    }
  }
  for (const key of open) {
    if (!seen.has(key)) {
      state.recovering.delete(key);
      drop.push(key);
    }
  }
  for (const map of [state.pending, state.recovering])
    for (const key of map.keys()) if (!seen.has(key)) map.delete(key);
  return { raise, clear, drop };
}
