/** The fleet's view of time and sky: local day and time of the device clock, sun, weather (cached per instant). */
import type { SunInfo } from "../device/contracts.ts";
import { solarPosition, sunInfo, type SunPlace } from "../time/sun.ts";
import { ambientTemperature, clearness, type Weather } from "./physics.ts";
import type { FleetCore } from "./state.ts";

export function place(core: FleetCore): SunPlace {
  const ntp = core.config.ntp;
  return { latitude: ntp.latitude, longitude: ntp.longitude, sunsetType: ntp.sunsettype };
}

/** Local date `YYYY-MM-DD` of the device clock. */
export function dayKey(core: FleetCore, at: number): string {
  const p = core.clock.localParts(at);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

export function secondsOfDay(core: FleetCore, at: number): number {
  const p = core.clock.localParts(at);
  return p.hour * 3600 + p.minute * 60 + p.second;
}

export function weatherAt(core: FleetCore, at: number): Weather {
  const cache = core.weather;
  if (cache.at === at && cache.value) return cache.value;
  const p = place(core);
  const pos = solarPosition(p, at);
  const value: Weather = {
    elevation: pos.elevation,
    azimuth: pos.azimuth,
    clearness: clearness(core.seed, at),
    ambient: ambientTemperature(p.latitude, p.longitude, at),
  };
  core.weather = { at, value };
  return value;
}

export function sunNow(core: FleetCore, at: number): SunInfo {
  return sunInfo(core.sunCache(place(core), core.tz, at), at, core.clock.synced());
}

export function isDay(core: FleetCore, at: number): boolean {
  return sunNow(core, at).isDayPeriod;
}
