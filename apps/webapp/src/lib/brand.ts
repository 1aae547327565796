/** Brand icon by date (SEED §2). Pure functions so the rule is testable without a clock. */
export type BrandIcon = "tree" | "egg" | "sun";

/** Easter Sunday (Gregorian, anonymous algorithm) as [month 1-12, day]. */
export function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

/** Tree on 24–26 December; egg from two days before Easter Sunday to the day after; sun otherwise. */
export function brandIcon(now: Date): BrandIcon {
  const y = now.getFullYear();
  const m = now.getMonth() + 1;
  const d = now.getDate();
  if (m === 12 && d >= 24 && d <= 26) return "tree";
  const [em, ed] = easterSunday(y);
  // Compare calendar days in local time; Date.UTC avoids daylight-saving shifts in the difference.
  const diff = (Date.UTC(y, m - 1, d) - Date.UTC(y, em - 1, ed)) / 86_400_000;
  if (diff >= -2 && diff <= 1) return "egg";
  return "sun";
}
