/**
 * POSIX TZ rules as the firmware's C library understands them (API.md §3.18: `ntp.timezone` holds a rule such as
 * `CET-1CEST,M3.5.0,M10.5.0/3`). Grammar: `std offset [dst [offset] [,start[/time],end[/time]]]` where names are
 * three or more letters or `<...>` quoted (`<+0545>`), offsets are `[+-]hh[:mm[:ss]]` **west** of UTC (so `CET-1` is
 * UTC+1), and a date is `Jn` (1–365, February 29 never counted), `n` (0–365, leap day counted) or `Mm.w.d` (month,
 * week 1–5 where 5 = last, weekday 0 = Sunday). Transition times default to 02:00 and may be negative or above 24 h
 * (the extension tzdata uses, e.g. Israel's `M3.4.4/26`).
 *
 * Everything here works in seconds: offsets are seconds **east** of UTC (the sign people expect), instants are Unix
 * seconds.
 */

export type TzDate =
  | { kind: "J"; day: number }
  | { kind: "n"; day: number }
  | { kind: "M"; month: number; week: number; weekday: number };

export interface TzTransition {
  date: TzDate;
  /** Seconds after local midnight of that date (may be negative or exceed 86400). */
  time: number;
}

export interface PosixTz {
  stdName: string;
  /** Seconds east of UTC during standard time. */
  stdOffset: number;
  dst: null | {
    name: string;
    /** Seconds east of UTC during daylight time. */
    offset: number;
    start: TzTransition;
    end: TzTransition;
  };
}

export class TzParseError extends Error {}

const DEFAULT_TIME = 2 * 3600;

