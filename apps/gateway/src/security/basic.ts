/**
 * HTTP Basic credentials (API.md §2): the one place that builds the header the gateway sends to a real device and
 * checks the header a request brings against the device's one user `admin`.
 */
import { timingSafeEqual } from "node:crypto";
import { ADMIN_USER } from "@dtu/api/limits";

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `Authorization: Basic …` for these credentials. */
export const basicHeader = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

/** Valid `Authorization: Basic` header for admin with the given password. */
export function basicValid(header: string | undefined, password: string): boolean {
  if (!header) return false;
  const m = /^\s*Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return false;
  const decoded = Buffer.from(m[1] ?? "", "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return false;
  return safeEqual(decoded.slice(0, colon), ADMIN_USER) && safeEqual(decoded.slice(colon + 1), password);
}
