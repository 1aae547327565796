/**
 * The simulated inverter fleet (issue 2 §6). Two halves per inverter:
 *
 * - the **inverter side** (keyed by serial, survives a DTU reboot): energy counters, on/off, active and persistent
 *   limit, its own event list — advanced by `tick()` from the sun, the clouds and the clock;
 * - the **DTU side** (per configured slot, cleared by `reboot()`): what the DTU has read over the radio — the last
 *   statistics, failure counter, device info, limit read-back, command status.
 *
 * The DTU polls one inverter per poll interval, round-robin, only with a valid clock (API.md §4.4). Everything is a
 * function of the injected clock and the seeded random.
 */
import { mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { inverterType, type InverterType } from "@dtu/api/inverterType";
import type { CommandStatus, DeviceInfo, EventLog, LimitStatus, LiveData, PowerStatus } from "@dtu/api/live";
import type { ConfigInverter, ConfigJson } from "../config/types.ts";
import type { DeviceClock, Fleet, FleetDeps, SunInfo } from "../device/contracts.ts";
import { atomicWrite } from "../storage/atomicWrite.ts";
import { safeParse } from "../time/clock.ts";
import type { PosixTz } from "../time/posixTz.ts";
import { createSunCache, solarPosition, sunDay, sunInfo, type SunPlace } from "../time/sun.ts";
import {
  alarmText,
  EVENT_INVERTER_START,
  EVENT_PHASE_DIFFERENCE_HMT,
  EVENT_REMOTE_SHUTDOWN,
  GRID_EVENT_IDS,
  localeOf,
  SHADOW_EVENT_BASE,
} from "./alarms.ts";
import { liveDocument, type InverterView, type ReadStats } from "./live.ts";
import {
  deviceInfoOf,
  EMPTY_DEVICE_INFO,
  familyProfile,
  GRID_PROFILE_LENGTH,
  gridProfileOf,
  modelOfFamily,
} from "./models.ts";
import {
  ambientTemperature,
  clearness,
  sample,
  stringSetup,
  type InverterSetup,
  type Sample,
  type Weather,
} from "./physics.ts";
import { hash, seededRandom, unit } from "./random.ts";

export { modelOf } from "./models.ts";

/** Optional extras the web server may pass (additive to FleetDeps, issue 2 §6). */
export interface FleetOptions {
  /** Which radios the pin mapping configures; without it no radio problem is reported. */
  radios?: () => { nrf24: boolean; cmt: boolean };
}

/** Chance that one statistics request gets no answer (rare; API.md §4.4 failure counter). */
export const REQUEST_FAILURE_RATE = 0.02;
/** Chance that a limit/power command is not acknowledged (API.md §3.7 Failure + automatic re-send). */
export const COMMAND_FAILURE_RATE = 0.05;
/** Mean time between simulated grid disturbances of one producing inverter. */
const GRID_EVENT_MEAN_MS = 3 * 3600_000;
/** The firmware re-reads the limit every 2 minutes, but not within 4 minutes after a limit command (API.md §3.7). */
const READ_BACK_EVERY_MS = 120_000;
const READ_BACK_QUIET_MS = 240_000;
/** Integration step for energy; gaps longer than `MAX_GAP_MS` are clock jumps and are not integrated. */
const STEP_MS = 60_000;
const MAX_GAP_MS = 3600_000;
const MAX_EVENTS = 15;
const DEFAULT_PASSWORD = "openDTU42";

interface InverterEvent {
  id: number;
  start: number;
  /** null = still active. */
  end: number | null;
}

/** Inverter side: what the physical inverter keeps. */
interface InverterSide {
  yieldDayWh: number[];
  yieldTotalWh: number[];
  /** Local date (`YYYY-MM-DD`) the day counters belong to. */
  day: string;
  on: boolean;
  limitPercent: number;
  persistentLimitPercent: number;
  events: InverterEvent[];
  awake: boolean;
}

type Command =
  { kind: "limit"; value: number; type: number } | { kind: "power"; on: boolean } | { kind: "restart" };

interface PendingCommand {
  command: Command;
  dueAt: number;
  fails: boolean;
  /** Failed, waiting for the next poll cycle to be re-sent. */
  failed: boolean;
}

/** DTU side: what the DTU has read and sent. */
interface DtuSide {
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
  limitCommand: PendingCommand | null;
  powerCommand: PendingCommand | null;
  events: InverterEvent[];
}

interface Runtime {
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

interface StateFile {
  version: 1;
  savedAt: number;
  inverters: Record<string, { yieldDayWh: number[]; yieldTotalWh: number[]; day: string }>;
}

function freshDtu(): DtuSide {
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
    limitCommand: null,
    powerCommand: null,
    events: [],
  };
}

const hexOf = (serial: number | bigint): string => BigInt(serial).toString(16);
function parseSerial(s: string): bigint | null {
  if (!/^[0-9a-fA-F]{1,16}$/.test(s)) return null;
  return BigInt("0x" + s);
}
const round1 = (v: number): number => Math.round(v * 10) / 10;

function isNumberArray(v: unknown): v is number[] {
  return Array.isArray(v) && v.every((x) => typeof x === "number" && Number.isFinite(x) && x >= 0);
}

async function loadState(file: string | null, log: (s: string) => void): Promise<StateFile | null> {
  if (!file) return null;
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return null; // missing: start from plausible totals
  }
  try {
    const data = JSON.parse(text) as Partial<StateFile>;
    if (data.version !== 1 || typeof data.inverters !== "object" || data.inverters === null)
      throw new Error("shape");
    const inverters: StateFile["inverters"] = {};
    for (const [serial, e] of Object.entries(data.inverters)) {
      if (isNumberArray(e?.yieldDayWh) && isNumberArray(e.yieldTotalWh) && typeof e.day === "string") {
        inverters[serial] = { yieldDayWh: e.yieldDayWh, yieldTotalWh: e.yieldTotalWh, day: e.day };
      }
    }
    return { version: 1, savedAt: typeof data.savedAt === "number" ? data.savedAt : 0, inverters };
  } catch {
    log("Inverter yield state unreadable, starting from estimated totals");
    return null;
  }
}

