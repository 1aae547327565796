/**
 * Authentication (API.md §2): one user `admin`, HTTP Basic on every request; the read class is open while
 * allow_readonly is on (credentials then not even looked at); failures are a bare 401. Sockets additionally accept
 * Digest credentials and challenge with Digest (API.md §2.3).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { AUTH_COOKIE, type AuthClass } from "@dtu/api/endpoints";
import { ADMIN_USER } from "@dtu/api/limits";
import type { ConfigJson } from "../config/types.ts";

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

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

function md5(text: string): string {
  return createHash("md5").update(text).digest("hex");
}

/** Parses `Digest k="v", k=v, …`. */
export function parseDigest(header: string): Record<string, string> | null {
  const m = /^\s*Digest\s+(.*)$/is.exec(header);
  if (!m) return null;
  const out: Record<string, string> = {};
  const re = /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g;
  let part: RegExpExecArray | null;
  while ((part = re.exec(m[1] ?? "")) !== null) {
    out[(part[1] ?? "").toLowerCase()] = part[2] ?? part[3] ?? "";
  }
  return out;
}

export const DIGEST_REALM = "asyncesp";

/** Valid Digest answer (RFC 2617, MD5, with or without qop=auth) for admin. */
export function digestValid(header: string | undefined, method: string, password: string): boolean {
  if (!header) return false;
  const d = parseDigest(header);
  if (!d || d.username !== ADMIN_USER || !d.nonce || !d.uri || !d.response) return false;
  const realm = d.realm ?? DIGEST_REALM;
  const ha1 = md5(`${ADMIN_USER}:${realm}:${password}`);
  const ha2 = md5(`${method}:${d.uri}`);
  const expected =
    d.qop !== undefined && d.qop !== ""
      ? md5(`${ha1}:${d.nonce}:${d.nc ?? ""}:${d.cnonce ?? ""}:${d.qop}:${ha2}`)
      : md5(`${ha1}:${d.nonce}:${ha2}`);
  return safeEqual(expected, d.response.toLowerCase());
}

/** The challenge the socket library sends (API.md §2.3). */
export function digestChallenge(): string {
  const nonce = randomBytes(16).toString("hex");
  const opaque = randomBytes(16).toString("hex");
  return `Digest realm="${DIGEST_REALM}", qop="auth", nonce="${nonce}", opaque="${opaque}"`;
}

/** HTTP endpoints: may this request pass? (API.md §2.1) */
export function httpAllowed(auth: AuthClass, config: ConfigJson, authorization: string | undefined): boolean {
  if (auth === "none") return true;
  if (auth === "read" && config.security.allow_readonly) return true;
  return basicValid(authorization, config.security.password);
}

/** Sockets: read rule, Basic or Digest credentials (API.md §2.3). */
export function socketAllowed(
  config: ConfigJson,
  authorization: string | undefined,
  method: string,
): boolean {
  if (config.security.allow_readonly) return true;
  return (
    basicValid(authorization, config.security.password) ||
    digestValid(authorization, method, config.security.password)
  );
}

/**
 * Credentials of a socket upgrade: its Authorization header, or else `Basic <value>` from the web app's `dtu_auth`
 * cookie. The cookie is our addition (a browser WebSocket cannot send an Authorization header nor answer the Digest
 * challenge, API.md §2.3, §9.4); a real device ignores it. Only sockets look at it, never the HTTP endpoints, and
 * the value is never logged.
 */
export function upgradeAuthorization(headers: IncomingHttpHeaders): string | undefined {
  if (headers.authorization) return headers.authorization;
  for (const part of (headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== AUTH_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    // Only base64 goes into a header (no way to smuggle other header text through the cookie).
    if (/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return `Basic ${value}`;
  }
  return undefined;
}
