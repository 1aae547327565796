/**
 * Where the recorded days were made (issue 34 §6). The usual share of each string (alerts/usual.ts) is learned per
 * half hour of UTC time, so days recorded at another place teach the wrong shares: after a far move they are
 * relearned from the move on. The file keeps the place in `meta` under `place`: its latitude and longitude and
 * `since`, the time (ms) of the far move the current place began with (null: every recorded day is of this place).
 *
 * A simulated device's modelled month follows a far move made before any real day was recorded (history/sim.ts):
 * then nothing in the file is worth keeping, and the model can compute the new place's days at once.
 */
import type { DevicePort } from "../port/contract.ts";
import { addDays, dayOf } from "./days.ts";
import type { History } from "./index.ts";
import { getMeta } from "./store.ts";

export interface Place {
  latitude: number;
  longitude: number;
}

export interface PlaceRecord extends Place {
  since: number | null;
}

export const PLACE_KEY = "place";

/**
 * A move this far in latitude or longitude (degrees) makes the learned shares wrong: a degree of longitude moves the
 * sun's path by 4 minutes of UTC time, and a degree of latitude (111 km) changes its height and direction noticeably
 * for strings facing east or west. A correction within a town stays below it.
 */
export const FAR_DEG = 1;

export const isFar = (a: Place, b: Place): boolean =>
  Math.abs(a.latitude - b.latitude) >= FAR_DEG || Math.abs(a.longitude - b.longitude) >= FAR_DEG;

/** The place the file's days were made at; null when never noted (older files: all days count). */
export function readPlace(db: History["db"]): PlaceRecord | null {
  const text = getMeta(db, PLACE_KEY);
  if (!text) return null;
  try {
    const p = JSON.parse(text) as Partial<PlaceRecord>;
    if (typeof p.latitude !== "number" || typeof p.longitude !== "number") return null;
    return {
      latitude: p.latitude,
      longitude: p.longitude,
      since: typeof p.since === "number" ? p.since : null,
    };
  } catch {
    return null;
  }
}

export const writePlace = (h: History, p: PlaceRecord): void => h.writer.meta(PLACE_KEY, JSON.stringify(p));

/**
 * Whether the file holds no real day yet: it was backfilled (meta `backfilled`, "first..last", last = the day of the
 * first start) and no whole local day has ended since the first start.
 */
export function noRealDay(h: History, nowMs: number): boolean {
  const last = getMeta(h.db, "backfilled")?.split("..")[1];
  return !!last && dayOf(h.zone(), nowMs) <= addDays(last, 1);
}

export type PlaceNote = "same" | "noted" | "moved" | "remodelled";

/**
 * Notes the device's place now. The first time it is kept as it is; a far move either has the modelled days made
 * again (`remodel`, a simulated device without a real day: true when it did) or starts the shares' learning anew.
 */
export function notePlace(h: History, place: Place, nowMs: number, remodel?: () => boolean): PlaceNote {
  const known = readPlace(h.db);
  if (!known) {
    writePlace(h, { ...place, since: null });
    return "noted";
  }
  if (!isFar(known, place)) return "same";
  if (remodel && noRealDay(h, nowMs) && remodel()) {
    writePlace(h, { ...place, since: null });
    return "remodelled";
  }
  writePlace(h, { ...place, since: nowMs });
  return "moved";
}

/**
 * Follows the device's place on its port (checked at every event, at least every 10 s; only a changed place touches
 * the file). Returns the way to stop.
 */
export function watchPlace(
  keeper: { current(): History | null },
  port: Pick<DevicePort, "place" | "now" | "subscribe">,
  log: (line: string) => void,
  remodel?: (h: History) => boolean,
): () => void {
  let seen: Place | null = null;
  const check = (): void => {
    const place = port.place.location();
    const h = keeper.current();
    if (!place || !h || (seen && seen.latitude === place.latitude && seen.longitude === place.longitude))
      return;
    try {
      const note = notePlace(h, place, port.now(), remodel && (() => remodel(h)));
      seen = place;
      if (note === "remodelled")
        log(`History: the location moved far before a real day was recorded; the modelled month follows it.`);
      else if (note === "moved")
        log(`History: the location moved far; the usual share of each string is learned anew from now on.`);
    } catch (err) {
      // An unwritable file: tried again at the next event; the recorder says what fails.
      void err;
    }
  };
  check();
  return port.subscribe(check);
}