export async function createFleet(deps: FleetDeps & FleetOptions): Promise<Fleet> {
  const clock: DeviceClock = deps.clock;
  const log = deps.log;
  let config = deps.config;
  const random = deps.random ?? seededRandom(hash(config.dtu.serial));
  const seed = Math.floor(random() * 4294967296) >>> 0;
  const saved = await loadState(deps.stateFile, log);

  let tz: PosixTz = safeParse(config.ntp.timezone);
  const sunCache = createSunCache();
  const place = (): SunPlace => ({
    latitude: config.ntp.latitude,
    longitude: config.ntp.longitude,
    sunsetType: config.ntp.sunsettype,
  });

  const sides = new Map<string, InverterSide>();
  let runtimes: Runtime[] = [];
  let bootAt = clock.now();
  let lastTick = bootAt;
  let nextPollAt = bootAt + pollInterval();
  let roundRobin = 0;
  let version = 0;
  let dtuDay = dayKey(bootAt);

  function pollInterval(): number {
    return Math.max(1, config.dtu.poll_interval) * 1000;
  }

  function dayKey(at: number): string {
    const p = clock.localParts(at);
    return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
  }

  function secondsOfDay(at: number): number {
    const p = clock.localParts(at);
    return p.hour * 3600 + p.minute * 60 + p.second;
  }

  const weatherCache = { at: NaN, value: null as Weather | null };
  function weatherAt(at: number): Weather {
    if (weatherCache.at === at && weatherCache.value) return weatherCache.value;
    const p = place();
    const pos = solarPosition(p, at);
    const value: Weather = {
      elevation: pos.elevation,
      azimuth: pos.azimuth,
      clearness: clearness(seed, at),
      ambient: ambientTemperature(p.latitude, p.longitude, at),
    };
    weatherCache.at = at;
    weatherCache.value = value;
    return value;
  }

  function sampleOf(rt: Runtime, at: number): Sample {
    return sample(rt.setup, weatherAt(at), { on: rt.inv.on, limitPercent: rt.inv.limitPercent }, at);
  }

  function setupOf(serial: bigint, type: InverterType, cfg: ConfigInverter): InverterSetup {
    const profile = familyProfile(type.family);
    const key = hash(seed, Number(serial & 0xffffffffn), Number(serial >> 32n));
    const southern = config.ntp.latitude < 0;
    return {
      family: type.family,
      maxPower: modelOfFamily(type.family, serial).maxPower,
      key,
      strings: Array.from({ length: type.dcInputs }, (_, i) => {
        const configured = cfg.channel[i]?.max_power ?? 0;
        return stringSetup(key, i, configured > 0 ? configured : profile.panelWp, profile.vmp, southern);
      }),
    };
  }

  function isDay(at: number): boolean {
    return sunInfo(sunCache(place(), tz, at), at, clock.synced()).isDayPeriod;
  }
  const pollEnabled = (rt: Runtime, day: boolean): boolean =>
    rt.cfg.poll_enable && (day || rt.cfg.poll_enable_night);
  const commandsEnabled = (rt: Runtime, day: boolean): boolean =>
    rt.cfg.command_enable && (day || rt.cfg.command_enable_night);

  /** Inverter side for a serial: persisted counters, else plausible ones (energy since this morning estimated). */
  function sideFor(serial: bigint, setup: InverterSetup): InverterSide {
    const hex = hexOf(serial);
    const existing = sides.get(hex);
    if (existing) return existing;
    const now = clock.now();
    const today = dayKey(now);
    const stored = saved?.inverters[hex];
    const n = setup.strings.length;
    const pad = (a: number[]): number[] => Array.from({ length: n }, (_, i) => a[i] ?? 0);
    const side: InverterSide = {
      yieldDayWh: stored && stored.day === today ? pad(stored.yieldDayWh) : new Array<number>(n).fill(0),
      yieldTotalWh: stored
        ? pad(stored.yieldTotalWh)
        : setup.strings.map((s, i) => Math.round(s.panelWp * 1000 * (0.3 + 2.7 * unit(setup.key, 9, i)))),
      day: today,
      on: true,
      limitPercent: 100,
      persistentLimitPercent: 100,
      events: [],
      awake: false,
    };
    sides.set(hex, side);
    // The inverter kept running while the gateway was away (or since this morning for a new one): fill the gap.
    const midnight = now - secondsOfDay(now) * 1000;
    const from = stored && stored.day === today ? Math.max(midnight, saved?.savedAt ?? midnight) : midnight;
    const probe = { setup, inv: side } as Pick<Runtime, "setup" | "inv">;
    side.awake = sample(setup, weatherAt(from), side, from).awake;
    for (let t = from + 300_000; t <= now; t += 300_000) advanceSide(probe, t, 300_000, false);
    if (side.awake && side.events.length === 0) {
      // Awake since before the gap (events are not persisted): date the start event at today's sunrise (or now in polar edge cases).
      const rise = sunDay({ ...place(), sunsetType: 0 }, tz, now).sunrise ?? now;
      side.events.push({ id: EVENT_INVERTER_START, start: Math.min(rise, now), end: Math.min(rise, now) });
    }
    return side;
  }

  function addEvent(inv: InverterSide, id: number, start: number, end: number | null): void {
    if (inv.events.length >= MAX_EVENTS) return; // the inverter's list is full until its next start
    inv.events.push({ id, start, end });
  }

  /** Morning start of the inverter (or a restart): new day list, limit falls back to the persistent one. */
  function inverterStart(inv: InverterSide, at: number, newDay: boolean): void {
    if (newDay) inv.events = [];
    inv.on = true;
    inv.limitPercent = inv.persistentLimitPercent;
    addEvent(inv, EVENT_INVERTER_START, at, at);
  }

  /** Advance one inverter to `at` over `dt` ms: day change, wake/sleep, energy, random events. */
  function advanceSide(
    rt: Pick<Runtime, "setup" | "inv">,
    at: number,
    dt: number,
    withEvents: boolean,
  ): void {
    const inv = rt.inv;
    const today = dayKey(at);
    if (today !== inv.day) {
      // Yield day restarts at local midnight (device clock's zone).
      inv.day = today;
      inv.yieldDayWh = inv.yieldDayWh.map(() => 0);
    }
    const s = sample(rt.setup, weatherAt(at), inv, at);
    if (s.awake && !inv.awake) inverterStart(inv, at, true);
    inv.awake = s.awake;
    s.dc.forEach((d, i) => {
      const wh = (d.power * dt) / 3600_000;
      inv.yieldDayWh[i] = (inv.yieldDayWh[i] ?? 0) + wh;
      inv.yieldTotalWh[i] = (inv.yieldTotalWh[i] ?? 0) + wh;
    });
    if (withEvents && s.ac.power > 0 && random() < dt / GRID_EVENT_MEAN_MS) {
      const hmt = rt.setup.family.startsWith("HMT");
      const pick = random();
      let id: number;
      if (pick < 0.7) id = GRID_EVENT_IDS[Math.floor(random() * GRID_EVENT_IDS.length)] ?? 11;
      else if (pick < 0.9 || !hmt)
        id = SHADOW_EVENT_BASE + Math.floor(random() * Math.min(4, rt.setup.strings.length));
      else id = EVENT_PHASE_DIFFERENCE_HMT;
      addEvent(inv, id, at, at + 1000 * (1 + Math.floor(random() * 120)));
    }
  }

  function buildRuntimes(next: ConfigJson): void {
    const old = runtimes;
    runtimes = [];
    next.inverters.forEach((cfg, slot) => {
      if (!cfg.serial) return;
      const serial = BigInt(cfg.serial);
      const type = inverterType(hexOf(serial));
      if (!type) return; // unsupported: listed by the routes only, never polled (API.md §4.1)
      const setup = setupOf(serial, type, cfg);
      const same = old.find((r) => r.slot === slot && r.serial === serial);
      if (same) {
        same.cfg = cfg;
        same.setup = setup;
        runtimes.push(same);
        return;
      }
      const inv = sideFor(serial, setup);
      runtimes.push({
        slot,
        serial,
        hex: hexOf(serial),
        type,
        cfg,
        setup,
        maxPower: setup.maxPower,
        inv,
        dtu: freshDtu(),
      });
    });
  }

  function find(serial: string): Runtime | undefined {
    const s = parseSerial(serial);
    return s === null ? undefined : runtimes.find((r) => r.serial === s);
  }

  // --- commands -----------------------------------------------------------------------------------------------

  function send(rt: Runtime, command: Command, at: number): PendingCommand {
    const pending: PendingCommand = {
      command,
      dueAt: at + 1000 + Math.floor(random() * 2000),
      fails: random() < COMMAND_FAILURE_RATE,
      failed: false,
    };
    const what = command.kind === "limit" ? "ActivePowerControl" : "PowerControl";
    log(`TX ${what} to ${rt.hex}`);
    return pending;
  }

  function applyCommand(rt: Runtime, command: Command, at: number): void {
    const inv = rt.inv;
    switch (command.kind) {
      case "limit": {
        const relative = (command.type & 1) === 1;
        const percent = relative
          ? Math.min(100, command.value)
          : Math.min(100, (command.value / rt.maxPower) * 100);
        inv.limitPercent = percent;
        if (command.type & 256) inv.persistentLimitPercent = percent;
        // What the DTU believes (API.md §3.7): relative → the sent value; absolute → only with a known max power.
        if (relative) rt.dtu.limitRelative = round1(Math.min(100, command.value));
        else if (rt.dtu.deviceInfo) rt.dtu.limitRelative = round1((command.value / rt.maxPower) * 100);
        break;
      }
      case "power":
        if (!command.on && inv.on) addEvent(inv, EVENT_REMOTE_SHUTDOWN, at, null);
        if (command.on && !inv.on) {
          const open = [...inv.events]
            .reverse()
            .find((e) => e.id === EVENT_REMOTE_SHUTDOWN && e.end === null);
          if (open) open.end = at;
        }
        inv.on = command.on;
        break;
      case "restart":
        inv.yieldDayWh = inv.yieldDayWh.map(() => 0);
        inverterStart(inv, at, false);
        break;
    }
  }

  function settle(rt: Runtime, which: "limit" | "power", at: number): void {
    const pending = which === "limit" ? rt.dtu.limitCommand : rt.dtu.powerCommand;
    if (!pending || pending.failed || at < pending.dueAt) return;
    let status: CommandStatus;
    if (pending.fails) {
      pending.failed = true;
      status = "Failure";
      log(`${which === "limit" ? "Limit" : "Power"} command to ${rt.hex} not acknowledged`);
    } else {
      applyCommand(rt, pending.command, pending.dueAt);
      status = "Ok";
      if (which === "limit") rt.dtu.limitCommand = null;
      else rt.dtu.powerCommand = null;
    }
    if (which === "limit") rt.dtu.limitStatus = status;
    else rt.dtu.powerStatus = status;
  }

  /** Failed commands go out again on every poll cycle until acknowledged (API.md §3.7). */
  function resendFailed(at: number): void {
    for (const rt of runtimes) {
      for (const which of ["limit", "power"] as const) {
        const pending = which === "limit" ? rt.dtu.limitCommand : rt.dtu.powerCommand;
        if (!pending?.failed) continue;
        const again = send(rt, pending.command, at);
        if (which === "limit") {
          rt.dtu.limitCommand = again;
          rt.dtu.limitStatus = "Pending";
        } else {
          rt.dtu.powerCommand = again;
          rt.dtu.powerStatus = "Pending";
        }
      }
    }
  }

  function command(serial: string, c: Command): void {
    const rt = find(serial);
    if (!rt) return;
    const at = clock.now();
    // Commands disabled (or night without command_enable_night): the route still answers success (API.md §3.7).
    if (!commandsEnabled(rt, isDay(at))) return;
    if (c.kind === "limit") {
      rt.dtu.limitCommand = send(rt, c, at);
      rt.dtu.limitStatus = "Pending";
      rt.dtu.lastLimitCommandAt = at;
    } else {
      rt.dtu.powerCommand = send(rt, c, at);
      rt.dtu.powerStatus = "Pending";
    }
  }

  // --- polling ------------------------------------------------------------------------------------------------

  function poll(at: number): void {
    resendFailed(at);
    if (runtimes.length === 0) return;
    roundRobin %= runtimes.length;
    const rt = runtimes[roundRobin] as Runtime;
    roundRobin = (roundRobin + 1) % runtimes.length;
    if (!pollEnabled(rt, isDay(at))) {
      // Not polled: the missed poll counts like a failed one; data_age keeps growing (issue 2 §6).
      rt.dtu.failures++;
      return;
    }
    log(`Fetch inverter: ${rt.hex}`);
    log("Request RealTimeRunData");
    if (random() < REQUEST_FAILURE_RATE) {
      rt.dtu.failures++;
      log(`RealTimeRunData: no answer from ${rt.hex} (${rt.dtu.failures} failed)`);
      return;
    }
    const s = sampleOf(rt, at);
    const dtu = rt.dtu;
    const first = dtu.stats === null;
    dtu.failures = 0;
    dtu.stats = {
      sample: s,
      yieldDayWh: rt.inv.yieldDayWh.map((v) => Math.floor(v)),
      yieldTotalKwh: rt.inv.yieldTotalWh.map((v) => Math.floor(v) / 1000),
    };
    dtu.lastStatsAt = at;
    version++;
    if (first) {
      // After the first statistics the DTU asks for device info, grid profile and the limit (API.md §3.5, §3.6).
      log("Request DevInfoAll");
      log("Request GridOnProFilePara");
      dtu.deviceInfo = true;
      dtu.gridProfile = true;
    }
    if (dtu.limitRelative === null) {
      log("Request SystemConfigPara");
      dtu.limitRelative = round1(rt.inv.limitPercent);
      dtu.lastReadBackAt = at;
    } else if (
      at - dtu.lastReadBackAt >= READ_BACK_EVERY_MS &&
      at - dtu.lastLimitCommandAt >= READ_BACK_QUIET_MS
    ) {
      log("Request SystemConfigPara");
      dtu.limitRelative = round1(rt.inv.limitPercent);
      dtu.lastReadBackAt = at;
    }
    if (
      dtu.events.length !== rt.inv.events.length ||
      dtu.events.some((e, i) => e.end !== rt.inv.events[i]?.end || e.start !== rt.inv.events[i]?.start)
    ) {
      log("Request AlarmData");
      dtu.events = rt.inv.events.map((e) => ({ ...e }));
    }
  }

  // --- the fleet ----------------------------------------------------------------------------------------------

  buildRuntimes(config);

  const fleet: Fleet = {
    liveData(): LiveData {
      const now = clock.now();
      const day = isDay(now);
      const views: InverterView[] = runtimes.map((rt) => {
        const enabled = pollEnabled(rt, day);
        const reachable = enabled && rt.dtu.failures <= rt.cfg.reachable_threshold;
        const since = rt.dtu.lastStatsAt || bootAt;
        return {
          serial: rt.hex,
          name: rt.cfg.name,
          order: rt.cfg.order,
          dataAge: Math.max(0, Math.floor((now - since) / 1000)),
          pollEnabled: enabled,
          pollConfigured: rt.cfg.poll_enable,
          reachable,
          zeroRuntime: rt.cfg.zero_runtime && !reachable,
          limitRelative: rt.dtu.limitRelative ?? 0,
          maxPower: rt.dtu.deviceInfo ? rt.maxPower : 0,
          channels: rt.cfg.channel,
          dcCount: rt.type.dcInputs,
          stats: rt.dtu.stats,
          events: rt.dtu.events.length,
        };
      });
      const radios = deps.radios?.();
      const radioProblem =
        radios !== undefined &&
        runtimes.some((rt) => (rt.type.radio === "nRF24" ? !radios.nrf24 : !radios.cmt));
      return liveDocument(views, {
        time_sync: !clock.synced(),
        radio_problem: radioProblem,
        default_password: config.security.password === DEFAULT_PASSWORD,
      });
    },

    statsVersion: () => version,

    limitStatus(): LimitStatus {
      const out: LimitStatus = {};
      for (const rt of runtimes) {
        out[rt.hex] = {
          limit_relative: rt.dtu.limitRelative ?? 0,
          max_power: rt.dtu.deviceInfo ? rt.maxPower : 0,
          limit_set_status: rt.dtu.limitStatus,
        };
      }
      return out;
    },

    powerStatus(): PowerStatus {
      const out: PowerStatus = {};
      for (const rt of runtimes) out[rt.hex] = { power_set_status: rt.dtu.powerStatus };
      return out;
    },

    eventLog(serial, locale): EventLog | null {
      const rt = find(serial);
      if (!rt) return null;
      const lang = localeOf(locale);
      const hmt = rt.type.family.startsWith("HMT");
      const events = rt.dtu.events.map((e) => ({
        message_id: e.id,
        message: alarmText(e.id, hmt, lang),
        start_time: secondsOfDay(e.start),
        end_time: e.end === null ? 0 : secondsOfDay(e.end),
      }));
      return { count: events.length, events };
    },

    deviceInfo(serial): DeviceInfo | null {
      const rt = find(serial);
      if (!rt) return null;
      return rt.dtu.deviceInfo ? deviceInfoOf(rt.type.family, rt.serial) : { ...EMPTY_DEVICE_INFO };
    },

    gridProfile(serial) {
      const rt = find(serial);
      if (!rt) return null;
      return {
        raw: rt.dtu.gridProfile
          ? gridProfileOf(rt.type.family, rt.serial)
          : new Array<number>(GRID_PROFILE_LENGTH).fill(0),
      };
    },

    lastUpdate: (serial) => find(serial)?.dtu.lastStatsAt ?? 0,
    has: (serial) => find(serial) !== undefined,

    setLimit(serial, value, type) {
      command(serial, { kind: "limit", value, type });
    },
    setPower(serial, on) {
      command(serial, { kind: "power", on });
    },
    restart(serial) {
      command(serial, { kind: "restart" });
    },

    reconfigure(next) {
      const oldInterval = pollInterval();
      config = next;
      const settable = clock as DeviceClock & { setTimezone?: (rule: string) => void };
      settable.setTimezone?.(next.ntp.timezone);
      tz = safeParse(next.ntp.timezone);
      weatherCache.value = null;
      buildRuntimes(next);
      if (pollInterval() !== oldInterval) nextPollAt = Math.min(nextPollAt, clock.now() + pollInterval());
    },

    tick() {
      const now = clock.now();
      const gap = now - lastTick;
      if (gap > 0 && gap <= MAX_GAP_MS) {
        for (let t = lastTick; t < now;) {
          const dt = Math.min(STEP_MS, now - t);
          t += dt;
          for (const rt of runtimes) advanceSide(rt, t, dt, true);
        }
      } else if (gap !== 0) {
        // Clock jump (set by hand, or a suspended process): no energy for the jump, but the day may change.
        for (const rt of runtimes) advanceSide(rt, now, 0, false);
        nextPollAt = now + pollInterval();
      }
      lastTick = now;

      const today = dayKey(now);
      if (today !== dtuDay) {
        dtuDay = today;
        // zero_day: DC yield-day values zeroed at the first cycle after the local date changed (API.md §4.3).
        for (const rt of runtimes) {
          if (rt.cfg.zero_day && rt.dtu.stats) {
            rt.dtu.stats = { ...rt.dtu.stats, yieldDayWh: rt.dtu.stats.yieldDayWh.map(() => 0) };
            version++;
          }
        }
      }

      for (const rt of runtimes) {
        settle(rt, "limit", now);
        settle(rt, "power", now);
      }

      if (!clock.synced()) {
        // Without a valid clock the DTU sends no requests (API.md §3.1 hints.time_sync).
        nextPollAt = now + pollInterval();
        return;
      }
      if (now - nextPollAt > pollInterval() * 10) nextPollAt = now;
      while (nextPollAt <= now) {
        poll(nextPollAt);
        nextPollAt += pollInterval();
      }
    },

    reboot() {
      bootAt = clock.now();
      lastTick = bootAt;
      nextPollAt = bootAt + pollInterval();
      roundRobin = 0;
      for (const rt of runtimes) rt.dtu = freshDtu();
      version++;
    },

    sun(): SunInfo {
      const now = clock.now();
      return sunInfo(sunCache(place(), tz, now), now, clock.synced());
    },

    async persist() {
      if (!deps.stateFile) return;
      const state: StateFile = { version: 1, savedAt: clock.now(), inverters: {} };
      // Keep serials no longer configured too: their totals come back if the inverter is added again.
      for (const [hex, e] of Object.entries(saved?.inverters ?? {})) state.inverters[hex] = e;
      for (const [hex, side] of sides) {
        state.inverters[hex] = {
          yieldDayWh: side.yieldDayWh,
          yieldTotalWh: side.yieldTotalWh,
          day: side.day,
        };
      }
      await mkdir(dirname(deps.stateFile), { recursive: true });
      await atomicWrite(deps.stateFile, JSON.stringify(state) + "\n");
    },
  };
  return fleet;
}
