/**
 * What the controller needs of the meter (issue 31): its last good reading with the time it stands for, whether it
 * is failing now, and its interval. Narrow, so tests and the bench feed it without a meter service.
 */
import type { MeterStatus } from "@dtu/api/meter";
import type { MeterSample } from "./types.ts";

export interface MeterFeed {
  /** The newest good reading (host ms, W: positive import); null before the first or while the meter is off. */
  last(): MeterSample | null;
  /** The meter's failure now in words; null while it reads fine. */
  error(): string | null;
  intervalMs(): number;
}

/** Failing twice in a row (the last good reading older than 1.5 intervals) counts as the meter's error. */
const ERROR_AFTER_INTERVALS = 1.5;

/** The feed of a meter service (meter/service.ts: `status()` and the interval of its settings). */
export function statusFeed(
  meter: { status(): MeterStatus; view(): { interval_ms: number } },
  now: () => number,
): MeterFeed {
  const feed: MeterFeed = {
    intervalMs: () => meter.view().interval_ms,
    last() {
      const s = meter.status();
      if (s.state === "off" || s.power_w === null || s.age_ms === null) return null;
      return { at: now() - s.age_ms, grid_w: s.power_w };
    },
    error() {
      const s = meter.status();
      if (s.state === "off" || s.error === null) return null;
      if (s.age_ms !== null && s.age_ms <= ERROR_AFTER_INTERVALS * feed.intervalMs()) return null;
      return s.error.message;
    },
  };
  return feed;
}
