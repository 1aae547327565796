/**
 * The few things every request of the gateway to a real device does the same way: a GET with the device's
 * credentials and a time limit, a body that is not read drained (undici keeps the connection until it is), a POST
 * in the device's `data=` form (API.md §3.0), and the words for the network errors users meet (lib/netErrors.ts).
 */

import { drain } from "../../lib/drain.ts";
import { errorCode, netCause } from "../../lib/netErrors.ts";

export interface Wire {
  device: URL;
  /** `Basic …` of the gateway's own credentials, or null. */
  auth: string | null;
  timeoutMs: number;
}

const headersOf = (wire: Wire, authorization?: string | null): Record<string, string> => {
  const auth = authorization === undefined ? wire.auth : authorization;
  return { "x-requested-with": "XMLHttpRequest", ...(auth ? { authorization: auth } : {}) };
};

/** A GET's JSON; throws on a network error or a status other than 2xx (`HTTP <status> for <path>`). */
export async function getJson<T>(wire: Wire, path: string): Promise<T> {
  const res = await fetch(new URL(path, wire.device), {
    headers: headersOf(wire),
    signal: AbortSignal.timeout(wire.timeoutMs),
  });
  if (!res.ok) {
    await drain(res);
    throw new Error(`HTTP ${res.status} for ${path}`);
  }
  return (await res.json()) as T;
}

/** A GET's JSON, null on any failure (the device away, a refusal, a body that is not JSON). */
export const tryJson = <T>(wire: Wire, path: string): Promise<T | null> =>
  getJson<T>(wire, path).catch(() => null);

/** The status of a GET with these credentials (null: none; undefined: the gateway's own); null when no answer. */
export async function statusOf(
  wire: Wire,
  path: string,
  authorization?: string | null,
): Promise<number | null> {
  try {
    const res = await fetch(new URL(path, wire.device), {
      headers: headersOf(wire, authorization),
      signal: AbortSignal.timeout(wire.timeoutMs),
    });
    await drain(res);
    return res.status;
  } catch {
    return null;
  }
}

/** A POST of `data=<JSON>` (API.md §3.0) with the gateway's credentials: the status and the parsed answer. */
export async function postData(
  wire: Wire,
  path: string,
  data: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(new URL(path, wire.device), {
    method: "POST",
    headers: { ...headersOf(wire), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ data: JSON.stringify(data) }).toString(),
    signal: AbortSignal.timeout(wire.timeoutMs),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: res.status, body: null };
  }
}

/** A network error in words (`connection refused`), and whether it was a time-out. */
export function networkWords(error: unknown): { reason: string; timedOut: boolean } {
  const { code, message } = errorCode(error);
  const timedOut =
    (error as { statusCode?: unknown } | null)?.statusCode === 504 || /TIMEOUT|TIMEDOUT/.test(code ?? "");
  return { reason: netCause(code)?.words ?? (code ? `${code} ${message}` : message), timedOut };
}
