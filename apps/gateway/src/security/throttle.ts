/**
 * Password-guessing brake (our addition: the device answers every guess at once, API.md §2). After a few wrong
 * passwords from one address, requests from that address that carry credentials are answered only after a
 * growing, capped delay; parallel requests queue behind each other, so opening more connections does not guess
 * faster. A right password resets the address; other addresses are never slowed. Requests without credentials are
 * not delayed (the open read pages keep working).
 */
import type { Clock } from "../device/contracts.ts";
import { backoffDelay } from "../lib/backoff.ts";

export interface ThrottleOptions {
  clock: Clock;
  /** Where "answers from X now wait N ms" goes (the device console, or stdout for the proxy). */
  log: (text: string) => void;
  /** Wrong passwords answered at full speed (default 3). */
  free?: number;
  /** First delay, doubled with each further wrong password (default 500 ms) … */
  baseMs?: number;
  /** … up to this (default 8 s). */
  maxMs?: number;
  /** An address whose last wrong password is this old starts afresh (default 15 min). */
  forgetMs?: number;
  /** A request that would have to wait longer than this is refused at once (default 60 s). */
  maxQueueMs?: number;
}

export interface Throttle {
  /**
   * Books the answer slot of a request with credentials: the ms it must wait, or null when the address's queue is
   * full (answer 429 without looking at the credentials).
   */
  reserve(address: string): number | null;
  failure(address: string): void;
  success(address: string): void;
  /** The delay the address's next request with credentials gets (for logs and tests). */
  delayOf(address: string): number;
}

/** Addresses remembered at once; the oldest entry goes first. */
const MAX_ADDRESSES = 1024;

/** One key per client: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 (one host can pick any address in it). */
export function addressKey(address: string | undefined): string {
  const a = (address ?? "").toLowerCase().replace(/^::ffff:(?=\d+\.)/, "");
  if (!a.includes(":")) return a;
  const [head = "", tail = ""] = a.split("::", 2);
  const left = head ? head.split(":") : [];
  const right = a.includes("::") && tail ? tail.split(":") : [];
  const groups = a.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export function createThrottle(opts: ThrottleOptions): Throttle {
  const free = opts.free ?? 3;
  const baseMs = opts.baseMs ?? 500;
  const maxMs = opts.maxMs ?? 8000;
  const forgetMs = opts.forgetMs ?? 15 * 60_000;
  const maxQueueMs = opts.maxQueueMs ?? 60_000;
  const entries = new Map<string, { failures: number; lastFailure: number; nextSlot: number }>();
  const now = (): number => opts.clock.now();

  const entry = (address: string) => {
    const e = entries.get(address);
    if (e && now() - e.lastFailure > forgetMs && e.nextSlot <= now()) {
      entries.delete(address);
      return undefined;
    }
    return e;
  };
  const delayFor = (failures: number): number =>
    failures < free ? 0 : (backoffDelay({ firstMs: baseMs, maxMs }, failures - free) ?? maxMs);

  return {
    reserve(address) {
      const e = entry(address);
      const delay = e ? delayFor(e.failures) : 0;
      if (!e || delay === 0) return 0;
      const start = Math.max(now(), e.nextSlot);
      const wait = start + delay - now();
      if (wait > maxQueueMs) return null;
      e.nextSlot = start + delay;
      return wait;
    },
    failure(address) {
      const e = entry(address) ?? { failures: 0, lastFailure: 0, nextSlot: 0 };
      e.failures += 1;
      e.lastFailure = now();
      entries.delete(address);
      entries.set(address, e);
      while (entries.size > MAX_ADDRESSES) entries.delete(entries.keys().next().value as string);
      const delay = delayFor(e.failures);
      if (delay > 0) {
        opts.log(`Security: ${e.failures} wrong passwords from ${address}, its logins now wait ${delay} ms`);
      }
    },
    success(address) {
      entries.delete(address);
    },
    delayOf(address) {
      const e = entry(address);
      return e ? delayFor(e.failures) : 0;
    },
  };
}