/** Parses a rule; throws TzParseError with the position of the problem. */
export function parsePosixTz(rule: string): PosixTz {
  let pos = 0;
  const fail = (what: string): never => {
    throw new TzParseError(`invalid TZ rule "${rule}": ${what} at ${pos}`);
  };

  const name = (): string => {
    if (rule[pos] === "<") {
      const close = rule.indexOf(">", pos);
      if (close < 0) fail("unterminated <name>");
      const inner = rule.slice(pos + 1, close);
      if (inner.length < 3 || !/^[A-Za-z0-9+-]+$/.test(inner)) fail("bad quoted name");
      pos = close + 1;
      return inner;
    }
    const m = /^[A-Za-z]{3,}/.exec(rule.slice(pos));
    if (!m) return fail("expected a zone name");
    pos += m[0].length;
    return m[0];
  };

  /** `[+-]hh[:mm[:ss]]` → seconds; sign applied. */
  const hms = (maxHours: number): number => {
    const m = /^([+-]?)(\d{1,3})(?::(\d{1,2}))?(?::(\d{1,2}))?/.exec(rule.slice(pos));
    if (!m) return fail("expected a time");
    const h = Number(m[2]);
    const min = m[3] === undefined ? 0 : Number(m[3]);
    const s = m[4] === undefined ? 0 : Number(m[4]);
    if (h > maxHours || min > 59 || s > 59) fail("time out of range");
    pos += m[0].length;
    const v = h * 3600 + min * 60 + s;
    return m[1] === "-" ? -v : v;
  };
  /** A zone offset: west of UTC on the wire, east here (`|| 0` avoids a negative zero). */
  const offset = (): number => {
    return -hms(24) || 0;
  };

  const date = (): TzDate => {
    const rest = rule.slice(pos);
    let m = /^M(\d{1,2})\.(\d)\.(\d)/.exec(rest);
    if (m) {
      const month = Number(m[1]);
      const week = Number(m[2]);
      const weekday = Number(m[3]);
      if (month < 1 || month > 12 || week < 1 || week > 5 || weekday > 6) fail("bad M rule");
      pos += m[0].length;
      return { kind: "M", month, week, weekday };
    }
    m = /^J(\d{1,3})/.exec(rest);
    if (m) {
      const day = Number(m[1]);
      if (day < 1 || day > 365) fail("bad J day");
      pos += m[0].length;
      return { kind: "J", day };
    }
    m = /^(\d{1,3})/.exec(rest);
    if (m) {
      const day = Number(m[1]);
      if (day > 365) fail("bad day");
      pos += m[0].length;
      return { kind: "n", day };
    }
    return fail("expected a date rule");
  };

  const transition = (): TzTransition => {
    const d = date();
    let time = DEFAULT_TIME;
    if (rule[pos] === "/") {
      pos++;
      time = hms(167);
    }
    return { date: d, time };
  };

  const stdName = name();
  const stdOffset = offset();
  if (pos === rule.length) return { stdName, stdOffset, dst: null };

  const dstName = name();
  let dstOffset = stdOffset + 3600;
  if (pos < rule.length && rule[pos] !== ",") dstOffset = offset();
  let start: TzTransition;
  let end: TzTransition;
  if (pos === rule.length) {
    // No rule given: the C library falls back to the US rule (second Sunday of March to first Sunday of November).
    start = { date: { kind: "M", month: 3, week: 2, weekday: 0 }, time: DEFAULT_TIME };
    end = { date: { kind: "M", month: 11, week: 1, weekday: 0 }, time: DEFAULT_TIME };
  } else {
    if (rule[pos] !== ",") fail("expected ,");
    pos++;
    start = transition();
    if (rule[pos] !== ",") fail("expected ,");
    pos++;
    end = transition();
  }
  if (pos !== rule.length) fail("trailing characters");
  return { stdName, stdOffset, dst: { name: dstName, offset: dstOffset, start, end } };
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAY = 86400;

/** Unix seconds of 00:00 UTC on that calendar date (month 1–12, day may overflow). */
function utcDay(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / 1000;
}

/** Seconds from 1 Jan 00:00 of `year` (local calendar) to 00:00 of the rule's date. */
function dateStart(year: number, d: TzDate): number {
  const jan1 = utcDay(year, 1, 1);
  switch (d.kind) {
    case "J": {
      // Julian day 1–365 that never counts February 29.
      const leapShift = isLeap(year) && d.day >= 60 ? 1 : 0;
      return (d.day - 1 + leapShift) * DAY;
    }
    case "n":
      return d.day * DAY;
    case "M": {
      const first = utcDay(year, d.month, 1);
      const firstWeekday = new Date(first * 1000).getUTCDay();
      let mday = 1 + ((d.weekday - firstWeekday + 7) % 7) + (d.week - 1) * 7;
      const daysInMonth = new Date(Date.UTC(year, d.month, 0)).getUTCDate();
      while (mday > daysInMonth) mday -= 7;
      return first - jan1 + (mday - 1) * DAY;
    }
  }
}

/** The instants (Unix seconds) when daylight time starts and ends in that year; null without DST. */
export function transitionsOf(tz: PosixTz, year: number): { start: number; end: number } | null {
  if (!tz.dst) return null;
  const jan1 = utcDay(year, 1, 1);
  // The start time is given in standard local time, the end time in daylight local time (POSIX).
  const start = jan1 + dateStart(year, tz.dst.start.date) + tz.dst.start.time - tz.stdOffset;
  const end = jan1 + dateStart(year, tz.dst.end.date) + tz.dst.end.time - tz.dst.offset;
  return { start, end };
}

/** Is daylight time in effect at that instant? */
export function isDst(tz: PosixTz, unixSeconds: number): boolean {
  if (!tz.dst) return false;
  // The calendar year of the standard local time decides which year's rule applies.
  const year = new Date((unixSeconds + tz.stdOffset) * 1000).getUTCFullYear();
  const t = transitionsOf(tz, year);
  if (!t) return false;
  if (t.start === t.end) return false;
  // Northern hemisphere: [start, end); southern (end before start in the year): outside [end, start).
  return t.start < t.end
    ? unixSeconds >= t.start && unixSeconds < t.end
    : unixSeconds < t.end || unixSeconds >= t.start;
}

/** Seconds east of UTC at that instant. */
export function offsetAt(tz: PosixTz, unixSeconds: number): number {
  return tz.dst && isDst(tz, unixSeconds) ? tz.dst.offset : tz.stdOffset;
}

/** Abbreviation in effect at that instant (without the `<>` quoting). */
export function nameAt(tz: PosixTz, unixSeconds: number): string {
  return tz.dst && isDst(tz, unixSeconds) ? tz.dst.name : tz.stdName;
}

/**
 * Local wall-clock seconds (as if UTC) → Unix seconds, the way mktime with "DST unknown" resolves it: in the hour that
 * repeats (autumn) the first (daylight) reading wins; a time in the skipped hour (spring) is read with the offset in
 * effect before the change, so it lands after it.
 */
export function localToUnix(tz: PosixTz, localSeconds: number): number {
  if (!tz.dst) return localSeconds - tz.stdOffset;
  const candidates = [tz.dst.offset, tz.stdOffset]
    .map((off) => localSeconds - off)
    .filter((t) => localSeconds - offsetAt(tz, t) === t);
  if (candidates.length > 0) return Math.min(...candidates);
  // Skipped hour: read with the offset valid just before the jump.
  const before = localSeconds - tz.stdOffset - 2 * 3600;
  return localSeconds - offsetAt(tz, before);
}
