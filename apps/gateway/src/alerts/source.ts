/**
 * What the rules look at, the same in both modes, filled from the device port (`portSource`, src/port/): its
 * snapshot, clock, place and reads, so the rules (rules.ts) stay pure functions of (snapshot, learned shares,
 * settings, now). The limit and power status are read by `refresh()` (each evaluation of a simulated device, each
 * minute of a real one); between two, and when a read fails, the last ones hold.
 *
 * The location: a real device tells it only with the gateway's password (`/api/ntp/config`, admin). Without it the
 * device's own sunrise and sunset stand in (rules.ts `dayMargin`; its day begins at nautical dawn by default, hence
 * the margins there).
 */
import type { AlertLanguage } from "@dtu/api/alerts";
import type { CommandStatus, LimitStatus, PowerStatus } from "@dtu/api/live";
import type { DevicePort, PortSnapshot } from "../port/contract.ts";
import { sunTimesOf } from "../port/place.ts";
import { partsOf, safeParse } from "../time/clock.ts";
import type { PosixTz } from "../time/posixTz.ts";
import { solarElevation } from "../time/sun.ts";
import { sourceEvents, sourceInverter } from "./live.ts";

export interface SourceInverter {
  serial: string;
  name: string;
  /** Effective polling (`poll_enabled`, API.md §3.1): off, or night without night polling. */
  pollEnabled: boolean;
  reachable: boolean;
  producing: boolean;
  /** AC power in W (0 while unreachable). */
  power: number;
  /** DC power per string in W, 0-based as in live data. */
  strings: number[];
  /** Each string's name set in Settings > Inverters ("" where none is set), 0-based; absent: none known. */
  stringNames?: string[];
  /** Active limit in % as the DTU read it (`limit_relative`; 0 until read, API.md §3.1). */
  limitRelative: number;
  /** Entries in the inverter's event log (0–15), -1 when not known. */
  events: number;
  limitStatus: CommandStatus | null;
  powerStatus: CommandStatus | null;
  /** Yield of today in Wh (for the daily summary), null when not known. */
  yieldDayWh: number | null;
}

export interface SourceSnapshot {
  /** Unix ms. */
  now: number;
  /** The DTU's name (hostname) for the DTU's own alerts. */
  dtuName: string;
  /** A stable id of the DTU (its serial in simulated mode, the device's address in proxy mode). */
  dtuSerial: string;
  /** Local date `YYYY-MM-DD` of the device (daily summary, event-log entries). */
  localDay: string;
  /** Local time `HH:MM` of the device (recovery messages). */
  localTime: string;
  inverters: SourceInverter[];
  /** Proxy mode: the device answers on its live socket. null in simulated mode (the gateway is the device). */
  dtuReachable: boolean | null;
  /** `hints.time_sync` (true = the clock is NOT synchronised, API.md §3.1); null when not known. */
  clockUnsynced: boolean | null;
  /** `hints.radio_problem`; null when not known. */
  radioProblem: boolean | null;
  /**
   * The household meter's state (issue 31, meter/poller.ts): `stale` / `error` is not answering; absent or null where
   * the device has no meter watched (the rule then says nothing).
   */
  meter?: MeterState | null;
  /**
   * The device's zero-export controller (issue 32 §2) as its events left it; absent or null where none is attached.
   */
  zeroExport?: ZeroExportWatch | null;
  /** Sun elevation in degrees at the device's location; null when the location is unknown. */
  elevation: number | null;
  /**
   * Only used while `elevation` is null: minutes from the nearer of today's sunrise and sunset as the device reports
   * them (`/api/ntp/status`), negative at night; null when the device says nothing usable.
   */
  dayMargin: number | null;
}

/** Event-log entry as the rule needs it (API.md §3.4: times in seconds since local midnight, end 0 = active). */
export interface SourceEvent {
  id: number;
  message: string;
  start: number;
  end: number;
}

export interface AlertSource {
  /** The latest state; cheap (the proxy adapter keeps it up to date by itself). */
  snapshot(): SourceSnapshot;
  /** The device's time zone (the API's `from`/`to` days). */
  zone(): PosixTz;
  /** The inverter's event log with texts in `language`; null when it cannot be read now. */
  eventLog(serial: string, language: AlertLanguage): Promise<SourceEvent[] | null>;
  /** Reads before an evaluation (the service's `tick` awaits it); none when absent. */
  refresh?(): Promise<void>;
  close(): void;
}

export { minuteOf } from "../port/place.ts";

/** Minutes from the nearer of sunrise and sunset of `/api/ntp/status`, negative at night; null without sun data. */
export function dayMarginOf(status: Record<string, unknown>, nowMinute: number): number | null {
  return marginOf(sunTimesOf(status), nowMinute);
}

const marginOf = (sun: { rise: number; set: number } | null, minute: number): number | null =>
  sun === null ? null : Math.min(minute - sun.rise, sun.set - minute);

