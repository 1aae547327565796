/**
 * The simulated inverter fleet (issue 2 §6): `createFleet` wires the modules of this folder into the `Fleet` of
 * ../device/contracts.ts and owns the clock-driven loop — `tick()` advances every inverter side, settles commands
 * and runs the DTU's poll slots; `reboot()` clears the DTU side; `reconfigure()` rebuilds the slots.
 *
 * The DTU polls one inverter per poll interval, round-robin, only with a valid clock (API.md §4.4). Everything is a
 * function of the injected clock and the seeded random.
 */
import { inverterType } from "@dtu/api/inverterType";
import type { ConfigJson } from "../config/types.ts";
import type { DeviceClock, Fleet, FleetDeps } from "../device/contracts.ts";
import { parseHexSerial, serialToWire } from "../device/serial.ts";
import { safeParse } from "../time/clock.ts";
import { createSunCache } from "../time/sun.ts";
import { command, settle } from "./commands.ts";
import { faultTable, fleetFaults, type FleetFaults, type StringFault } from "./faults.ts";
import * as dtuSide from "./dtuSide.ts";
import { advanceSide, setupOf, sideFor } from "./inverterSide.ts";
import { loadState, saveState } from "./persistence.ts";
import { hash, seededRandom } from "./random.ts";
import { freshDtu, shiftDtuTimes, type FleetCore, type Runtime, type StatsListener } from "./state.ts";
import { dayKey, sunNow } from "./world.ts";

export { modelOf } from "./models.ts";
export { COMMAND_FAILURE_RATE } from "./commands.ts";
export { REQUEST_FAILURE_RATE } from "./dtuSide.ts";
export type { StatsListener } from "./state.ts";

/** Optional extras the web server may pass (additive to FleetDeps, issue 2 §6). */
export interface FleetOptions {
  /** Which radios the pin mapping configures; without it no radio problem is reported. */
  radios?: () => { nrf24: boolean; cmt: boolean };
  /** Serials (hex) of simulated inverters that never answer, as if switched off at the breaker (`--offline`). */
  offline?: readonly string[];
  /** Weak strings from the start (`--fault SERIAL:CHANNEL=FACTOR`, faults.ts). */
  faults?: readonly StringFault[];
}

/** The fleet plus the hook for whoever records every statistics sample the DTU receives. */
export interface SimulatedFleet extends Fleet {
  /** Calls `listener` after every received statistics sample; returns the unsubscribe function. */
  onStats(listener: StatsListener): () => void;
  /** Faults triggered from tests: event-log entries, unacknowledged commands, weak strings (faults.ts). */
  faults: FleetFaults;
}

/** Integration step for energy; gaps longer than `MAX_GAP_MS` are clock jumps and are not integrated. */
const STEP_MS = 60_000;
const MAX_GAP_MS = 3600_000;

/** The configured slots with a supported inverter, keeping the DTU side of slots whose serial did not change. */
function buildRuntimes(core: FleetCore, next: ConfigJson): Runtime[] {
  const old = core.runtimes;
  const runtimes: Runtime[] = [];
  next.inverters.forEach((cfg, slot) => {
    if (!cfg.serial) return;
    const serial = BigInt(cfg.serial);
    const hex = serialToWire(serial);
    const type = inverterType(hex);
    if (!type) return; // unsupported: listed by the routes only, never polled (API.md §4.1)
    const setup = setupOf(core, serial, type, cfg);
    const same = old.find((r) => r.slot === slot && r.serial === serial);
    if (same) {
      runtimes.push(Object.assign(same, { cfg, setup }));
      return;
    }
    const inv = sideFor(core, serial, setup);
    runtimes.push({ slot, serial, hex, type, cfg, setup, maxPower: setup.maxPower, inv, dtu: freshDtu() });
  });
  return runtimes;
}

