/**
 * A real device's port (issue 30 §1): its HTTP API and ONE live socket from the gateway (./socket.ts), shared by
 * every feature of that device; the facts it tells besides (./reads.ts), its read rule (./access.ts) and commands
 * (./commands.ts). Proxy mode loads this and never the simulated device.
 */
import type { DeviceInfo, EventLog, LimitStatus, LiveInverter, PowerStatus } from "@dtu/api/live";
import type { Schedule } from "../../lib/backoff.ts";
import type { Security } from "../../security/index.ts";
import { safeParse } from "../../time/clock.ts";
import { PORT_BEAT_MS, type DevicePort, type PortPlace } from "../contract.ts";
import { createLiveState } from "../live.ts";
import { localDay } from "../place.ts";
import { probeAccess, realAccess, type Access } from "./access.ts";
import { realCommands, type RealCommandsOptions } from "./commands.ts";
import { deviceReads, READS_EVERY_MS, readSince, type DeviceReads } from "./reads.ts";
import { openLiveSocket, RECONNECT } from "./socket.ts";
import { tryJson, type Wire } from "./wire.ts";

export interface RealPortOptions {
  /** The device's origin (no credentials in it). */
  device: URL;
  /** `Basic …` of the gateway's own credentials for this device, or null (read-only access must then be on). */
  auth: string | null;
  /** The security layer of the device's app: the guessing brake of `access`. */
  security: Security;
  /** The gateway's clock (default Date.now); tests drive it. */
  now?: () => number;
  timeoutMs?: number;
  /** How long the device's read rule and accepted credentials are trusted (default a minute). */
  accessCacheMs?: number;
  /** Reconnect waits of the live socket (default `RECONNECT`: doubling from 2 s up to 60 s). */
  backoff?: Schedule;
  /** Console lines of the port's connection (a failed first read); default none. */
  log?: (line: string) => void;
  /** The device let the live socket in (true) or refused it with 401 (false). */
  onAccess?: (granted: boolean) => void;
  /** The commands' acknowledgement polling (tests). */
  commands?: Omit<RealCommandsOptions, "now">;
}

export type { Access };

export interface RealPort extends DevicePort {
  /** The zone a feature last knew (history.db), until the device tells its own. */
  knownZone(rule: string): void;
  /** The POSIX rule of `place.zone()`, for a feature that keeps it (history.db); null while not known. */
  zoneRule(): string | null;
  /** What the device says to a read request without and with the gateway's credentials (start message). */
  probeAccess(): Promise<Access>;
  /** The live socket is open. */
  connected(): boolean;
  /** Reads the device's facts now (zone, sun, hostname, location) instead of at the minute; tests. */
  refresh(): Promise<void>;
}

const DEFAULT_ACCESS_CACHE_MS = 60_000;
/** The device pushes at least every 10 s to a connected socket (API.md §3.2): a minute of silence is an outage. */
const SILENT_AFTER_MS = 60_000;

function realPlace(reads: DeviceReads, now: () => number): PortPlace {
  const f = reads.facts;
  return {
    zone: () => f.zone,
    today: () => (f.zone ? localDay(f.zone, now()) : null),
    location: () => f.location,
    sunTimes: () => f.sun,
  };
}

export function createRealPort(opts: RealPortOptions): RealPort {
  const now = opts.now ?? Date.now;
  const wire: Wire = { device: opts.device, auth: opts.auth, timeoutMs: opts.timeoutMs ?? 4000 };
  /** Per serial, the gateway-clock ms of the inverter's last reading (receipt − `data_age`). */
  const seen = new Map<string, number>();
  const readOf = (live: LiveInverter) => {
    const readAt = seen.get(live.serial) ?? null;
    // Producing is AC power above 0 (API.md §3.1), which an unread inverter's placeholder zeros never are.
    const read = live.producing || readSince(reads.facts.bootAt, readAt);
    return { read, readAt };
  };
  const state = createLiveState(now, readOf, false);
  /** `read` again for every inverter once the DTU's start is known (no document needed). */
  const restate = (): void => {
    const s = state.snapshot();
    if (s.inverters.length > 0) state.document({ inverters: s.inverters.map((i) => i.live) }, false, s.at);
  };
  const reads = deviceReads(wire, now, restate);
  let heardAt = now();
  /** Reachable: the socket is open and the device spoke within the last minute. */
  const check = (): void => state.reachable(socket.connected() && now() - heardAt < SILENT_AFTER_MS);
  const socket = openLiveSocket(
    wire,
    {
      connection(open) {
        heardAt = now();
        state.reachable(open);
        if (open) void reads.connected();
      },
      document(doc, full) {
        const at = now();
        heardAt = at;
        check();
        for (const inv of Array.isArray(doc.inverters) ? doc.inverters : []) {
          if (typeof inv?.serial === "string" && typeof inv.data_age === "number")
            seen.set(inv.serial, at - inv.data_age * 1000);
        }
        state.document(doc, full, at);
        reads.documentSeen();
      },
      ntp: reads.ntp,
      access: (granted) => opts.onAccess?.(granted),
      log: (line) => opts.log?.(line),
    },
    opts.backoff ?? RECONNECT,
  );
  const timers = [
    setInterval(() => {
      check();
      state.beat();
    }, PORT_BEAT_MS),
    setInterval(() => void (socket.connected() ? reads.refresh() : undefined), READS_EVERY_MS),
  ];
  const rule = realAccess(wire, opts.security, now, opts.accessCacheMs ?? DEFAULT_ACCESS_CACHE_MS);
  const commands = realCommands(wire, { now, ...opts.commands });
  const q = (serial: string): string => `?inv=${encodeURIComponent(serial)}`;

  return {
    id: opts.device.host,
    name: () => reads.facts.hostname ?? opts.device.hostname,
    now,
    place: realPlace(reads, now),
    snapshot() {
      check();
      return state.snapshot();
    },
    subscribe: (listener) => state.subscribe(listener),
    limitStatus: () => tryJson<LimitStatus>(wire, "/api/limit/status"),
    powerStatus: () => tryJson<PowerStatus>(wire, "/api/power/status"),
    deviceInfo: (serial) => tryJson<DeviceInfo>(wire, `/api/devinfo/status${q(serial)}`),
    eventLog: (serial, locale) =>
      tryJson<EventLog>(wire, `/api/eventlog/status${q(serial)}&locale=${encodeURIComponent(locale)}`),
    ...commands,
    access: rule.access,
    model: null,
    knownZone(text) {
      if (reads.facts.zone) return;
      reads.facts.rule = text;
      reads.facts.zone = safeParse(text);
    },
    zoneRule: () => reads.facts.rule,
    probeAccess: () => probeAccess(wire),
    connected: () => socket.connected(),
    refresh: () => reads.refresh(),
    async close() {
      for (const t of timers) clearInterval(t);
      socket.close();
      state.close();
    },
  };
}
