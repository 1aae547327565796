/** What the channels need from the rest of the gateway, injected by whoever creates them (the alert engine). */
import type { Alert } from "@dtu/api/alerts";
import type { Clock, LogLine } from "../../device/contracts.ts";
import type { BrowserHub } from "./browserHub.ts";

/** The DTU and its inverters as Home Assistant should list them (MQTT discovery, one problem sensor each). */
export interface AlertSite {
  /** The DTU's hostname (its device name in Home Assistant). */
  dtuName: string;
  /** The DTU's serial, for unique ids; any stable text. */
  dtuSerial: string;
  /** Configured inverters: serial (hex, as on the wire) and name. */
  inverters: readonly { serial: string; name: string }[];
}

export interface ChannelDeps {
  /** Wall time (ms); messages carry their own `sent`, this is for connection bookkeeping only. */
  clock: Clock;
  /** Console line sink. Channels never pass a secret (password, token, webhook secret) to it. */
  log: LogLine;
  /** The browser channel delivers through it; the same hub serves `GET /api/alerts/stream`. */
  hub: BrowserHub;
  /** Read when the MQTT channel (re)connects and announces its Home Assistant entities; defaults to the DTU only. */
  site?: () => AlertSite;
  /**
   * The alerts open now, read once when a channel is created (gateway start, config save): the MQTT channel starts
   * from them, so its retained problem states stay right across restarts.
   */
  openAlerts?: () => readonly Alert[];
  /** Extra trusted CA certificates (PEM) for the TLS of e-mail and `mqtts:`: a private CA, or the tests' own. */
  ca?: readonly string[];
}

/** setTimeout/clearTimeout, injectable so tests drive time-outs and back-off without waiting. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
