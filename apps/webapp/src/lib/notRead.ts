/**
 * How a value never read since the DTU started shows (issue 25 item 1): a dash, never the device's placeholder 0
 * (API.md §3.1: values and `limit_relative` stay 0 until the first reading). One place for the live view's panels,
 * tab list and totals and any later view of the same values.
 */
export const NOT_READ = "—";

/** `v` with `d` decimals through the locale's `number`, or the dash when `read` is false. */
export function readText(
  number: (v: number, d?: number) => string,
  v: number,
  d: number,
  read = true,
): string {
  return read ? number(v, d) : NOT_READ;
}
