/**
 * The device port (issue 30 §1): the one way a gateway feature reaches a device. One port per device, with two
 * implementations that nothing above this interface tells apart: the simulated device in this process
 * (`./sim/`) and a real device through its HTTP API and one live socket shared by every feature (`./real/`).
 *
 * Shapes after home-assistant/core's DataUpdateCoordinator (one connection and one refresh per device, shared by
 * every consumer; consumers never fetch on their own) and zigbee-herdsman's adapters (one interface, one
 * implementation per kind of hardware). History, last-known values, alerts, the overview, combined energy, the
 * meter's simulated house and zero export are written once against it.
 *
 * Units and times: W, Wh, %, host milliseconds since the Unix epoch unless a name says otherwise. Serials are the
 * device's hex-digit strings (API.md §3.1).
 */
import type {
  DeviceInfo,
  EventLog,
  LimitStatus,
  LiveData,
  LiveInverter,
  LiveTotal,
  PowerStatus,
} from "@dtu/api/live";
import type { ConfigJson } from "../config/types.ts";
import type { PosixTz } from "../time/posixTz.ts";

/** One inverter as the port last saw it. */
export interface PortInverter {
  /**
   * The inverter of the device's live document, merged by serial across full snapshots, detail answers and
   * per-inverter frames (API.md §3.1, §9.2, §9.3): a summary frame never wipes measurements read before.
   */
  live: LiveInverter;
  /**
   * Read since the DTU started (issue 25): false while its values are the device's placeholders (a real device:
   * `data_age` equal to its uptime, API.md §3.1; the simulator: no statistics since its boot). Producing counts as
   * read.
   */
  read: boolean;
  /** Host time of the device's last reading of this inverter (receipt − `data_age`), null when never read. */
  readAt: number | null;
}

/** What the port knows of its device's live state now. Cheap to get: kept up to date by the port itself. */
export interface PortSnapshot {
  /** Host time of the newest document behind this snapshot (the simulator: its last tick). */
  at: number;
  /** The device answers now (simulator: not rebooting, not closed; real: its live socket is open). */
  reachable: boolean;
  /** Host time since when `reachable` has had its value (the port's start if it never changed). */
  since: number;
  /** `hints` of the last document (API.md §3.1); null before the first. */
  hints: LiveData["hints"] | null;
  /** The device's own `total` of its last document; null before the first. */
  total: LiveTotal | null;
  /** In the device's order; empty before the first document. Kept (as last known) while unreachable. */
  inverters: readonly PortInverter[];
  /** Grows by one whenever any inverter got a new reading: "is there something new since I looked?". */
  version: number;
}

/** Why a listener is called: a new reading, reachability changed, or the periodic beat while nothing changed. */
export type PortEvent = "reading" | "reachability" | "beat";

/** Beat period: a listener hears from a reachable port at least this often (history's "covered, nothing new"). */
export const PORT_BEAT_MS = 10_000;

export type PortListener = (snapshot: PortSnapshot, event: PortEvent) => void;

/** Where the device is and what time it is there. */
export interface PortPlace {
  /** The device's POSIX time zone (API.md §3.18); null while not known (a real device that never answered). */
  zone(): PosixTz | null;
  /** The device's local date `YYYY-MM-DD` now, in its zone; null while the zone is not known. */
  today(): string | null;
  /**
   * Latitude/longitude (config.ntp of the simulator; a real device's `/api/ntp/config`, admin only: null without the
   * device password).
   */
  location(): { latitude: number; longitude: number } | null;
  /**
   * Sun times of the device's today as it reports them (`/api/ntp/status` `sun_*`, API.md §3.18), minutes since local
   * midnight; null when the device has no sun data.
   */
  sunTimes(): { rise: number; set: number } | null;
}

/** The device's answer to a POST, in its own terms (API.md §3.0). `status` is the HTTP status (401: not allowed). */
export interface DeviceAnswer {
  status: number;
  type: "success" | "warning" | "danger" | null;
  code: number | null;
  message: string;
}

