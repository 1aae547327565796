/**
 * The device's read rule for history in proxy mode (issue 21 item 1), checked at every request: open while the
 * device answers anonymous live data, else the request's Basic credentials must be accepted by the device
 * (`/api/security/authenticate`, API.md §2.1). Both answers are cached for `cacheMs` (a few seconds), so switching
 * read-only access off on the device, or changing its password, closes history within that time; concurrent requests
 * share one question to the device.
 */
import { endpoints } from "@dtu/api/endpoints";
import type { Clock } from "../device/contracts.ts";

export interface DeviceAccessOptions {
  device: URL;
  clock: Clock;
  /** How long an answer of the device is trusted (default 3 s). */
  cacheMs?: number;
  timeoutMs?: number;
}

export interface DeviceAccess {
  /** May a request with this Authorization header (or none) read ("read") or download the backup ("admin")? */
  allowed(authorization: string | undefined, need: "read" | "admin"): Promise<boolean>;
}

/** Credentials remembered at most; beyond that the oldest are forgotten (a guesser cannot grow the map). */
const MAX_REMEMBERED = 64;

export function createDeviceAccess(opts: DeviceAccessOptions): DeviceAccess {
  const cacheMs = opts.cacheMs ?? 3000;
  const timeout = opts.timeoutMs ?? 4000;
  const answers = new Map<string, { ok: boolean; until: number; pending?: Promise<boolean> }>();

  /** The device's status for a GET of `path` with these headers; null when it does not answer. */
  async function status(path: string, headers: Record<string, string>): Promise<number | null> {
    try {
      const res = await fetch(new URL(path, opts.device), { headers, signal: AbortSignal.timeout(timeout) });
      await res.body?.cancel();
      return res.status;
    } catch {
      return null;
    }
  }

  /** One cached yes/no per key; a device that does not answer keeps the last known answer (else no). */
  function cached(key: string, ask: () => Promise<number | null>, yes: (code: number) => boolean) {
    const now = opts.clock.now();
    const known = answers.get(key);
    if (known && (known.until > now || known.pending)) return known.pending ?? Promise.resolve(known.ok);
    const pending = ask().then((code) => {
      const ok = code === null ? (known?.ok ?? false) : yes(code);
      answers.delete(key);
      if (answers.size >= MAX_REMEMBERED) answers.delete(answers.keys().next().value ?? "");
      answers.set(key, { ok, until: opts.clock.now() + cacheMs });
      return ok;
    });
    answers.set(key, { ok: known?.ok ?? false, until: 0, pending });
    return pending;
  }

  const readOpen = () =>
    cached(
      "",
      () => status(endpoints.liveStatus.path, {}),
      (code) => code !== 401,
    );
  const accepted = (authorization: string) =>
    cached(
      authorization,
      () => status(endpoints.authenticate.path, { authorization }),
      (code) => code >= 200 && code < 300,
    );

  return {
    async allowed(authorization, need) {
      if (need === "read" && (await readOpen())) return true;
      return authorization !== undefined && authorization !== "" && accepted(authorization);
    },
  };
}
