/**
 * What the rules look at, the same in both modes: one adapter per mode fills it (simSource.ts from the simulated
 * fleet each tick, proxySource.ts from the history recorder's own device connection and a few read GETs), so the
 * rules (rules.ts) stay pure functions of (snapshot, learned shares, settings, now).
 */
import type { AlertLanguage } from "@dtu/api/alerts";
import type { CommandStatus } from "@dtu/api/live";
import type { PosixTz } from "../time/posixTz.ts";

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
  close(): void;
}
