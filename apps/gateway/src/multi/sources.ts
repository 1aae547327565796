/**
 * What the overview knows of each device (issue 24 §4), from the gateway's own connection to it, never from browser
 * sockets: a simulated device is read from its fleet in this process, a real device through the live-data
 * connection of history/proxyFeed.ts (GET on connect, then every socket frame, merged by serial, API.md §9.3).
 *
 * `access` is the device's read rule (API.md §2.1) for the overview's access check (./access.ts), with the
 * device's own password-guessing brake (src/security/throttle.ts) in front, so the overview is no way around it.
 */
import type { LiveData, LiveInverter, LiveTotal } from "@dtu/api/live";
import type { Alerts } from "../alerts/service.ts";
import type { GatewayApp } from "../app.ts";
import { basicValid } from "../http/auth.ts";
import { dayOf } from "../history/days.ts";
import type { LiveListener } from "../history/liveTap.ts";
import { startDeviceFeed } from "../history/proxyFeed.ts";
import { zoneOf } from "../history/sim.ts";
import type { ProxyApp } from "../proxy/app.ts";
import type { Security } from "../security/index.ts";
import { addressKey } from "../security/throttle.ts";
import { lastReadings, type LastReadings } from "./lastRead.ts";
import { readsSinceBoot } from "./unread.ts";
import type { PosixTz } from "../time/posixTz.ts";

export interface DeviceLive {
  /** The gateway has live data from the device right now. */
  reachable: boolean;
  /** Unix ms since when `reachable` has had its value. */
  since: number;
  /** The device's own totals of its last document; null before the first. */
  total: LiveTotal | null;
  /** `read`: read since the DTU started (issue 25); the others' values are the device's zeros (API.md §3.1). */
  inverters: readonly (Pick<LiveInverter, "serial" | "reachable" | "producing"> & { read: boolean })[];
}

/** The device's open alerts (issue 23) for its card; null when the device runs no alerts (no history). */
export interface DeviceAlerts {
  open: number;
  critical: number;
}

export interface DeviceSource {
  live(): DeviceLive;
  alerts(): DeviceAlerts | null;
  /** The last readings the device's history holds (./lastRead.ts); empty without history. */
  lastReadings(): LastReadings;
  /**
   * The device's local date now (`YYYY-MM-DD`, its own time zone, API.md §3.18), as its History's `info.today`
   * says; null while its zone is not known (a real device that never answered).
   */
  today(): string | null;
  /** The device's read rule for these credentials (undefined: none), seen from `address`. */
  access(authorization: string | undefined, address: string | undefined): Promise<ReadAccess>;
  close(): void;
}

/**
 * A device's read rule for one request (API.md §2.1): `open` without credentials (read-only access allowed, so the
 * credentials are not looked at), `accepted` when it wants credentials and these pass, `refused` otherwise. A refusal
 * of credentials is not yet counted on the device's guessing brake: `count()` does that, and ./access.ts decides
 * (another device's right password is no guess at this one). `count` does nothing when nothing was checked (no
 * credentials, the brake's queue full). `unanswered`: the device could not be asked about these credentials.
 */
export type ReadAccess =
  { kind: "open" } | { kind: "accepted" } | { kind: "refused"; count(): void } | { kind: "unanswered" };

const OPEN: ReadAccess = { kind: "open" };
const ACCEPTED: ReadAccess = { kind: "accepted" };
const REFUSED: ReadAccess = { kind: "refused", count: () => undefined };
/** Credentials the device could not be asked about (not answering): neither accepted nor a wrong password. */
const UNANSWERED: ReadAccess = { kind: "unanswered" };

/** `reachable` with the instant of its last change. */
function reachability(
  now: () => number,
  initial: boolean,
): { get(): boolean; since(): number; set(v: boolean): void } {
  let value = initial;
  let since = now();
  return {
    get: () => value,
    since: () => since,
    set(v) {
      if (v === value) return;
      value = v;
      since = now();
    },
  };
}

