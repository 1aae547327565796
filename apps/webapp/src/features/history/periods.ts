/** Local clock times of the History screen's day view from the API's offsets (the calendar: lib/calendar.ts). */

/** Offset (s) in force at `ts` from the API's list of [from, offset] pairs. */
export function offsetAt(offsets: [number, number][], ts: number): number {
  let off = offsets[0]?.[1] ?? 0;
  for (const [from, o] of offsets) if (ts >= from) off = o;
  return off;
}

/** `HH:MM` of the device's local time. */
export function clock(offsets: [number, number][], ts: number): string {
  return new Date((ts + offsetAt(offsets, ts)) * 1000).toISOString().slice(11, 16);
}

/** Tick positions at local 00:00, 03:00, … (the day may have 23 or 25 hours). */
export function dayTicks(xs: number[], offsets: [number, number][]): number[] {
  return xs.filter((ts) => {
    const local = (ts + offsetAt(offsets, ts)) % 86_400;
    return local % 10_800 === 0;
  });
}
