/**
 * `/api/history/power`: one local day's curve from the 5-minute tables (issue 14 §5; the meter's `grid` series,
 * issue 31 §4). A slot without coverage (gateway stopped, device unreachable) is null, a covered slot without a
 * sample of a series 0 W (the inverter was asleep); a slot without a meter reading is null in `grid`.
 */
import type { HistoryPoint, HistoryPower, HistorySeries } from "@dtu/api/history";
import { offsetAt, type PosixTz } from "../time/posixTz.ts";
import { dayBounds } from "./days.ts";
import type { Statements } from "./queries.ts";
import { INVERTER_CH, SLOT_S, TOTAL_SERIAL, type SeriesRow } from "./store.ts";

/**
 * Power as the device reports it (one decimal, API.md §3.1): the one place where a watt value leaves the history,
 * so sums and maxima of floats never show as 863.0999999999999.
 */
export const watts = (w: number): number => Math.round(w * 10) / 10;

/**
 * [slot start, offset] for the first slot and the slot where the offset changes. A local day holds at most one
 * daylight-saving change, so equal offsets at both ends mean none, and a change is found by bisection.
 */
function offsets(tz: PosixTz, from: number, to: number): [number, number][] {
  const first = offsetAt(tz, from * SLOT_S);
  const last = offsetAt(tz, (to - 1) * SLOT_S);
  if (first === last) return [[from * SLOT_S, first]];
  let [lo, hi] = [from, to - 1];
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (offsetAt(tz, mid * SLOT_S) === first) lo = mid;
    else hi = mid;
  }
  return [
    [from * SLOT_S, first],
    [hi * SLOT_S, last],
  ];
}

/** The day's slots: `[from, to)` of the whole day, and `done`, the end of the finished ones. */
interface Slots {
  from: number;
  to: number;
  done: number;
  n: number;
}

/** `[k, value]` pairs of one JSON array into an array of the day's slots (null where absent). */
function fill(n: number, json: string | null | undefined): (number | null)[] {
  const arr = new Array<number | null>(n).fill(null);
  for (const [k = 0, w = 0] of JSON.parse(json ?? "[]") as number[][]) arr[k] = w;
  return arr;
}

/** Mean W per picked series and slot of the day; null where the series has no sample. */
function seriesMeans(st: Statements, picked: readonly SeriesRow[], s: Slots): (number | null)[][] {
  const index = new Map(picked.map((x, i) => [x.id, i]));
  const means = picked.map(() => new Array<number | null>(s.n).fill(null));
  const rows = st.slots.raw(true).all(JSON.stringify([...index.keys()]), s.from, s.done) as [
    number,
    string,
  ][];
  for (const [sid, json] of rows) {
    const i = index.get(sid);
    if (i !== undefined) means[i] = fill(s.n, json);
  }
  return means;
}

/** The total is the inverters' sum (a string's power is already in its inverter's); a gap where not covered. */
function totalCurve(inverterMeans: (number | null)[][], covered: boolean[], s: Slots): HistoryPoint[] {
  return Array.from({ length: s.n }, (_, k): HistoryPoint => {
    let sum: number | null = covered[k] ? 0 : null;
    for (const arr of inverterMeans) {
      const w = arr[k];
      if (w !== null && w !== undefined) sum = (sum ?? 0) + w;
    }
    return [(s.from + k) * SLOT_S, sum === null ? null : watts(sum)];
  });
}

/** The meter's part of the day (null without a meter that day, or for one inverter: the meter is the house's). */
function gridPart(
  st: Statements,
  date: string,
  serial: string | null,
  s: Slots,
): Pick<HistoryPower, "grid" | "import_wh" | "export_wh"> {
  const day =
    serial === null
      ? (st.gridDay.get(date) as { import_wh: number; export_wh: number } | undefined)
      : undefined;
  if (!day) return { grid: null, import_wh: null, export_wh: null };
  const means = fill(s.n, (st.gridSlots.raw(true).get(s.from, s.done) as [string | null] | undefined)?.[0]);
  return {
    grid: means.map((w, k) => [(s.from + k) * SLOT_S, w === null ? null : watts(w)]),
    import_wh: Math.round(day.import_wh),
    export_wh: Math.round(day.export_wh),
  };
}

/**
 * `nowMs`: the gateway's clock. The 5-minute slot that holds it is not finished: its mean of the samples so far
 * would show a drop at the curve's right end (issue 34 §12), so it is left out (null, like the slots after it)
 * until it is complete.
 */
export function dayCurve(
  st: Statements,
  tz: PosixTz,
  date: string,
  serial: string | null,
  nowMs: number,
): HistoryPower {
  const [start, end] = dayBounds(tz, date);
  const from = Math.floor(start / 1000 / SLOT_S);
  const to = Math.floor(end / 1000 / SLOT_S);
  // Slots read: up to the unfinished one (the day's points still cover the whole day).
  const s: Slots = {
    from,
    to,
    n: to - from,
    done: Math.min(to, Math.max(from, Math.floor(nowMs / 1000 / SLOT_S))),
  };
  const covered = new Array<boolean>(s.n).fill(false);
  for (const k of JSON.parse((st.up.raw(true).get(from, s.done) as [string])[0]) as number[])
    covered[k] = true;
  const all = st.series.all() as SeriesRow[];
  const picked = all.filter(
    (x) => x.serial !== TOTAL_SERIAL && (serial === null ? x.ch === INVERTER_CH : x.serial === serial),
  );
  const means = seriesMeans(st, picked, s);
  const series: HistorySeries[] = picked.map((x, i) => ({
    serial: x.serial,
    name: x.name,
    ...(x.ch === INVERTER_CH ? {} : { channel: x.ch }),
    points: (means[i] ?? []).map((w, k) => [
      (from + k) * SLOT_S,
      w === null ? (covered[k] ? 0 : null) : watts(w),
    ]),
  }));
  const sid = all.find((x) => x.serial === (serial ?? TOTAL_SERIAL) && x.ch === INVERTER_CH)?.id;
  const day =
    sid === undefined ? undefined : (st.dayOne.get(sid, date) as { wh: number; peak: number } | undefined);
  return {
    date,
    step: 300,
    series,
    total: totalCurve(
      means.filter((_, i) => picked[i]?.ch === INVERTER_CH),
      covered,
      s,
    ),
    utc_offsets: offsets(tz, from, to),
    energy_wh: day ? Math.round(day.wh) : null,
    peak_w: day ? watts(day.peak) : null,
    ...gridPart(st, date, serial, s),
  };
}
