/**
 * Sunrise, sunset and the sun's elevation from astronomy-engine (issue 2 §8: a maintained library, no hand-written
 * astronomy). The firmware computes the day's rise and set for a zenith angle chosen by the sunset type (API.md §4.8,
 * SEED §9) and keeps whole minutes, so `sun_risetime`/`sun_settime` always show seconds `00` (API.md §3.18).
 */
import { Body, Equator, Horizon, Observer, SearchAltitude } from "astronomy-engine";
import type { SunInfo } from "../device/contracts.ts";
import { localMidnight } from "./clock.ts";
import type { PosixTz } from "./posixTz.ts";

/** Zenith angle in degrees per sunset type; any other stored value behaves as nautical (API.md §3.18). */
export function zenithFor(sunsetType: number): number {
  switch (sunsetType) {
    case 0:
      return 90.8; // official
    case 2:
      return 96; // civil
    case 3:
      return 108; // astronomical
    default:
      return 102; // 1 = nautical, and the fallback
  }
}

export interface SunPlace {
  latitude: number;
  longitude: number;
  sunsetType: number;
}

export interface SunDay {
  available: boolean;
  /** Whole-minute instants in ms, null when the sun does not cross the angle that day. */
  sunrise: number | null;
  sunset: number | null;
}

const MINUTE = 60_000;

function observer(place: SunPlace): Observer {
  // Out-of-range values are not checked by the server (API.md §3.18); clamp so the library accepts them.
  const lat = Math.max(-90, Math.min(90, Number.isFinite(place.latitude) ? place.latitude : 0));
  const lon = Number.isFinite(place.longitude) ? ((((place.longitude + 180) % 360) + 360) % 360) - 180 : 0;
  return new Observer(lat, lon, 0);
}

/** Rise and set of the local day that contains `atMs` (zone `tz`), floored to whole minutes. */
export function sunDay(place: SunPlace, tz: PosixTz, atMs: number): SunDay {
  const midnight = localMidnight(tz, atMs);
  const obs = observer(place);
  const altitude = 90 - zenithFor(place.sunsetType);
  const start = new Date(midnight);
  const rise = SearchAltitude(Body.Sun, obs, +1, start, 1, altitude);
  const set = SearchAltitude(Body.Sun, obs, -1, start, 1, altitude);
  if (!rise || !set) return { available: false, sunrise: null, sunset: null };
  const floorMinute = (ms: number): number => Math.floor(ms / MINUTE) * MINUTE;
  return {
    available: true,
    sunrise: floorMinute(rise.date.getTime()),
    sunset: floorMinute(set.date.getTime()),
  };
}

/** Day period per the firmware: between rise and set; true without sun data or without a valid clock (§3.18). */
export function sunInfo(day: SunDay, nowMs: number, clockValid: boolean): SunInfo {
  const isDayPeriod =
    !clockValid || !day.available || day.sunrise === null || day.sunset === null
      ? true
      : day.sunrise < day.sunset
        ? nowMs >= day.sunrise && nowMs < day.sunset
        : // Set before rise within the local day (polar edge): day outside the night gap.
          nowMs >= day.sunrise || nowMs < day.sunset;
  return { available: day.available, sunrise: day.sunrise, sunset: day.sunset, isDayPeriod };
}

/** Apparent elevation (refraction included) and azimuth (0 = north, 90 = east) of the sun in degrees. */
export function solarPosition(
  place: Pick<SunPlace, "latitude" | "longitude">,
  atMs: number,
): { elevation: number; azimuth: number } {
  const obs = observer({ ...place, sunsetType: 1 });
  const date = new Date(atMs);
  const eq = Equator(Body.Sun, date, obs, true, true);
  const hor = Horizon(date, obs, eq.ra, eq.dec, "normal");
  return { elevation: hor.altitude, azimuth: hor.azimuth };
}

/** Elevation of the sun in degrees, for the power model. */
export function solarElevation(place: Pick<SunPlace, "latitude" | "longitude">, atMs: number): number {
  return solarPosition(place, atMs).elevation;
}

/** Caches `sunDay` per local date and place; the fleet asks every tick. */
export function createSunCache(): (place: SunPlace, tz: PosixTz, atMs: number) => SunDay {
  let key = "";
  let value: SunDay = { available: false, sunrise: null, sunset: null };
  return (place, tz, atMs) => {
    const midnight = localMidnight(tz, atMs);
    const k = `${midnight}|${place.latitude}|${place.longitude}|${place.sunsetType}`;
    if (k !== key) {
      value = sunDay(place, tz, atMs);
      key = k;
    }
    return value;
  };
}
