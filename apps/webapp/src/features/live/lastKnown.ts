/**
 * Last known values from the gateway's history (issue 25 item 4), gateway build only: the live view imports this
 * only through its gateway slots, so the device build carries none of it. Pure: the history's answer
 * (`GET /api/history/last`) turned into what the live view already knows how to show.
 */
import { historyEndpoints, type ApiPath } from "@dtu/api/endpoints";
import type { HistoryLast, HistoryLastInverter, HistoryReading } from "@dtu/api/history";
import type { Channel, Field } from "@dtu/api/live";

/** A function, not a constant: a property read at module level would keep the endpoint map in the device build. */
export const lastUrl = (): ApiPath<HistoryLast> => historyEndpoints.last.path;

const field = (v: number | null, u: string, d: number): Field | undefined =>
  v === null ? undefined : { v, u, d };

/**
 * A history reading as a live channel, with the device's units and decimals (API.md §3.1: power W/1, voltage V/1,
 * current A/2, yield day Wh/0, yield total kWh/3, temperature °C/1), so the panel's cards show it unchanged.
 */
export function readingChannel(r: HistoryReading, temperature: number | null = null): Channel {
  const fields: [string, Field | undefined][] = [
    ["Power", field(r.power_w, "W", 1)],
    ["Voltage", field(r.voltage_v, "V", 1)],
    ["Current", field(r.current_a, "A", 2)],
    ["YieldDay", field(r.yield_day_wh, "Wh", 0)],
    ["YieldTotal", field(r.yield_total_wh === null ? null : r.yield_total_wh / 1000, "kWh", 3)],
    ["Temperature", field(temperature, "°C", 1)],
  ];
  const ch: Channel = {};
  for (const [name, f] of fields) if (f) ch[name] = f;
  return ch;
}

/** The inverter's last reading in the history by its live key (the serial; "serial~n" for a second slot). */
export function lastOf(last: HistoryLast | null, id: string): HistoryLastInverter | undefined {
  const serial = id.split("~")[0]?.toLowerCase();
  return last?.inverters.find((i) => i.serial.toLowerCase() === serial);
}

/** "today", "yesterday" or "earlier": the local day of `at` (ms) against `now`, for "last read yesterday 16:45". */
export function dayWord(at: number, now: number): "today" | "yesterday" | "earlier" {
  const midnight = new Date(now).setHours(0, 0, 0, 0);
  if (at >= midnight) return "today";
  return at >= new Date(midnight - 1).setHours(0, 0, 0, 0) ? "yesterday" : "earlier";
}

/**
 * What the totals can add from the history for the inverters not read since the DTU started (`ids`): the sum of
 * their last lifetime yields, how many of them the history has one for, and the newest reading's time (ms).
 */
export function lastTotals(
  last: HistoryLast | null,
  ids: readonly string[],
): { yieldTotal: Field; covered: number; at: number } | undefined {
  let wh = 0;
  let covered = 0;
  let at = 0;
  for (const id of ids) {
    const inv = lastOf(last, id);
    if (inv?.yield_total_wh == null) continue;
    wh += inv.yield_total_wh;
    covered++;
    at = Math.max(at, inv.t * 1000);
  }
  return covered ? { yieldTotal: { v: wh / 1000, u: "kWh", d: 3 }, covered, at } : undefined;
}
