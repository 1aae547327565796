/**
 * A device's read rule for one request (./contract.ts `ReadAccess`, API.md §2.1) through the device's
 * password-guessing brake (src/security/throttle.ts), as security/http.ts does for its own requests: the wait before
 * the check, a success resets the address; a refusal is booked by the caller (`ReadAccess.count`), so a caller that
 * asks several devices decides (multi/access.ts: another device's right password is no guess at this one).
 */
import type { Security } from "../security/index.ts";
import { addressKey } from "../security/throttle.ts";
import type { ReadAccess } from "./contract.ts";

export const OPEN: ReadAccess = { kind: "open" };
export const ACCEPTED: ReadAccess = { kind: "accepted" };
/** Refused without a check (no credentials, the brake's queue full): nothing to count. */
export const REFUSED: ReadAccess = { kind: "refused", count: () => undefined };
/** Credentials the device could not be asked about (not answering): neither accepted nor a wrong password. */
export const UNANSWERED: ReadAccess = { kind: "unanswered" };

/** `check` answers null when it could not tell (the device did not answer): no wrong password to count. */
export async function braked(
  security: Security,
  address: string | undefined,
  check: () => Promise<boolean | null>,
): Promise<ReadAccess> {
  const key = addressKey(address);
  const wait = security.throttle.reserve(key);
  if (wait === null) return REFUSED;
  if (wait > 0) await security.sleep(wait);
  const ok = await check();
  if (ok) {
    security.throttle.success(key);
    return ACCEPTED;
  }
  if (ok === null) return UNANSWERED;
  return { kind: "refused", count: () => security.throttle.failure(key) };
}
