import type { Clock, DeviceClock, DeviceClockDeps } from "../device/contracts.ts";
import { localToUnix, offsetAt, parsePosixTz, type PosixTz } from "./posixTz.ts";

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** The firmware treats its clock as valid once the year is after 2016 (API.md §3.18 `ntp_status`). */
const VALID_FROM_MS = Date.UTC(2017, 0, 1);

const UTC: PosixTz = { stdName: "UTC", stdOffset: 0, dst: null };

/** Parses a rule, falling back to UTC for a rule the C library would not understand either. */
export function safeParse(rule: string): PosixTz {
  try {
    return parsePosixTz(rule);
  } catch {
    return UTC;
  }
}

const pad = (n: number): string => String(n).padStart(2, "0");

/** Local date parts of an instant under a zone. */
export function partsOf(tz: PosixTz, atMs: number): LocalParts & { weekday: number } {
  const sec = Math.floor(atMs / 1000);
  const d = new Date((sec + offsetAt(tz, sec)) * 1000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
  };
}

/** `%A, %B %d %Y %H:%M:%S` in English (API.md §3.18), e.g. `Sunday, June 02 2024 14:03:07`. */
export function formatParts(p: LocalParts & { weekday: number }): string {
  return `${WEEKDAYS[p.weekday]}, ${MONTHS[p.month - 1]} ${pad(p.day)} ${p.year} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** Instant (ms) of local midnight of the local day containing `atMs`. */
export function localMidnight(tz: PosixTz, atMs: number): number {
  const p = partsOf(tz, atMs);
  return localToUnix(tz, Date.UTC(p.year, p.month - 1, p.day) / 1000) * 1000;
}

export type SettableDeviceClock = DeviceClock & {
  setTimezone(rule: string): void;
  /** The parsed zone in use (for the sun and the fleet's local midnight). */
  zone(): PosixTz;
};

/**
 * The device clock: host time plus an offset that POST /api/ntp/time changes. It starts synced, as a device whose NTP
 * request succeeded; a clock set to a year before 2017 reads as not synced.
 */
export function createDeviceClock(deps: DeviceClockDeps): SettableDeviceClock {
  const host: Clock = deps.clock;
  let tz = safeParse(deps.timezone);
  let shiftMs = 0;
  const now = (): number => host.now() + shiftMs;
  return {
    now,
    synced: () => now() >= VALID_FROM_MS,
    setLocal(p) {
      const local = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) / 1000;
      const target = localToUnix(tz, local) * 1000;
      // Keep the sub-second phase of the host clock so that consecutive seconds stay whole.
      shiftMs = target - Math.floor(host.now() / 1000) * 1000;
    },
    localParts(at) {
      const { weekday: _weekday, ...rest } = partsOf(tz, at ?? now());
      return rest;
    },
    formatLocal: (at) => formatParts(partsOf(tz, at ?? now())),
    utcOffsetSeconds: (at) => offsetAt(tz, Math.floor((at ?? now()) / 1000)),
    setTimezone(rule) {
      tz = safeParse(rule);
    },
    zone: () => tz,
  };
}
