/** Requests of the History screen, with the app's credentials (read access may need them, API.md §2). */
import { historyEndpoints } from "@dtu/api/endpoints";
import type { HistoryEnergy, HistoryInfo, HistoryInterval, HistoryPower } from "@dtu/api/history";

export interface Host {
  /** The app's `Authorization` header value, null when not logged in. */
  auth(): string | null;
}

function headers(host: Host): Record<string, string> {
  const auth = host.auth();
  return { "X-Requested-With": "XMLHttpRequest", ...(auth ? { Authorization: auth } : {}) };
}

async function get(host: Host, url: string, signal?: AbortSignal): Promise<Response> {
  const res = await fetch(url, { headers: headers(host), ...(signal ? { signal } : {}) });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? `HTTP ${res.status}`);
  }
  return res;
}

export const powerUrl = (date: string, serial: string | null, csv = false): string =>
  `${historyEndpoints.power.path}?date=${date}${serial ? `&serial=${serial}` : ""}${csv ? "&format=csv" : ""}`;

export const energyUrl = (
  from: string,
  to: string,
  interval: HistoryInterval,
  serial: string | null,
  csv = false,
): string =>
  `${historyEndpoints.energy.path}?from=${from}&to=${to}&interval=${interval}` +
  `${serial ? `&serial=${serial}` : ""}${csv ? "&format=csv" : ""}`;

export const getInfo = (host: Host, signal?: AbortSignal): Promise<HistoryInfo> =>
  get(host, historyEndpoints.info.path, signal).then((r) => r.json() as Promise<HistoryInfo>);
export const getPower = (host: Host, url: string, signal?: AbortSignal): Promise<HistoryPower> =>
  get(host, url, signal).then((r) => r.json() as Promise<HistoryPower>);
export const getEnergy = (host: Host, url: string, signal?: AbortSignal): Promise<HistoryEnergy> =>
  get(host, url, signal).then((r) => r.json() as Promise<HistoryEnergy>);

/** CSV through fetch (so the credentials go along), saved under the server's file name. */
export async function downloadCsv(host: Host, url: string): Promise<void> {
  const res = await get(host, url);
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "history.csv";
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
