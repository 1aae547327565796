import { describe, expect, it } from "vitest";
import { LOCALES } from "../locales";
import { numberText } from "./numberText";

describe("numberText", () => {
  it("writes what Intl.NumberFormat writes for en, de and fr", () => {
    const values = [
      0, -0, 1, -1, 0.5, 1.5, 2.5, -2.5, 1.005, 1.045, 0.285, 999.5, 999.95, 1234.5, -1234.5, 12345.678,
      1_234_567.891, 999_999_999.4, 0.001, -0.001, 0.0000012, 230.1, 49.99, 10_000, 100_000,
    ];
    // Random values of the live view's range (W, V, A, Hz, kWh, °C) with up to 3 decimals, from a fixed seed.
    let seed = 42;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 3000; i++)
      values.push(Math.round((rand() - 0.2) * 10 ** (1 + (i % 7)) * 1000) / 1000);
    const wrong: string[] = [];
    for (const locale of LOCALES) {
      for (const d of [0, 1, 2, 3]) {
        const f = new Intl.NumberFormat(locale, { minimumFractionDigits: d, maximumFractionDigits: d });
        for (const v of values) {
          const ours = numberText(locale, v, d);
          if (ours !== f.format(v)) wrong.push(`${locale} ${v} ${d}: ${ours} ≠ ${f.format(v)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("leaves to Intl what it cannot write exactly", () => {
    for (const v of [Number.NaN, Infinity, -Infinity, 1e21, 1e-7, 5e9])
      expect(numberText("en", v, 1)).toBeUndefined();
  });
});
