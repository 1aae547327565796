/**
 * Limit, power and restart commands (API.md §3.7, §3.8): sent with a realistic delay, sometimes not acknowledged
 * (then re-sent every poll cycle), applied to the inverter side when acknowledged.
 */
import type { CommandStatus } from "@dtu/api/live";
import { EVENT_REMOTE_SHUTDOWN } from "./alarms.ts";
import { addEvent, inverterStart } from "./inverterSide.ts";
import { answers, round1, type Command, type FleetCore, type PendingCommand, type Runtime } from "./state.ts";
import { isDay } from "./world.ts";

/** Chance that a limit/power command is not acknowledged (API.md §3.7 Failure + automatic re-send). */
export const COMMAND_FAILURE_RATE = 0.05;

type Which = "limit" | "power";

const pendingOf = (rt: Runtime, which: Which): PendingCommand | null =>
  which === "limit" ? rt.dtu.limitCommand : rt.dtu.powerCommand;

function setPending(rt: Runtime, which: Which, pending: PendingCommand | null, status: CommandStatus): void {
  if (which === "limit") {
    rt.dtu.limitCommand = pending;
    rt.dtu.limitStatus = status;
  } else {
    rt.dtu.powerCommand = pending;
    rt.dtu.powerStatus = status;
  }
}

function send(core: FleetCore, rt: Runtime, command: Command, at: number): PendingCommand {
  const pending: PendingCommand = {
    command,
    dueAt: at + 1000 + Math.floor(core.random() * 2000),
    // Drawn first so the seeded sequence is the same by day; a sleeping or offline inverter never acknowledges.
    fails: core.random() < COMMAND_FAILURE_RATE || !answers(core, rt) || core.failingCommands.has(rt.hex),
    failed: false,
  };
  const what = command.kind === "limit" ? "ActivePowerControl" : "PowerControl";
  core.log(`TX ${what} to ${rt.hex}`);
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
        const open = [...inv.events].reverse().find((e) => e.id === EVENT_REMOTE_SHUTDOWN && e.end === null);
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

/** A command whose answer is due: acknowledged (applied, Ok) or not (Failure, re-sent on the next poll cycle). */
export function settle(core: FleetCore, rt: Runtime, which: Which, at: number): void {
  const pending = pendingOf(rt, which);
  if (!pending || pending.failed || at < pending.dueAt) return;
  if (pending.fails) {
    pending.failed = true;
    setPending(rt, which, pending, "Failure");
    core.log(`${which === "limit" ? "Limit" : "Power"} command to ${rt.hex} not acknowledged`);
  } else {
    applyCommand(rt, pending.command, pending.dueAt);
    setPending(rt, which, null, "Ok");
  }
}

/** Failed commands go out again on every poll cycle until acknowledged (API.md §3.7). */
export function resendFailed(core: FleetCore, at: number): void {
  for (const rt of core.runtimes) {
    for (const which of ["limit", "power"] as const) {
      const pending = pendingOf(rt, which);
      if (pending?.failed) setPending(rt, which, send(core, rt, pending.command, at), "Pending");
    }
  }
}

export function command(core: FleetCore, rt: Runtime | undefined, c: Command): void {
  if (!rt) return;
  const at = core.clock.now();
  // Commands disabled (or night without command_enable_night): the route still answers success (API.md §3.7).
  const day = isDay(core, at);
  if (!(rt.cfg.command_enable && (day || rt.cfg.command_enable_night))) return;
  setPending(rt, c.kind === "limit" ? "limit" : "power", send(core, rt, c, at), "Pending");
  if (c.kind === "limit") rt.dtu.lastLimitCommandAt = at;
}
