/**
 * A device's last known readings for the overview (issue 25 item 4 there too): from its own history, what
 * `GET /api/history/last` answers (history/lastKnown.ts), standing in for an inverter not read since the DTU
 * started. Only the yields are used (./figures.ts): the lifetime yield does not go away at night; the yield today
 * only when the reading is from the device's local today, which the device's port tells (`place().today()`,
 * port/contract.ts): the history keeps readings, the device says what day it is.
 *
 * Asked only while the device has an unread inverter, and kept for CACHE_MS: a reading of an unread inverter does not
 * change (the history records only readings), and the overview is asked every few seconds by every open page.
 * Read on the history's own connection, not through its read worker (history/reads.ts): the statement is one index
 * search per series (0.1–0.4 ms on a backfilled month), while a worker is a thread and a connection per device, about
 * 25 MiB each (bench:devices: 31 MiB per added device through the worker, 5 MiB without).
 */
import type { HistoryLast } from "@dtu/api/history";
import type { HistoryKeeper } from "../history/keeper.ts";
import { lastKnown } from "../history/lastKnown.ts";
import type { PortPlace } from "../port/contract.ts";
import { localDay } from "../port/place.ts";

export interface LastReading {
  /** Unix s of the reading. */
  t: number;
  yield_total_wh: number | null;
  /** The reading's yield today, null unless the reading is from the device's local today. */
  yield_day_wh: number | null;
}

/** The device's last readings by serial (lower case); empty without history. */
export type LastReadings = ReadonlyMap<string, LastReading>;

const CACHE_MS = 60_000;
const NONE: LastReadings = new Map();

/**
 * `keeper`: the device's history (null: it runs none). `place`: the device's zone and today, from its port.
 * `now`: the gateway's clock for the cache.
 */
export function lastReadings(
  keeper: Pick<HistoryKeeper, "current"> | null,
  place: Pick<PortPlace, "zone" | "today">,
  now: () => number = Date.now,
): () => LastReadings {
  let cached: { at: number; last: HistoryLast } | null = null;
  return () => {
    const history = keeper?.current();
    if (!history) return NONE;
    if (!cached || now() - cached.at >= CACHE_MS) {
      try {
        cached = { at: now(), last: lastKnown(history.db) };
      } catch {
        // A failing history read: no last known values this time (the figures say null, not 0).
        return NONE;
      }
    }
    // "Today" is the device's, on its own clock; while its zone is not known no reading is from today.
    const zone = place.zone();
    const today = place.today();
    const out = new Map<string, LastReading>();
    for (const inv of cached.last.inverters) {
      const fromToday = zone !== null && today !== null && localDay(zone, inv.t * 1000) === today;
      out.set(inv.serial.toLowerCase(), {
        t: inv.t,
        yield_total_wh: inv.yield_total_wh,
        yield_day_wh: fromToday ? inv.yield_day_wh : null,
      });
    }
    return out;
  };
}
