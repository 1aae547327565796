/**
 * Which inverters of a real device the DTU has read since it started, for the overview (issue 25's rule: a value
 * never read is not a zero). The live document does not say it directly: an inverter never read since boot has
 * `data_age` equal to the device's uptime, and its values are zeros (API.md §3.1). So the uptime is asked once per
 * connection (`GET /api/system/status`, API.md §3.17: whole seconds), which places the DTU's start on the gateway's
 * clock; each live document then places every inverter's last reading (receipt − `data_age`). A reading at the start
 * (within BOOT_SLACK_MS) is "never read".
 *
 * Fed by whatever connection gives the overview its documents (./sources.ts `proxySource`): it only needs to hear of
 * the connection opening and of each document. A document replayed to a late follower (history/liveTap.ts) is placed
 * at its replay, a moment after it came; the app is still being built then, well within the slack.
 */
import type { LiveData } from "@dtu/api/live";
import type { SystemStatus } from "@dtu/api/system";

export interface ReadsSinceBoot {
  /** The connection to the device opened (true: the uptime is asked again, a reboot closes it) or closed. */
  connection(open: boolean): void;
  /** A live document as received, whole or partial (API.md §3.2, §9.3): inverters without `data_age` are kept. */
  document(doc: Partial<LiveData>): void;
  /** Read since the DTU started; false while that cannot be told yet (uptime not known, nothing heard of it). */
  read(serial: string): boolean;
}

export interface ReadsSinceBootOptions {
  device: URL;
  /** Credentials of the gateway's own connection, or null. */
  auth: string | null;
  now: () => number;
  timeoutMs: number;
}

/**
 * Tolerance between "last reading" and "start": `data_age` and `uptime` are whole seconds (each up to 1 s off) and
 * come in two answers at different moments. The web app's live view uses the same margin (features/live/state.ts),
 * so an inverter read within 3 s of the start counts as unread until its next poll, as there.
 */
const BOOT_SLACK_MS = 3000;
/** A failed uptime request is asked again with a later document, not more often than this. */
const RETRY_MS = 10_000;

export function readsSinceBoot(opts: ReadsSinceBootOptions): ReadsSinceBoot {
  /** Gateway-clock ms of the DTU's start; null until this connection's uptime answered. */
  let bootAt: number | null = null;
  /** Per serial, the gateway-clock ms of the inverter's last reading. */
  const seen = new Map<string, number>();
  /** Bumped per connection, so an answer from before a reconnect is not taken for the new boot. */
  let generation = 0;
  let asking = false;
  let nextTry = 0;

  const ask = (): void => {
    if (asking || bootAt !== null || opts.now() < nextTry) return;
    asking = true;
    nextTry = opts.now() + RETRY_MS;
    const mine = generation;
    const headers: Record<string, string> = { "x-requested-with": "XMLHttpRequest" };
    if (opts.auth) headers.authorization = opts.auth;
    fetch(new URL("/api/system/status", opts.device), {
      headers,
      signal: AbortSignal.timeout(opts.timeoutMs),
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const uptime = ((await res.json()) as Partial<SystemStatus>).uptime;
        if (mine !== generation) return;
        // A status without an uptime (not the firmware of API.md) cannot tell: its inverters count as read, and the
        // figures are the device's own, as before this check.
        bootAt = typeof uptime === "number" ? opts.now() - uptime * 1000 : Number.NEGATIVE_INFINITY;
      })
      // No uptime: nothing can be told read yet; the next document asks again (RETRY_MS).
      .catch(() => undefined)
      .finally(() => {
        if (mine === generation) asking = false;
      });
  };

  return {
    connection(open) {
      // Closed: what was known stays, so a device that stops answering keeps its last figures. Opened: it may have
      // restarted meanwhile, so its start is asked anew. The readings stay: one from before a restart lies before
      // the new start (unread, rightly), and a follower of a shared connection hears of the documents so far before
      // it hears that the connection is open (history/liveTap.ts).
      if (!open) return;
      generation++;
      asking = false;
      bootAt = null;
      nextTry = 0;
      ask();
    },
    document(doc) {
      const at = opts.now();
      for (const inv of Array.isArray(doc.inverters) ? doc.inverters : []) {
        if (typeof inv?.serial === "string" && typeof inv.data_age === "number")
          seen.set(inv.serial, at - inv.data_age * 1000);
      }
      ask();
    },
    read(serial) {
      const last = seen.get(serial);
      return bootAt !== null && last !== undefined && last - bootAt >= BOOT_SLACK_MS;
    },
  };
}
