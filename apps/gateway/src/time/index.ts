/** Device clock, POSIX time zones and the sun (issue 2 §8). The web server builds the clock with `createDeviceClock`. */
export { createDeviceClock, formatParts, localMidnight, partsOf, safeParse } from "./clock.ts";
export type { LocalParts, SettableDeviceClock } from "./clock.ts";
export {
  isDst,
  localToUnix,
  nameAt,
  offsetAt,
  parsePosixTz,
  transitionsOf,
  TzParseError,
} from "./posixTz.ts";
export type { PosixTz } from "./posixTz.ts";
export { createSunCache, solarElevation, solarPosition, sunDay, sunInfo, zenithFor } from "./sun.ts";
export type { SunDay, SunPlace } from "./sun.ts";
