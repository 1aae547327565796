/**
 * Server-issued Digest nonces for socket upgrades (API.md §2.3). The device's socket library hands out a nonce in
 * its challenge; the gateway makes that nonce mean something: it is the issue time plus an HMAC of it under a
 * secret that lives only in this process, so a client cannot invent one, it expires, and each (nonce, nc) pair is
 * accepted once. Nothing is stored per challenge (an unauthenticated client asking for challenges costs no
 * memory); only nonces that were answered correctly are remembered until they expire.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Clock } from "../device/contracts.ts";

/** How long a nonce may be answered after its challenge. */
export const NONCE_VALIDITY_MS = 5 * 60_000;
/** Hex digits of the issue time: 12 cover milliseconds until the year 10889. */
const TIME_DIGITS = 12;

export interface DigestNonces {
  /** A fresh nonce (lower-case hex, as the device's). */
  issue(): string;
  /** Was this nonce issued here and is it still valid? Does not use it up. */
  valid(nonce: string): boolean;
  /**
   * Uses up the nonce for this nonce count (RFC 2617 `nc`, hex): true the first time, false for a count that is not
   * above the last one accepted (a replay). Without `nc` (no qop) a nonce is good for one upgrade.
   */
  consume(nonce: string, nc: string | undefined): boolean;
}

export function createNonces(clock: Clock, validityMs = NONCE_VALIDITY_MS): DigestNonces {
  const secret = randomBytes(32);
  const used = new Map<string, { issued: number; lastNc: number }>();
  const mac = (time: string): string => createHmac("sha256", secret).update(time).digest("hex").slice(0, 32);

  const issuedAt = (nonce: string): number | null => {
    if (!/^[0-9a-f]{44}$/.test(nonce)) return null;
    const time = nonce.slice(0, TIME_DIGITS);
    const expected = Buffer.from(mac(time));
    if (!timingSafeEqual(expected, Buffer.from(nonce.slice(TIME_DIGITS)))) return null;
    return parseInt(time, 16);
  };
  const fresh = (issued: number): boolean => {
    const age = clock.now() - issued;
    return age >= 0 && age <= validityMs;
  };

  return {
    issue() {
      const time = Math.floor(clock.now()).toString(16).padStart(TIME_DIGITS, "0");
      return time + mac(time);
    },
    valid(nonce) {
      const issued = issuedAt(nonce);
      return issued !== null && fresh(issued);
    },
    consume(nonce, nc) {
      for (const [n, entry] of used) if (!fresh(entry.issued)) used.delete(n);
      const issued = issuedAt(nonce);
      if (issued === null || !fresh(issued)) return false;
      const count = nc === undefined ? 1 : /^[0-9a-f]{1,8}$/i.test(nc) ? parseInt(nc, 16) : NaN;
      if (!(count > 0)) return false;
      const entry = used.get(nonce);
      if (entry && count <= entry.lastNc) return false;
      used.set(nonce, { issued, lastNc: nc === undefined ? Number.MAX_SAFE_INTEGER : count });
      return true;
    },
  };
}
