/**
 * Production history (issue 14): our extension, not on the device. Served by the gateway under `/api/history/…`
 * (auth "read", like live data); a real device answers these paths with its SPA index or 404, which is how the web
 * app tells that history is not offered.
 */

/** `YYYY-MM-DD`, a local day in the device's time zone. */
export type HistoryDay = string;

/** One point of a curve: Unix seconds of the 5-minute slot's start, mean power in W (null = no data: a gap). */
export type HistoryPoint = [number, number | null];

export interface HistorySeries {
  serial: string;
  /** Inverter name, or `<inverter name> / <string name>` for a DC string. */
  name: string;
  /** DC string index (0-based as on the wire) for string series; absent for an inverter. */
  channel?: number;
  points: HistoryPoint[];
}

/** GET /api/history/power?date=YYYY-MM-DD[&serial=S] */
export interface HistoryPower {
  date: HistoryDay;
  step: 300;
  series: HistorySeries[];
  total: HistoryPoint[];
  /** The device's UTC offset (s) from each instant on: local time = epoch + offset (two entries on DST days). */
  utc_offsets: [number, number][];
  /** Energy of the day (Wh, from yield-total differences) and its peak power (W); null when nothing was recorded. */
  energy_wh: number | null;
  peak_w: number | null;
  /**
   * The household meter's mean power per slot (issue 31 §4: W, + import, − export); null when the device has no
   * meter recorded that day. Home use per slot = `total` + `grid`.
   */
  grid: HistoryPoint[] | null;
  /** The day's grid energy (Wh) integrated from the meter's signed power; null without a meter that day. */
  import_wh: number | null;
  export_wh: number | null;
}

export type HistoryInterval = "day" | "month" | "year";

export interface HistoryEnergyRow {
  /** First day of the period: `2026-11-05` (day), `2026-11-01` (month), `2026-01-01` (year). */
  period: HistoryDay;
  total: number;
  peak_w: number;
  inverters: Record<string, number>;
  /**
   * Grid energy of the period (issue 31 §2–3), from the meter's signed power integrated per 5 minutes; null when no
   * meter was recorded in the period. `home_wh` = production + import − export (Home Assistant's definition).
   */
  import_wh: number | null;
  export_wh: number | null;
  home_wh: number | null;
}

/** GET /api/history/energy?from=…&to=…&interval=day|month|year[&serial=S] */
export interface HistoryEnergy {
  interval: HistoryInterval;
  unit: "Wh";
  rows: HistoryEnergyRow[];
}

/** GET /api/history/info: what the web app needs to show the History entry and today's peak. */
export interface HistoryInfo {
  /** First and last local day with data (null before the first sample). */
  first_day: HistoryDay | null;
  last_day: HistoryDay | null;
  today: HistoryDay;
  /** Today's highest total power; null until something was produced today. */
  today_peak_w: number | null;
  today_energy_wh: number | null;
  inverters: { serial: string; name: string; strings: string[] }[];
}

/** One series' last reading held in the history (issue 25 item 4); null: not measured. Energy in Wh. */
export interface HistoryReading {
  /** Unix s of the reading. */
  t: number;
  power_w: number | null;
  voltage_v: number | null;
  current_a: number | null;
  yield_day_wh: number | null;
  yield_total_wh: number | null;
}

export interface HistoryLastInverter extends HistoryReading {
  serial: string;
  name: string;
  temperature_c: number | null;
  limit_pct: number | null;
  /** DC strings (0-based `channel` as on the wire), each with its own last reading. */
  strings: (HistoryReading & { channel: number })[];
}

/**
 * GET /api/history/last: every inverter's last reading the history holds, the one before it went to sleep or quiet
 * (the gateway build's live view shows it, labelled, instead of the device's zeros). Readings older than the raw
 * samples' retention keep only the lifetime yield (the other fields null).
 */
export interface HistoryLast {
  inverters: HistoryLastInverter[];
}

/** Bad parameters: HTTP 400 with this body. */
export interface HistoryError {
  type: "danger";
  message: string;
}

/** Longest range per interval (result size cap): a year of days, ten years of months, a century of years. */
export const HISTORY_MAX_PERIODS: Record<HistoryInterval, number> = { day: 366, month: 120, year: 100 };
