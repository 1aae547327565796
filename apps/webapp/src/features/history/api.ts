/** Requests of the History screen through the app's HTTP client (its headers, credentials and 401 policy). */
import { historyEndpoints, type ApiPath } from "@dtu/api/endpoints";
import type { HistoryEnergy, HistoryInfo, HistoryInterval, HistoryPower } from "@dtu/api/history";
import { downloadAs } from "../../lib/download";
import { getJson } from "../../lib/http";

/** A function, not a constant: a property read at module level would keep the endpoint map in the device build. */
export const infoUrl = (): ApiPath<HistoryInfo> => historyEndpoints.info.path;

export const powerUrl = (date: string, serial: string | null, csv = false): ApiPath<HistoryPower> =>
  `${historyEndpoints.power.path}?date=${date}${serial ? `&serial=${serial}` : ""}${csv ? "&format=csv" : ""}`;

export const energyUrl = (
  from: string,
  to: string,
  interval: HistoryInterval,
  serial: string | null,
  csv = false,
): ApiPath<HistoryEnergy> =>
  `${historyEndpoints.energy.path}?from=${from}&to=${to}&interval=${interval}` +
  `${serial ? `&serial=${serial}` : ""}${csv ? "&format=csv" : ""}`;

/** A day's curve and the day before's, for the comparison line (`key`: both power URLs and a reload count). */
export function getDayAndBefore(key: string, signal: AbortSignal): Promise<[HistoryPower, HistoryPower]> {
  const [day, before] = key.split(" ") as [string, string];
  return Promise.all([getJson<HistoryPower>(day, signal), getJson<HistoryPower>(before, signal)]);
}

/**
 * Saves the history backup as `history-<device's local date>.db`, the name the gateway gives it. getBlob hands over
 * the body only, so the date comes from a fresh info answer (a page left open past midnight names the new day).
 */
export async function downloadBackup(): Promise<void> {
  const { today } = await getJson(infoUrl());
  await downloadAs(historyEndpoints.backup.path, `history-${today}.db`);
}
