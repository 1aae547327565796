/**
 * The event-log rule (issue 23 §1): new entries of an inverter's own log become alerts, with the id and the text the
 * device gives in the alert language (API.md §3.4). An entry is known by inverter, local day, id and start time, so
 * it is reported once, also across restarts (the store remembers). An entry still active (end 0) stays open until
 * it ends or the inverter starts a new log; one that had already ended when first seen is reported once, as over.
 * Ignored ids (default 1 "Inverter start", 2 "Time calibration") are never reported.
 */
import type { AlertRules } from "@dtu/api/alerts";
import type { SourceEvent } from "./source.ts";

export interface EventFinding {
  key: string;
  event: SourceEvent;
  /** Already over when first seen. */
  ended: boolean;
}

export interface EventDecision {
  raise: EventFinding[];
  /** Keys of open event alerts of this inverter whose entry ended or left the log. */
  clear: string[];
}

export const eventKey = (serial: string, day: string, e: Pick<SourceEvent, "id" | "start">): string =>
  `event_log:${serial}:${day}:${e.id}:${e.start}`;

/** `hh:mm:ss` of seconds since local midnight (may pass 24 h, API.md §3.4). */
export function timeOfDay(seconds: number): string {
  const two = (n: number): string => String(n).padStart(2, "0");
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}

/**
 * Pure: what to raise and clear for one inverter's log. `known(key)` says whether that entry was reported before;
 * `open` are the keys of this inverter's open event alerts.
 */
export function decideEvents(
  serial: string,
  day: string,
  log: readonly SourceEvent[],
  rule: AlertRules["event_log"],
  known: (key: string) => boolean,
  open: ReadonlySet<string>,
): EventDecision {
  const raise: EventFinding[] = [];
  const current = new Map<string, SourceEvent>();
  for (const event of log) {
    if (rule.ignore_ids.includes(event.id)) continue;
    const key = eventKey(serial, day, event);
    current.set(key, event);
    if (!open.has(key) && !known(key)) raise.push({ key, event, ended: event.end !== 0 });
  }
  const clear = [...open].filter((key) => {
    const event = current.get(key);
    return !event || event.end !== 0;
  });
  return { raise, clear };
}
