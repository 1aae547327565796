/**
 * What the gateway and the proxy add on top of the device's weak-by-design auth (HTTP Basic on every request,
 * API.md §2): socket sessions, Digest nonces, the password-guessing brake, security headers. SECURITY.md at the
 * repository root describes the threat model and which test backs each promise.
 */
import type { Clock } from "../device/contracts.ts";
import { createNonces, type DigestNonces } from "./nonces.ts";
import { createOpenSockets, type OpenSockets } from "./openSockets.ts";
import { createSessions, type Sessions } from "./sessions.ts";
import { createThrottle, type Throttle, type ThrottleOptions } from "./throttle.ts";

export interface Security {
  sessions: Sessions;
  nonces: DigestNonces;
  throttle: Throttle;
  /** The open sockets with their credentials: closed on logout and when their password changes. */
  openSockets: OpenSockets;
  /** Waits before an answer (tests replace it to check the delays without waiting). */
  sleep: (ms: number) => Promise<void>;
}

export interface SecurityOptions {
  clock?: Clock;
  log: (text: string) => void;
  sleep?: (ms: number) => Promise<void>;
  throttle?: Partial<Omit<ThrottleOptions, "clock" | "log">>;
}

export function createSecurity(opts: SecurityOptions): Security {
  const clock = opts.clock ?? { now: () => Date.now() };
  return {
    sessions: createSessions(clock),
    nonces: createNonces(clock),
    throttle: createThrottle({ ...opts.throttle, clock, log: opts.log }),
    openSockets: createOpenSockets(),
    sleep: opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
  };
}
