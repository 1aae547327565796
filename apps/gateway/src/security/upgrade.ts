/**
 * Checks on socket upgrades shared by the gateway and the proxy (our addition; API.md §3.2, §3.3 describe what the
 * device's sockets carry).
 */
import type { IncomingHttpHeaders } from "node:http";

/**
 * Largest frame a client may send: the web app only sends "ping" (SEED §9) and the device reads nothing else. A
 * larger frame closes the socket (1009) and is never passed on to the device.
 */
export const SOCKET_MAX_PAYLOAD = 4 * 1024;

/**
 * Largest frame taken from the device by the proxy: a live document of many inverters is some ten KiB; a
 * megabyte leaves room for any fleet without the ws default of 100 MiB.
 */
export const DEVICE_MAX_PAYLOAD = 1024 * 1024;

/**
 * A browser page of another site must not open our sockets with the user's cookie (cross-site WebSocket
 * hijacking): an `Origin` header must name this very host. Clients that send none (home-automation adapters,
 * scripts) pass; they carry no browser cookies.
 */
export function originAllowed(headers: IncomingHttpHeaders): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  try {
    const o = new URL(origin);
    if (o.protocol !== "http:" && o.protocol !== "https:") return false;
    return o.host === new URL(`${o.protocol}//${headers.host ?? ""}`).host;
  } catch {
    return false;
  }
}
