import type { Locale } from "../locales";

/**
 * `v` with exactly `decimals` decimals as `new Intl.NumberFormat(locale, { minimumFractionDigits: decimals,
 * maximumFractionDigits: decimals })` writes it, without Intl (issue 15 §2): a page's first Intl formatter loads
 * the locale data, 200–300 ms at CPU 4×, before the live view's first value can show. Rounding as Intl's: half
 * away from zero on the number's shortest decimal form (1.005 → "1.01", where toFixed gives "1.00"); a negative
 * number that rounds to zero keeps its sign ("-0"), as Intl's. Undefined for what this does not cover exactly
 * (not finite, written with an exponent, too many digits for a safe integer): the caller asks Intl then.
 */
export function numberText(locale: Locale, v: number, decimals: number): string | undefined {
  const plain = String(Math.abs(v));
  // Not "NaN", "Infinity" or an exponent form ("1e-7"), and few enough digits for a safe integer below.
  if (!/^[\d.]+$/.test(plain) || Math.abs(v) >= 1e9 || decimals > 6) return undefined;
  // Shifting the decimal point in the text keeps the shortest form's digits (no binary error from × 10^d).
  const digits = String(Math.round(Number(`${plain}e${decimals}`))).padStart(decimals + 1, "0");
  // Intl's group and decimal separators (fr groups with a narrow no-break space).
  const seps = locale === "en" ? ",." : locale === "de" ? ".," : "\u202f,";
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+$)/g, seps.charAt(0));
  // 1 / v < 0 for negative numbers and -0 alike.
  return (1 / v < 0 ? "-" : "") + whole + (decimals > 0 ? seps.charAt(1) + digits.slice(-decimals) : "");
}