export async function createFleet(deps: FleetDeps & FleetOptions): Promise<SimulatedFleet> {
  const clock: DeviceClock = deps.clock;
  const random = deps.random ?? seededRandom(hash(deps.config.dtu.serial));
  const seed = Math.floor(random() * 4294967296) >>> 0;
  const core: FleetCore = {
    clock,
    log: deps.log,
    random,
    seed,
    config: deps.config,
    tz: safeParse(deps.config.ntp.timezone),
    runtimes: [],
    sides: new Map(),
    saved: await loadState(deps.stateFile, deps.log),
    version: 0,
    bootAt: clock.now(),
    weather: { at: NaN, value: null },
    sunCache: createSunCache(),
    statsListeners: new Set(),
    offline: new Set(
      (deps.offline ?? []).flatMap((text) => {
        const serial = parseHexSerial(text);
        return serial === null ? [] : [serialToWire(serial)];
      }),
    ),
    stringFaults: faultTable(deps.faults ?? []),
    failingCommands: new Set(),
  };
  const pollInterval = (): number => Math.max(1, core.config.dtu.poll_interval) * 1000;
  let lastTick = core.bootAt;
  let nextPollAt = core.bootAt + pollInterval();
  let roundRobin = 0;
  let dtuDay = dayKey(core, core.bootAt);

  function pollSlot(at: number): void {
    const runtimes = core.runtimes;
    let rt: Runtime | undefined;
    if (runtimes.length > 0) {
      roundRobin %= runtimes.length;
      rt = runtimes[roundRobin];
      roundRobin = (roundRobin + 1) % runtimes.length;
    }
    dtuSide.poll(core, rt, at);
  }

  /** Energy and events of every inverter side up to `now` (a clock jump is not integrated). */
  function advanceAll(now: number): void {
    const gap = now - lastTick;
    if (gap > 0 && gap <= MAX_GAP_MS) {
      for (let t = lastTick; t < now;) {
        const dt = Math.min(STEP_MS, now - t);
        t += dt;
        for (const rt of core.runtimes) advanceSide(core, rt, t, dt, true);
      }
    } else if (gap !== 0) {
      // Clock jump (set by hand, or a suspended process): no energy for the jump, but the day may change.
      for (const rt of core.runtimes) advanceSide(core, rt, now, 0, false);
      nextPollAt = now + pollInterval();
      shiftDtuTimes(core, gap);
    }
    lastTick = now;
  }

  /** zero_day: DC yield-day values zeroed at the first cycle after the local date changed (API.md §4.3). */
  function dayChange(now: number): void {
    const today = dayKey(core, now);
    if (today === dtuDay) return;
    dtuDay = today;
    for (const rt of core.runtimes) {
      if (rt.cfg.zero_day && rt.dtu.stats) {
        rt.dtu.stats = { ...rt.dtu.stats, yieldDayWh: rt.dtu.stats.yieldDayWh.map(() => 0) };
        core.version++;
      }
    }
  }

  core.runtimes = buildRuntimes(core, core.config);
  const find = (serial: string) => dtuSide.find(core, serial);

  return {
    liveData: () => dtuSide.liveData(core, deps.radios?.()),
    statsVersion: () => core.version,
    limitStatus: () => dtuSide.limitStatus(core),
    powerStatus: () => dtuSide.powerStatus(core),
    eventLog(serial, locale) {
      const rt = find(serial);
      return rt ? dtuSide.eventLog(core, rt, locale) : null;
    },
    deviceInfo(serial) {
      const rt = find(serial);
      return rt ? dtuSide.deviceInfo(rt) : null;
    },
    gridProfile(serial) {
      const rt = find(serial);
      return rt ? dtuSide.gridProfile(rt) : null;
    },
    lastUpdate: (serial) => find(serial)?.dtu.lastStatsAt ?? 0,
    has: (serial) => find(serial) !== undefined,
    setLimit: (serial, value, type) => command(core, find(serial), { kind: "limit", value, type }),
    setPower: (serial, on) => command(core, find(serial), { kind: "power", on }),
    restart: (serial) => command(core, find(serial), { kind: "restart" }),

    reconfigure(next) {
      const oldInterval = pollInterval();
      core.config = next;
      const settable = clock as DeviceClock & { setTimezone?: (rule: string) => void };
      settable.setTimezone?.(next.ntp.timezone);
      core.tz = safeParse(next.ntp.timezone);
      core.weather = { at: NaN, value: null };
      core.runtimes = buildRuntimes(core, next);
      if (pollInterval() !== oldInterval) nextPollAt = Math.min(nextPollAt, clock.now() + pollInterval());
    },

    tick() {
      const now = clock.now();
      advanceAll(now);
      dayChange(now);
      for (const rt of core.runtimes) {
        settle(core, rt, "limit", now);
        settle(core, rt, "power", now);
      }
      if (!clock.synced()) {
        // Without a valid clock the DTU sends no requests (API.md §3.1 hints.time_sync).
        nextPollAt = now + pollInterval();
        return;
      }
      if (now - nextPollAt > pollInterval() * 10) nextPollAt = now;
      while (nextPollAt <= now) {
        pollSlot(nextPollAt);
        nextPollAt += pollInterval();
      }
    },

    reboot() {
      core.bootAt = clock.now();
      lastTick = core.bootAt;
      nextPollAt = core.bootAt + pollInterval();
      roundRobin = 0;
      for (const rt of core.runtimes) rt.dtu = freshDtu();
      core.version++;
    },

    sun: () => sunNow(core, clock.now()),

    async persist() {
      if (deps.stateFile) await saveState(deps.stateFile, clock.now(), core.saved, core.sides);
    },

    faults: fleetFaults(core),

    onStats(listener) {
      core.statsListeners.add(listener);
      return () => core.statsListeners.delete(listener);
    },
  };
}
