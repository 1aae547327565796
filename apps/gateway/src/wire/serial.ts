/** Serial numbers between their integer form (config.json) and their hex wire form (API.md §1): one definition. */

/** Wire form of a serial (API.md §1): upper 32 bits as %x, lower 32 bits as %08x. */
export function serialToWire(serial: number | bigint): string {
  const big = typeof serial === "bigint" ? serial : BigInt(Math.max(0, Math.trunc(serial)));
  const hi = big >> 32n;
  const lo = big & 0xffffffffn;
  return hi.toString(16) + lo.toString(16).padStart(8, "0");
}

/** A hex serial text (1–16 hex digits, any case, leading zeros allowed) as its value; null when it is not one. */
export function parseHexSerial(text: string): bigint | null {
  return /^[0-9a-fA-F]{1,16}$/.test(text) ? BigInt("0x" + text) : null;
}

/** Same inverter whatever the spelling of the serial (integer, or hex with leading zeros or in upper case). */
export function sameSerial(a: string | number, b: string | number): boolean {
  const value = (s: string | number): bigint | null =>
    typeof s === "number" ? BigInt(Math.trunc(s)) : parseHexSerial(s);
  const x = value(a);
  return x !== null && x === value(b);
}
