/**
 * The clock-driven loop of the fleet: `tickLoop` advances every inverter side (energy in ≤ 60 s steps), zeroes
 * day values at a day change, settles commands and runs the DTU's poll slots, one inverter per poll interval,
 * round-robin, only with a valid clock (API.md §4.4). Its own state is the typed `PollLoop`.
 */
import { dropQueued, pump } from "./commands.ts";
import * as dtuSide from "./dtuSide.ts";
import { advanceSide } from "./inverterSide.ts";
import { freshDtu, shiftDtuTimes, type FleetCore, type Runtime } from "./state.ts";
import { dayKey } from "./world.ts";

/** Integration step for energy; gaps longer than `MAX_GAP_MS` are clock jumps and are not integrated. */
const STEP_MS = 60_000;
const MAX_GAP_MS = 3600_000;

export interface PollLoop {
  /** Device time the inverter sides were advanced to. */
  lastTick: number;
  nextPollAt: number;
  /** Index of the slot polled next. */
  roundRobin: number;
  /** The DTU's local day, to notice a day change. */
  dtuDay: string;
}

export const pollInterval = (core: FleetCore): number => Math.max(1, core.config.dtu.poll_interval) * 1000;

/** The loop of a fresh boot at `core.bootAt`: the first poll one interval later. */
export function createLoop(core: FleetCore): PollLoop {
  return {
    lastTick: core.bootAt,
    nextPollAt: core.bootAt + pollInterval(core),
    roundRobin: 0,
    dtuDay: dayKey(core, core.bootAt),
  };
}

function pollSlot(core: FleetCore, loop: PollLoop, at: number): void {
  const runtimes = core.runtimes;
  let rt: Runtime | undefined;
  if (runtimes.length > 0) {
    loop.roundRobin %= runtimes.length;
    rt = runtimes[loop.roundRobin];
    loop.roundRobin = (loop.roundRobin + 1) % runtimes.length;
  }
  dtuSide.poll(core, rt, at);
}

/** Energy and events of every inverter side up to `now` (a clock jump is not integrated). */
function advanceAll(core: FleetCore, loop: PollLoop, now: number): void {
  const gap = now - loop.lastTick;
  if (gap > 0 && gap <= MAX_GAP_MS) {
    for (let t = loop.lastTick; t < now;) {
      const dt = Math.min(STEP_MS, now - t);
      t += dt;
      for (const rt of core.runtimes) advanceSide(core, rt, t, dt, true);
    }
  } else if (gap !== 0) {
    // Clock jump (set by hand, or a suspended process): no energy for the jump, but the day may change.
    for (const rt of core.runtimes) advanceSide(core, rt, now, 0, false);
    loop.nextPollAt = now + pollInterval(core);
    shiftDtuTimes(core, gap);
  }
  loop.lastTick = now;
}

/** zero_day: DC yield-day values zeroed at the first cycle after the local date changed (API.md §4.3). */
function dayChange(core: FleetCore, loop: PollLoop, now: number): void {
  const today = dayKey(core, now);
  if (today === loop.dtuDay) return;
  loop.dtuDay = today;
  for (const rt of core.runtimes) {
    if (rt.cfg.zero_day && rt.dtu.stats) {
      rt.dtu.stats = { ...rt.dtu.stats, yieldDayWh: rt.dtu.stats.yieldDayWh.map(() => 0) };
      core.version++;
    }
  }
}

export function tickLoop(core: FleetCore, loop: PollLoop): void {
  const now = core.clock.now();
  advanceAll(core, loop, now);
  dayChange(core, loop, now);
  pump(core, now);
  const interval = pollInterval(core);
  if (!core.clock.synced()) {
    // Without a valid clock the DTU sends no requests (API.md §3.1 hints.time_sync).
    loop.nextPollAt = now + interval;
    return;
  }
  if (now - loop.nextPollAt > interval * 10) loop.nextPollAt = now;
  while (loop.nextPollAt <= now) {
    pollSlot(core, loop, loop.nextPollAt);
    loop.nextPollAt += interval;
  }
  // Commands re-sent by the poll slots may already have their answer.
  pump(core, now);
}

/** A DTU reboot: the DTU side of every slot starts empty and polling starts over one interval later. */
export function rebootLoop(core: FleetCore, loop: PollLoop): void {
  core.bootAt = core.clock.now();
  loop.lastTick = core.bootAt;
  loop.nextPollAt = core.bootAt + pollInterval(core);
  loop.roundRobin = 0;
  for (const rt of core.runtimes) rt.dtu = freshDtu();
  dropQueued(core, () => false);
  core.radioFreeAt = core.bootAt;
  core.version++;
}

/** A shorter poll interval applies at once, not after the pending (longer) wait. */
export function intervalChanged(core: FleetCore, loop: PollLoop, oldInterval: number): void {
  const interval = pollInterval(core);
  if (interval !== oldInterval) loop.nextPollAt = Math.min(loop.nextPollAt, core.clock.now() + interval);
}
