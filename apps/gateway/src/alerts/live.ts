/** One inverter of a live document (any firmware shape, history/reading.ts) as the rules see it. */
import type { EventLog, LimitStatus, LiveInverter, PowerStatus } from "@dtu/api/live";
import { readingOf } from "../history/reading.ts";
import type { SourceEvent, SourceInverter } from "./source.ts";
import { stringNames } from "./stringNames.ts";

export function sourceInverter(
  inv: LiveInverter,
  limit: LimitStatus | null,
  power: PowerStatus | null,
  before?: SourceInverter,
): SourceInverter {
  // Summary objects of later firmware (no measurements) keep the last values read (API.md §9.2).
  const r = inv.reachable ? readingOf(inv) : null;
  const measured = r !== null || !inv.reachable;
  return {
    serial: inv.serial,
    name: inv.name,
    pollEnabled: inv.poll_enabled,
    reachable: inv.reachable,
    producing: inv.producing,
    power: measured ? (r?.power ?? 0) : (before?.power ?? 0),
    strings: measured
      ? (r?.strings.map((s) => s.power) ?? before?.strings.map(() => 0) ?? [])
      : (before?.strings ?? []),
    stringNames: stringNames(inv),
    limitRelative: typeof inv.limit_relative === "number" ? inv.limit_relative : 0,
    events: typeof inv.events === "number" ? inv.events : -1,
    limitStatus: limit?.[inv.serial]?.limit_set_status ?? null,
    powerStatus: power?.[inv.serial]?.power_set_status ?? null,
    yieldDayWh: r?.yieldDayWh ?? before?.yieldDayWh ?? null,
  };
}

export function sourceEvents(log: EventLog | Record<string, never> | null): SourceEvent[] | null {
  if (!log || !("events" in log) || !Array.isArray(log.events)) return null;
  return log.events.map((e) => ({
    id: e.message_id,
    message: e.message,
    start: e.start_time,
    end: e.end_time,
  }));
}
