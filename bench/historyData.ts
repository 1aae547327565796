/**
 * Synthetic history for the benchmarks: `days` of 5-minute aggregates and daily rows for some inverters with
 * `strings` DC strings each, written straight through the store's writer (one transaction per day), as a year of
 * recording would leave them. Used by bench/history.ts (size, insert rate, query latency) and bench/history-load.ts.
 */
import type { History } from "../apps/gateway/src/history/index.ts";

/** Local day (UTC+1) of a time, as the history keys it. */
export const benchDay = (ms: number): string => new Date(ms + 3600_000).toISOString().slice(0, 10);

/** A clear-ish day: a half sine between 06:00 and 18:00 UTC+1, dimmed by a per-day and per-slot factor. */
export function benchPower(ms: number, inv: number, ch: number): number {
  const h = ((ms / 3600_000 + 1) % 24) - 6;
  if (h <= 0 || h >= 12) return 0;
  const dayFactor = 0.4 + 0.6 * Math.abs(Math.sin(Math.floor(ms / 86_400_000) * 1.7));
  return (
    Math.round(375 * Math.sin((Math.PI * h) / 12) * dayFactor * (0.9 + 0.02 * ((inv + ch) % 5)) * 10) / 10
  );
}

/** Writes the aggregates of the days from `start` (UTC ms) for `days` days; returns the number of 5-minute rows. */
export function writeAggregates(
  h: History,
  serials: readonly string[],
  strings: number,
  start: number,
  days: number,
): number {
  const sids = serials.map((s, i) => [
    h.writer.seriesId(s, -1, `Inverter ${i + 1}`),
    ...Array.from({ length: strings }, (_, ch) => h.writer.seriesId(s, ch, `Inverter ${i + 1} / ${ch + 1}`)),
  ]);
  const total = h.writer.seriesId("", -1, "Total");
  let rows = 0;
  const writeDay = h.db.transaction((from: number) => {
    const sums = new Map<number, { wh: number; peak: number }>();
    for (let ms = from; ms < from + 86_400_000; ms += 300_000) {
      h.writer.up(ms / 1000);
      let fleet = 0;
      serials.forEach((_, i) => {
        const dc = Array.from({ length: strings }, (_, ch) => benchPower(ms, i, ch));
        const ac = dc.reduce((a, b) => a + b, 0) * 0.96;
        if (ac <= 0) return;
        fleet += ac;
        [ac, ...dc].forEach((w, k) => {
          const sid = sids[i]?.[k] ?? 0;
          h.writer.slot(sid, ms / 300_000, w);
          rows++;
          const s = sums.get(sid) ?? { wh: 0, peak: 0 };
          s.wh += w / 12;
          s.peak = Math.max(s.peak, w);
          sums.set(sid, s);
        });
      });
      const s = sums.get(total) ?? { wh: 0, peak: 0 };
      s.wh += fleet / 12;
      s.peak = Math.max(s.peak, fleet);
      sums.set(total, s);
    }
    for (const [sid, s] of sums) h.writer.daily(sid, benchDay(from), s.wh, s.peak);
  });
  for (let d = start, n = 0; n < days; d += 86_400_000, n++) writeDay(d);
  return rows;
}
