/**
 * The fleet's shared state and its types. Two halves per inverter (issue 2 §6):
 *
 * - the **inverter side** (keyed by serial, survives a DTU reboot): energy counters, on/off, active and persistent
 *   limit, its own event list (inverterSide.ts);
 * - the **DTU side** (per configured slot, cleared by `reboot()`): what the DTU has read over the radio, its failure
 *   counter, device info, limit read-back, command status (dtuSide.ts, commands.ts).
 */
import type { InverterType } from "@dtu/api/inverterType";
import type { CommandStatus } from "@dtu/api/live";
import type { ConfigInverter, ConfigJson } from "../config/types.ts";
import type { DeviceClock, LogLine } from "../device/contracts.ts";
import type { PosixTz } from "../time/posixTz.ts";
import type { createSunCache } from "../time/sun.ts";
import type { ReadStats } from "./live.ts";
import type { StateFile } from "./persistence.ts";
import type { InverterSetup, Weather } from "./physics.ts";

export interface InverterEvent {
  id: number;
  start: number;
  /** null = still active. */
  end: number | null;
}

/** Inverter side: what the physical inverter keeps. */
export interface InverterSide {
  yieldDayWh: number[];
  yieldTotalWh: number[];
  /** Local date (`YYYY-MM-DD`) the day counters belong to. */
  day: string;
  on: boolean;
  limitPercent: number;
  persistentLimitPercent: number;
  events: InverterEvent[];
  awake: boolean;
  /** The output moving towards a new limit since its acknowledgement (limits.ts); null when settled. */
  ramp: OutputRamp | null;
}

/** Output at the acknowledgement of a limit (percent of the model's max power) and when that was. */
export interface OutputRamp {
  fromPercent: number;
  start: number;
}

export type Command =
  { kind: "limit"; value: number; type: number } | { kind: "power"; on: boolean } | { kind: "restart" };

export type CommandKind = "limit" | "power";

/**
 * A command in the DTU's one queue (commands.ts): waiting (`startAt` null) or, at the head, on the air until `dueAt`.
 * Random draws are made when it is queued, so a seeded run stays the same whatever the queue holds.
 */
export interface QueuedCommand {
  rt: Runtime;
  /** Whose status it drives: limit, or power (on/off and restart, API.md §3.8). */
  which: CommandKind;
  command: Command;
  queuedAt: number;
  /** Time from sending to the inverter's answer (ms). */
  answerMs: number;
  /** The seeded draw said this attempt gets no answer. */
  lost: boolean;
  startAt: number | null;
  dueAt: number;
  fails: boolean;
}

/** DTU side: what the DTU has read and sent. */
export interface DtuSide {
  failures: number;
  lastStatsAt: number;
  stats: ReadStats | null;
  deviceInfo: boolean;
  gridProfile: boolean;
  /** null until the limit was first read (limit_relative 0). */
  limitRelative: number | null;
  lastLimitCommandAt: number;
  lastReadBackAt: number;
  limitStatus: CommandStatus;
  powerStatus: CommandStatus;
  /** The last command that ended in Failure, sent again on the next poll cycle (API.md §3.7); null when none. */
  limitRetry: Command | null;
  powerRetry: Command | null;
  events: InverterEvent[];
}

export interface Runtime {
  slot: number;
  serial: bigint;
  hex: string;
  type: InverterType;
  cfg: ConfigInverter;
  setup: InverterSetup;
  maxPower: number;
  inv: InverterSide;
  dtu: DtuSide;
}

/** Called with every statistics sample the DTU receives (the hook for a recorder of live samples). */
export type StatsListener = (serial: string, stats: ReadStats, at: number) => void;

/** Everything the fleet's modules share; owned by createFleet (index.ts). */
export interface FleetCore {
  readonly clock: DeviceClock;
  readonly log: LogLine;
  readonly random: () => number;
  /** Per-fleet seed of clouds and string setups. */
  readonly seed: number;
  config: ConfigJson;
  tz: PosixTz;
  runtimes: Runtime[];
  /** Inverter sides by hex serial: they outlive slots and reboots. */
  readonly sides: Map<string, InverterSide>;
  /** What the state file held at start (null: none or unreadable). */
  readonly saved: StateFile | null;
  /** Bumped whenever any inverter's statistics changed. */
  version: number;
  bootAt: number;
  weather: { at: number; value: Weather | null };
  readonly sunCache: ReturnType<typeof createSunCache>;
  readonly statsListeners: Set<StatsListener>;
  /** Serials (wire form) of simulated inverters that never answer (`--offline`, README "Options"). */
  readonly offline: Set<string>;
  /** String faults per serial (`--fault`, faults.ts) and inverters that acknowledge no command (tests). */
  readonly stringFaults: Map<string, number[]>;
  readonly failingCommands: Set<string>;
  /** The DTU's command queue across all inverters, one command on the air at a time (commands.ts). */
  queue: QueuedCommand[];
  /** When the radio finished the last command (a queued command starts no earlier). */
  radioFreeAt: number;
}

export function freshDtu(): DtuSide {
  return {
    failures: 0,
    lastStatsAt: 0,
    stats: null,
    deviceInfo: false,
    gridProfile: false,
    limitRelative: null,
    lastLimitCommandAt: 0,
    lastReadBackAt: 0,
    limitStatus: "Ok",
    powerStatus: "Ok",
    limitRetry: null,
    powerRetry: null,
    events: [],
  };
}

/**
 * Whether the inverter answers the radio: only while its strings feed it (a Hoymiles micro-inverter is powered
 * from DC and is off at night) and unless it is simulated as offline.
 */
export const answers = (core: FleetCore, rt: Runtime): boolean => rt.inv.awake && !core.offline.has(rt.hex);

/**
 * The DTU measures ages with its uptime counter (millis), not the wall clock (API.md §3.1 `data_age`: the uptime
 * while never read): a jump of the device clock moves the DTU side's instants along, so ages and timers go on as
 * before the jump.
 */
export function shiftDtuTimes(core: FleetCore, by: number): void {
  core.bootAt += by;
  for (const { dtu } of core.runtimes) {
    if (dtu.lastStatsAt) dtu.lastStatsAt += by;
    dtu.lastReadBackAt += by;
    dtu.lastLimitCommandAt += by;
  }
  core.radioFreeAt += by;
  for (const q of core.queue) {
    q.queuedAt += by;
    q.dueAt += by;
    if (q.startAt !== null) q.startAt += by;
  }
}

export const round1 = (v: number): number => Math.round(v * 10) / 10;