/**
 * A command's end as the device reports it: `ok` when its status went Pending → Ok, `failure` on Failure
 * (API.md §3.7: the firmware then re-sends by itself), `timeout` when neither came within the port's wait,
 * `refused` when the device's answer was not success 1001 (see `answer`), `unreachable` when it did not answer.
 */
export interface CommandOutcome {
  result: "ok" | "failure" | "timeout" | "refused" | "unreachable";
  answer: DeviceAnswer | null;
  /** Host ms from sending to the acknowledgement; null without one. */
  ackMs: number | null;
}

/** A limit as API.md §3.7 takes it; `type` in the v23.11.16 numbering (0, 1, 256, 257; the port translates). */
export interface LimitCommand {
  serial: string;
  value: number;
  type: 0 | 1 | 256 | 257;
}

/**
 * Whether this port may send commands: `allowed`; `no-credentials` (a real device without a password given to the
 * gateway); `refused` (the device refused the gateway's credentials); `unknown` (not asked yet, or not answering).
 */
export type CommandAccess = "allowed" | "no-credentials" | "refused" | "unknown";

/**
 * The read rule of a request (API.md §2.1), see `DevicePort.access`. `open` with `assumed`: a real device never
 * reached since the gateway started, whose rule is not known (nothing of its live data is known either); a feature
 * with stored data of its own (history, alerts) refuses that.
 */
export type ReadAccess =
  | { kind: "open"; assumed?: true }
  | { kind: "accepted" }
  | { kind: "refused"; count(): void }
  | { kind: "unanswered" };

export interface DevicePort {
  /** Stable id (the DTU serial of a simulated device, a real device's origin host); names its files and alerts. */
  readonly id: string;
  /** The device's name (hostname), as it reports it; its origin host until a real device answered. */
  name(): string;
  /** Host clock of the gateway (tests inject it); the device's own clock is `now()` of the simulator. */
  now(): number;
  readonly place: PortPlace;

  /** The live state now. */
  snapshot(): PortSnapshot;
  /**
   * Called on every new reading, every reachability change and every PORT_BEAT_MS while nothing changes. A late
   * subscriber gets the current snapshot at once (event "reachability"). Returns the way to stop.
   */
  subscribe(listener: PortListener): () => void;

  /** Reads a feature needs now and then; null when the device cannot answer now (never throws). */
  limitStatus(): Promise<LimitStatus | null>;
  powerStatus(): Promise<PowerStatus | null>;
  deviceInfo(serial: string): Promise<DeviceInfo | null>;
  eventLog(serial: string, locale: string): Promise<EventLog | null>;

  /** Commands as the device takes them (API.md §3.7, §3.8); resolve when acknowledged or given up. */
  setLimit(command: LimitCommand): Promise<CommandOutcome>;
  setPower(serial: string, on: boolean): Promise<CommandOutcome>;
  restart(serial: string): Promise<CommandOutcome>;
  commandAccess(): CommandAccess;

  /**
   * The device's read rule for a request with these credentials (undefined: none) from `address`, through the
   * device's password-guessing brake (src/security/throttle.ts). A refusal is booked on the brake only by `count()`.
   * `need` "admin": the admin rule instead (credentials always checked, e.g. the history backup, alert settings).
   */
  access(
    authorization: string | undefined,
    address: string | undefined,
    need?: "read" | "admin",
  ): Promise<ReadAccess>;

  /** Only a simulated device has it: what the first start's backfill and the simulated house model from. */
  readonly model: SimulationModel | null;

  /** Stops the port's connection and timers; later snapshots say unreachable. */
  close(): Promise<void>;
}

/** What only a simulated device can tell: its model, for the first start's backfill and the simulated house. */
export interface SimulationModel {
  /** Lifetime yield per DC string (Wh) of an inverter, null when unknown (history/backfill.ts). */
  yieldTotalsWh(serial: string): readonly number[] | null;
  /** The simulated device's configuration (inverters, strings, location, DTU serial) the modelled days come from. */
  config(): ConfigJson;
}

/** Convenience for features: the inverters as plain live objects. */
export const liveInverters = (s: PortSnapshot): LiveInverter[] => s.inverters.map((i) => i.live);
