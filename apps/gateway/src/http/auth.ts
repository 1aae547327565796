/**
 * Authentication (API.md §2): one user `admin`, HTTP Basic on every request; the read class is open while
 * allow_readonly is on (credentials then not even looked at); failures are a bare 401. Sockets additionally accept
 * Digest credentials and challenge with Digest (API.md §2.3).
 */
import { createHash, randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { AuthClass } from "@dtu/api/endpoints";
import { ADMIN_USER } from "@dtu/api/limits";
import type { ConfigJson } from "../config/types.ts";
import { basicValid, safeEqual } from "../security/basic.ts";
import type { DigestNonces } from "../security/nonces.ts";
import { sessionToken, type Sessions } from "../security/sessions.ts";

/** Checked in security/basic.ts, the one place that knows the Basic header. */
export { basicValid };

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

/** What a Digest answer on a socket upgrade is checked against (our hardening of API.md §2.3). */
export interface DigestCheck {
  method: string;
  /** The upgrade's request target: the answer's `uri` must be exactly this. */
  uri: string;
  nonces: DigestNonces;
}

/**
 * Valid Digest answer (RFC 2617, MD5, with or without qop=auth) for admin: our realm, a nonce this process issued
 * and that has not expired, `uri` equal to the request's, the right response, and this nonce count not seen before
 * (a captured header cannot open the socket again).
 */
export function digestValid(header: string | undefined, check: DigestCheck, password: string): boolean {
  if (!header) return false;
  const d = parseDigest(header);
  if (!d || d.username !== ADMIN_USER || !d.nonce || !d.response) return false;
  if (d.realm !== DIGEST_REALM || d.uri !== check.uri || !check.nonces.valid(d.nonce)) return false;
  const ha1 = md5(`${ADMIN_USER}:${DIGEST_REALM}:${password}`);
  const ha2 = md5(`${check.method}:${d.uri}`);
  const withQop = d.qop !== undefined && d.qop !== "";
  if (withQop && (d.qop !== "auth" || !d.nc || !d.cnonce)) return false;
  const expected = withQop
    ? md5(`${ha1}:${d.nonce}:${d.nc ?? ""}:${d.cnonce ?? ""}:${d.qop}:${ha2}`)
    : md5(`${ha1}:${d.nonce}:${ha2}`);
  return (
    safeEqual(expected, d.response.toLowerCase()) && check.nonces.consume(d.nonce, withQop ? d.nc : undefined)
  );
}

/** The challenge the socket library sends (API.md §2.3), with a nonce of ours. */
export function digestChallenge(nonces: DigestNonces): string {
  const opaque = randomBytes(16).toString("hex");
  return `Digest realm="${DIGEST_REALM}", qop="auth", nonce="${nonces.issue()}", opaque="${opaque}"`;
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
  check: DigestCheck,
): boolean {
  if (config.security.allow_readonly) return true;
  return (
    basicValid(authorization, config.security.password) ||
    digestValid(authorization, check, config.security.password)
  );
}

/**
 * Credentials of a socket upgrade: its Authorization header, or else those of the browser's session cookie (our
 * addition: a browser WebSocket cannot send an Authorization header nor answer the Digest challenge, API.md §2.3,
 * §9.4; see security/sessions.ts). Only sockets look at the cookie, never the HTTP endpoints, and neither the token
 * nor the credentials are logged.
 */
export function upgradeAuthorization(headers: IncomingHttpHeaders, sessions: Sessions): string | undefined {
  return headers.authorization ?? sessions.get(sessionToken(headers));
}