/**
 * Counted from the device's own alert store, as its `GET /api/alerts?state=open` lists them: acknowledged ones are
 * still open (acknowledging stops reminders, not the condition).
 */
function openAlerts(alerts: Alerts | null): () => DeviceAlerts | null {
  return () => {
    if (!alerts) return null;
    const open = alerts.store.open();
    return { open: open.length, critical: open.filter((a) => a.severity === "critical").length };
  };
}

/**
 * Credentials through the device's guessing brake, as security/http.ts does for its own requests: the wait before
 * the check, a success resets the address; a refusal is booked by the caller (`ReadAccess.count`). `check` answers
 * null when it could not tell (the device did not answer): no wrong password to count.
 */
async function braked(
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

/**
 * A simulated device: its fleet's live document. It stops answering during its simulated reboot (API.md §8.6) and
 * once its app is closed; its last document is kept for the card. Read since the DTU started: the fleet knows it
 * directly (its last statistics reception, 0 since a reboot when none).
 */
export function simSource(app: GatewayApp, now: () => number = Date.now): DeviceSource {
  const gw = app.gateway;
  const state = reachability(now, true);
  const zone = zoneOf(() => gw.config.ntp.timezone);
  let closed = false;
  let last: DeviceLive["inverters"] = [];
  let total: LiveTotal | null = null;
  gw.onReboot.push(() => state.set(false));
  app.addHook("onClose", async () => {
    closed = true;
    state.set(false);
  });
  return {
    live() {
      state.set(!closed && !gw.inOutage());
      if (state.get() || total === null) {
        const doc: LiveData = gw.fleet.liveData();
        total = doc.total;
        last = doc.inverters.map((i) => ({ ...i, read: gw.fleet.lastUpdate(i.serial) > 0 }));
      }
      return { reachable: state.get(), since: state.since(), total, inverters: last };
    },
    alerts: openAlerts(app.alerts),
    lastReadings: lastReadings(app.history),
    // Its configured zone and its own clock: what its history's days are cut by (history/sim.ts).
    today: () => dayOf(zone(), gw.clock.now()),
    async access(authorization, address) {
      if (gw.config.security.allow_readonly) return OPEN;
      if (authorization === undefined) return REFUSED;
      return braked(app.security, address, async () =>
        basicValid(authorization, gw.config.security.password),
      );
    },
    close: () => undefined,
  };
}

export interface ProxySourceOptions {
  /**
   * Credentials of the device (its own from the URL, else `--device-user`/`--device-password`; null: none), for
   * its own connection (without a recorder) and nothing else: a visitor's read access is asked with theirs.
   */
  auth: string | null;
  now?: () => number;
  timeoutMs?: number;
  /** Console lines: that the overview opens a connection of its own, and that connection's read failures. */
  log?: (line: string) => void;
}

/** How long the device's answer on read access (open, or these credentials accepted) is trusted. */
const ACCESS_CACHE_MS = 60_000;

/**
 * The overview's live connection to a real device: the history recorder's, followed (history/liveTap.ts), so the
 * device sees one socket from the gateway; a connection of its own only when the proxy records no history.
 */
function followDevice(
  app: ProxyApp,
  opts: ProxySourceOptions,
  setZone: (tz: PosixTz) => void,
  listener: LiveListener,
): () => void {
  if (app.history) return app.history.live.follow(listener);
  const log = opts.log ?? ((line: string) => console.log(line));
  log("no history recorder to share: the overview opens its own live connection to the device");
  const feed = startDeviceFeed({
    device: app.device,
    auth: opts.auth,
    feed: { push: () => undefined, heartbeat: () => undefined },
    setZone,
    timeoutMs: opts.timeoutMs ?? 4000,
    log,
    onConnection: (open) => listener.onConnection(open),
    onDocument: (doc, full) => listener.onDocument(doc, full),
  });
  return () => feed.close();
}

/** A real device behind the proxy app: its live connection (above), and its answer on read access (cached a minute). */
export function proxySource(app: ProxyApp, opts: ProxySourceOptions): DeviceSource {
  const now = opts.now ?? Date.now;
  const timeout = opts.timeoutMs ?? 4000;
  const state = reachability(now, false);
  let total: LiveTotal | null = null;
  let inverters = new Map<string, LiveInverter>();
  // Without a recorder: the device's zone as it tells the overview's own connection on each (re)connect.
  let zone: PosixTz | null = null;
  const reads = readsSinceBoot({ device: app.device, auth: opts.auth, now, timeoutMs: timeout });
  const stop = followDevice(app, opts, (tz) => void (zone = tz), {
    onConnection(open) {
      state.set(open);
      reads.connection(open);
    },
    onDocument(doc, full) {
      reads.document(doc);
      if (doc.total) total = doc.total;
      if (!Array.isArray(doc.inverters)) return;
      const next = full ? new Map<string, LiveInverter>() : inverters;
      for (const inv of doc.inverters) {
        // `{}` stands for a slot without config (API.md §9.3); a summary keeps reachable/producing (§9.2).
        if (typeof inv?.serial === "string") next.set(inv.serial, { ...inverters.get(inv.serial), ...inv });
      }
      inverters = next;
    },
  });

  /** Status of a read request to the device with these headers; null when it does not answer. */
  const readStatus = async (headers: Record<string, string>): Promise<number | null> => {
    try {
      const res = await fetch(new URL("/api/livedata/status", app.device), {
        headers,
        signal: AbortSignal.timeout(timeout),
      });
      await res.body?.cancel();
      return res.status;
    } catch {
      return null;
    }
  };
  let open: { value: boolean; until: number } | null = null;
  // Credentials the device accepted, with the end of the minute they are trusted without asking again. Past it, they
  // are asked again; while the device does not answer, its last answer holds (as for `open`): its owner keeps seeing
  // "not answering since …", not a locked card asking again for the password the device took.
  const accepted = new Map<string, number>();

  return {
    live: () => ({
      reachable: state.get(),
      since: state.since(),
      total,
      // Producing is AC power above 0 (API.md §3.1), which an unread inverter's placeholder zeros never are: read,
      // even when its first reading came within the start's slack (unread.ts) and no second one yet.
      inverters: [...inverters.values()].map((i) => ({ ...i, read: i.producing || reads.read(i.serial) })),
    }),
    alerts: openAlerts(app.alerts?.alerts ?? null),
    lastReadings: lastReadings(app.history?.keeper ?? null),
    // With a recorder, exactly its History's `today` (its zone as the device tells it, kept in history.db).
    today() {
      const h = app.history?.keeper.current();
      if (h) return dayOf(h.zone(), h.now());
      return zone ? dayOf(zone, now()) : null;
    },
    async access(authorization, address) {
      let answering = true;
      if (!open || open.until <= now()) {
        const status = await readStatus({});
        // Never reached: nothing of it is known, so nothing of it can leak. Unreachable now: its last answer holds.
        if (status !== null) open = { value: status !== 401, until: now() + ACCESS_CACHE_MS };
        else if (!open) return total === null ? OPEN : REFUSED;
        else answering = false;
      }
      if (open.value) return OPEN;
      if (authorization === undefined) return REFUSED;
      if ((accepted.get(authorization) ?? 0) > now()) return ACCEPTED;
      return braked(app.security, address, async () => {
        const status = answering ? await readStatus({ authorization }) : null;
        // Not answering: the last answer holds (above); credentials it never took stay refused, uncounted.
        if (status === null) return accepted.has(authorization) ? true : null;
        if (status === 401) return false;
        accepted.set(authorization, now() + ACCESS_CACHE_MS);
        return true;
      });
    },
    close: stop,
  };
}
