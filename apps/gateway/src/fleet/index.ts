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
import { parseHexSerial, serialToWire } from "../wire/serial.ts";
import { safeParse } from "../time/clock.ts";
import { createSunCache } from "../time/sun.ts";
import { command, dropQueued } from "./commands.ts";
import { faultTable, fleetFaults, type FleetFaults, type StringFault } from "./faults.ts";
import * as dtuSide from "./dtuSide.ts";
import { sampleOf, setupOf, sideFor } from "./inverterSide.ts";
import { createLoop, intervalChanged, pollInterval, rebootLoop, tickLoop } from "./loop.ts";
import { loadState, saveState } from "./persistence.ts";
import { hash, seededRandom } from "./random.ts";
import { freshDtu, type FleetCore, type Runtime, type StatsListener } from "./state.ts";
import { sunNow } from "./world.ts";

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
  /** Weak strings from the start (`--fault SERIAL:STRING=FACTOR`, faults.ts). */
  faults?: readonly StringFault[];
}

/** The fleet plus the hook for whoever records every statistics sample the DTU receives. */
export interface SimulatedFleet extends Fleet {
  /** Calls `listener` after every received statistics sample; returns the unsubscribe function. */
  onStats(listener: StatsListener): () => void;
  /** Faults triggered from tests: event-log entries, unacknowledged commands, weak strings (faults.ts). */
  faults: FleetFaults;
  /**
   * The inverter's AC output at this instant as a grid meter behind it measures it (not the DTU's last reading);
   * null for an unknown serial. For the simulated house and zero export's closed loop (issue 32).
   */
  acPowerNow(serial: string): number | null;
}

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
    queue: [],
    radioFreeAt: 0,
  };
  core.runtimes = buildRuntimes(core, core.config);
  const loop = createLoop(core);
  const find = (serial: string) => dtuSide.find(core, serial);

  return {
    liveData: () => dtuSide.liveData(core, deps.radios?.()),
    statsVersion: () => core.version,
    yieldTotalsWh: (serial) => core.sides.get(serialToWire(BigInt(`0x${serial}`)))?.yieldTotalWh ?? null,
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
      const oldInterval = pollInterval(core);
      core.config = next;
      const settable = clock as DeviceClock & { setTimezone?: (rule: string) => void };
      settable.setTimezone?.(next.ntp.timezone);
      core.tz = safeParse(next.ntp.timezone);
      core.weather = { at: NaN, value: null };
      core.runtimes = buildRuntimes(core, next);
      dropQueued(core, (rt) => core.runtimes.includes(rt));
      intervalChanged(core, loop, oldInterval);
    },

    tick: () => tickLoop(core, loop),
    reboot: () => rebootLoop(core, loop),
    sun: () => sunNow(core, clock.now()),

    async persist() {
      if (deps.stateFile) await saveState(deps.stateFile, clock.now(), core.saved, core.sides);
    },

    faults: fleetFaults(core),

    acPowerNow(serial) {
      const rt = find(serial);
      return rt ? sampleOf(core, rt, clock.now()).ac.power : null;
    },

    onStats(listener) {
      core.statsListeners.add(listener);
      return () => core.statsListeners.delete(listener);
    },
  };
}
