/**
 * Browser sessions for socket upgrades (our addition; API.md §2.3, §9.4). A browser WebSocket cannot send an
 * Authorization header nor answer the socket's Digest challenge, so when a login succeeds the gateway or proxy sets
 * an opaque random token in an HttpOnly, SameSite=Strict cookie and keeps the matching credentials in memory only.
 * On an upgrade without an Authorization header the token stands for those credentials. HTTP endpoints never look
 * at it: the device API stays Basic on every request (API.md §2). Tokens expire, and drop on logout and on a password
 * change; a restart forgets them all (the web app asks for a new one on its next page load).
 */
import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { parse as parseCookie } from "cookie";
import { SESSION_COOKIE } from "@dtu/api/endpoints";
import type { Clock } from "../device/contracts.ts";

/** A session lives this long after its last use. */
export const SESSION_IDLE_MS = 12 * 60 * 60_000;
/** Sessions kept at once; the least recently used goes first (each login adds one). */
export const MAX_SESSIONS = 64;

export interface Sessions {
  /** A new token for these credentials (an `Authorization` header value). */
  create(authorization: string): string;
  /** The credentials of a live token (renews it), or undefined. */
  get(token: string | undefined): string | undefined;
  drop(token: string | undefined): void;
  /** Drops the sessions whose credentials fail the test (e.g. after a password change). */
  dropWhere(stale: (authorization: string) => boolean): void;
  /** The tokens' credentials, for a re-check against the device. */
  list(): string[];
  size(): number;
}

export function createSessions(clock: Clock, idleMs = SESSION_IDLE_MS, max = MAX_SESSIONS): Sessions {
  // Map order is the use order: the first entry is the least recently used.
  const map = new Map<string, { authorization: string; lastUse: number }>();
  const prune = (): void => {
    for (const [token, s] of map) if (clock.now() - s.lastUse > idleMs) map.delete(token);
  };
  return {
    create(authorization) {
      prune();
      const token = randomBytes(32).toString("base64url");
      map.set(token, { authorization, lastUse: clock.now() });
      while (map.size > max) map.delete(map.keys().next().value as string);
      return token;
    },
    get(token) {
      prune();
      const s = token === undefined ? undefined : map.get(token);
      if (!s || token === undefined) return undefined;
      map.delete(token);
      map.set(token, { ...s, lastUse: clock.now() });
      return s.authorization;
    },
    drop(token) {
      if (token !== undefined) map.delete(token);
    },
    dropWhere(stale) {
      for (const [token, s] of map) if (stale(s.authorization)) map.delete(token);
    },
    list: () => [...new Set([...map.values()].map((s) => s.authorization))],
    size: () => map.size,
  };
}

/**
 * The session token in a Cookie header, if any (only the characters a token can have). Taken as sent: a token is
 * never percent-encoded, so one that needs decoding is none of ours.
 */
export function sessionToken(headers: IncomingHttpHeaders): string | undefined {
  const value = parseCookie(headers.cookie ?? "", { decode: (text) => text })[SESSION_COOKIE];
  return value !== undefined && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : undefined;
}

/** The Cookie header without our session cookie (what the proxy passes on to the device); undefined if empty. */
export function withoutSessionCookie(cookie: string | undefined): string | undefined {
  if (cookie === undefined) return undefined;
  const rest = cookie
    .split(";")
    .filter((part) => part.split("=", 1)[0]?.trim() !== SESSION_COOKIE)
    .join(";")
    .trim();
  return rest === "" ? undefined : rest;
}

/** Set-Cookie value for a new token; not `Secure` because the device and this gateway speak plain HTTP. */
export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${SESSION_IDLE_MS / 1000}`;
}

export const CLEAR_SESSION_COOKIE = `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