export type MeterState = "ok" | "stale" | "error" | "off";

/**
 * The zero-export controller's events (zeroexport/controller.ts `ControllerEvent`, one layer above: handed in where
 * both are attached, as the meter is): the pause on a limit changed by someone else, the DTU not answering while the
 * controller is on, and what ends them.
 */
export type ZeroExportEvent =
  | { kind: "paused"; serial: string }
  | { kind: "unreachable" }
  | { kind: "reachable" }
  | { kind: "resumed" }
  | { kind: "off" };

/** What the events say now: the inverter whose limit was changed (null: not paused), the DTU not answering. */
export interface ZeroExportWatch {
  pausedBy: string | null;
  unreachable: boolean;
}

/** The state after one more event. */
export function nextZeroExport(w: ZeroExportWatch, e: ZeroExportEvent): ZeroExportWatch {
  switch (e.kind) {
    case "paused":
      return { ...w, pausedBy: e.serial };
    case "resumed":
      return { ...w, pausedBy: null };
    case "unreachable":
    case "reachable":
      return { ...w, unreachable: e.kind === "unreachable" };
    case "off":
      return { pausedBy: null, unreachable: false };
  }
}

export interface PortAlertSource extends AlertSource {
  /** Watch the device's meter from now on (it is attached after the alerts, one layer above them). */
  watchMeter(state: () => MeterState): void;
  /** Watch the device's zero export from now on: its controller's events go to the function returned. */
  watchZeroExport(): (event: ZeroExportEvent) => void;
  /**
   * Reads the limit and power status when the last read is `readEveryMs` old, or now with `force`; resolves when
   * done (a failed read keeps the last ones).
   */
  refresh(force?: boolean): Promise<void>;
}

const UTC = safeParse("UTC0");
const two = (n: number): string => String(n).padStart(2, "0");

/** The device pushes at least every 10 s to a connected socket (API.md §3.2): a minute of silence is an outage. */
const SILENT_AFTER_MS = 60_000;

export interface PortSourceOptions {
  /**
   * The rules watch whether the DTU answers (a real device: its port reachable and a document within the last
   * minute; a simulated one is the gateway itself, its `dtuReachable` is null).
   */
  watchDtu: boolean;
  /** The status reads' period (a simulated device: each evaluation, 0). */
  readEveryMs: number;
  /** The rules' clock (tests move it by hand); default the port's. */
  now?: () => number;
}

export function portSource(port: DevicePort, opts: PortSourceOptions): PortAlertSource {
  const clock = opts.now ?? (() => port.now());
  let heard = { at: Number.NaN, when: clock() };
  /** A new document since the last look is heard now, on the rules' clock. */
  const answering = (snap: PortSnapshot, now: number): boolean => {
    if (snap.at !== heard.at) heard = { at: snap.at, when: now };
    return snap.reachable && now - heard.when < SILENT_AFTER_MS;
  };
  let readAt = -Infinity;
  let limit: LimitStatus | null = null;
  let power: PowerStatus | null = null;
  let last = new Map<string, SourceInverter>();
  let meter: (() => MeterState) | null = null;
  let zeroExport: ZeroExportWatch | null = null;
  const zone = (): PosixTz => port.place.zone() ?? UTC;
  return {
    zone,
    watchMeter(state) {
      meter = state;
    },
    watchZeroExport() {
      zeroExport = { pausedBy: null, unreachable: false };
      return (event) => {
        if (zeroExport) zeroExport = nextZeroExport(zeroExport, event);
      };
    },
    async refresh(force = false) {
      if (!force && clock() - readAt < opts.readEveryMs) return;
      readAt = clock();
      const [l, p] = await Promise.all([port.limitStatus(), port.powerStatus()]);
      if (l) limit = l;
      if (p) power = p;
    },
    snapshot() {
      const now = clock();
      const snap = port.snapshot();
      const inverters = snap.inverters.map(({ live }) =>
        sourceInverter(live, limit, power, last.get(live.serial)),
      );
      last = new Map(inverters.map((i) => [i.serial, i]));
      const p = partsOf(zone(), now);
      const location = port.place.location();
      return {
        now,
        dtuName: port.name(),
        dtuSerial: port.id,
        localDay: `${p.year}-${two(p.month)}-${two(p.day)}`,
        localTime: `${two(p.hour)}:${two(p.minute)}`,
        inverters,
        dtuReachable: opts.watchDtu ? answering(snap, now) : null,
        clockUnsynced: snap.hints ? snap.hints.time_sync : null,
        radioProblem: snap.hints ? snap.hints.radio_problem : null,
        elevation: location ? solarElevation(location, now) : null,
        dayMargin: marginOf(port.place.sunTimes(), p.hour * 60 + p.minute),
        meter: meter ? meter() : null,
        zeroExport,
      };
    },
    eventLog: async (serial, language) => sourceEvents(await port.eventLog(serial, language)),
    close: () => undefined,
  };
}
