/**
 * A real device's read rule for a request (API.md §2.1), as the device itself answers it, asked only now and then:
 * open while it answers anonymous live data (asked again after `cacheMs`), else the request's credentials must be
 * accepted by its login check (`/api/security/authenticate`, trusted for `cacheMs`). Credentials go through the
 * guessing brake of the gateway's security layer (../access.ts). While the device does not answer, its last answer
 * holds: its owner keeps seeing "not answering since …", not a lock asking again for a password it took.
 */
import { endpoints } from "@dtu/api/endpoints";
import type { Security } from "../../security/index.ts";
import { ACCEPTED, braked, OPEN, REFUSED } from "../access.ts";
import type { ReadAccess } from "../contract.ts";
import { statusOf, type Wire } from "./wire.ts";

/** Never reached: nothing of the device is known, so nothing of it can be given away (see `ReadAccess`). */
const ASSUMED_OPEN: ReadAccess = { kind: "open", assumed: true };
/** Credentials remembered at most; beyond that the oldest are forgotten (a guesser cannot grow the map). */
const MAX_REMEMBERED = 64;

export type Access = "open" | "credentials-needed" | "credentials-wrong" | "credentials-ok" | "unreachable";

/** What the device says to a read request without and (if given) with the gateway's credentials (start message). */
export async function probeAccess(wire: Wire): Promise<Access> {
  const anonymous = await statusOf(wire, endpoints.liveStatus.path, null);
  if (anonymous === null) return "unreachable";
  if (anonymous !== 401) return "open";
  if (!wire.auth) return "credentials-needed";
  const own = await statusOf(wire, endpoints.liveStatus.path);
  if (own === null) return "unreachable";
  return own === 401 ? "credentials-wrong" : "credentials-ok";
}

export interface RealAccess {
  access(
    authorization: string | undefined,
    address: string | undefined,
    need?: "read" | "admin",
  ): Promise<ReadAccess>;
}

export function realAccess(wire: Wire, security: Security, now: () => number, cacheMs: number): RealAccess {
  let open: { value: boolean; until: number; pending?: Promise<number | null> } | null = null;
  // Credentials the device accepted, with the end of the time they are trusted without asking again.
  const accepted = new Map<string, number>();
  const remember = (authorization: string): void => {
    accepted.delete(authorization);
    if (accepted.size >= MAX_REMEMBERED) accepted.delete(accepted.keys().next().value ?? "");
    accepted.set(authorization, now() + cacheMs);
  };

  /** The device's rule (true: open), asked once per `cacheMs`; null when it was never reached. Concurrent asks share. */
  async function rule(): Promise<{ open: boolean | null; answering: boolean }> {
    if (open && open.until > now()) return { open: open.value, answering: true };
    const pending = open?.pending ?? statusOf(wire, endpoints.liveStatus.path, null);
    if (open) open.pending = pending;
    else open = { value: false, until: 0, pending };
    const status = await pending;
    if (open.pending === pending) delete open.pending;
    if (status !== null) {
      open = { value: status !== 401, until: now() + cacheMs };
      return { open: open.value, answering: true };
    }
    return { open: open.until === 0 ? null : open.value, answering: false };
  }

  return {
    async access(authorization, address, need = "read") {
      let answering = true;
      if (need === "read") {
        const r = await rule();
        answering = r.answering;
        if (r.open === null) return ASSUMED_OPEN;
        if (r.open) return OPEN;
      }
      if (authorization === undefined || authorization === "") return REFUSED;
      if ((accepted.get(authorization) ?? 0) > now()) return ACCEPTED;
      return braked(security, address, async () => {
        const status = answering ? await statusOf(wire, endpoints.authenticate.path, authorization) : null;
        // Not answering: the last answer holds; credentials it never took stay refused, uncounted.
        if (status === null) return accepted.has(authorization) ? true : null;
        if (status < 200 || status >= 300) return false;
        remember(authorization);
        return true;
      });
    },
  };
}
