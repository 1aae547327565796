/**
 * Limit, power and restart commands (API.md §3.7, §3.8) through the DTU's one command queue: commands to every
 * inverter wait in one line and go on the air one at a time; the inverter answers 1–2 s after the sending (or not:
 * Failure, and the firmware sends the last command again on every poll cycle). Status is Pending from queueing to the
 * answer. An acknowledged limit starts the output's ramp (limits.ts). Figures and sources: README "Realistic limits".
 */
import type { CommandStatus } from "@dtu/api/live";
import { EVENT_REMOTE_SHUTDOWN } from "./alarms.ts";
import { addEvent, inverterStart, sampleOf } from "./inverterSide.ts";
import {
  answers,
  round1,
  type Command,
  type CommandKind,
  type FleetCore,
  type QueuedCommand,
  type Runtime,
} from "./state.ts";
import { isDay } from "./world.ts";

/** Chance that a limit/power command is not acknowledged (API.md §3.7 Failure + automatic re-send). */
export const COMMAND_FAILURE_RATE = 0.05;
/** Time from sending a command to the inverter's answer: 1–2 s. */
export const ANSWER_MIN_MS = 1000;
export const ANSWER_SPREAD_MS = 1000;

function setStatus(rt: Runtime, which: CommandKind, status: CommandStatus): void {
  if (which === "limit") rt.dtu.limitStatus = status;
  else rt.dtu.powerStatus = status;
}

function setRetry(rt: Runtime, which: CommandKind, command: Command | null): void {
  if (which === "limit") rt.dtu.limitRetry = command;
  else rt.dtu.powerRetry = command;
}

function applyCommand(core: FleetCore, rt: Runtime, command: Command, at: number): void {
  const inv = rt.inv;
  switch (command.kind) {
    case "limit": {
      const relative = (command.type & 1) === 1;
      const percent = relative
        ? Math.min(100, command.value)
        : Math.min(100, (command.value / rt.maxPower) * 100);
      // The output moves from where it is now to the new limit (limits.ts).
      const fromPercent = (sampleOf(core, rt, at).ac.power / rt.maxPower) * 100;
      inv.limitPercent = percent;
      inv.ramp = { fromPercent, start: at };
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

/** The head of the queue goes on the air at `at`; whether the inverter will answer is known from now on. */
function transmit(core: FleetCore, q: QueuedCommand, at: number): void {
  q.startAt = at;
  q.dueAt = at + q.answerMs;
  // A sleeping or offline inverter never answers.
  q.fails = q.lost || !answers(core, q.rt) || core.failingCommands.has(q.rt.hex);
  core.log(`TX ${q.command.kind === "limit" ? "ActivePowerControl" : "PowerControl"} to ${q.rt.hex}`);
}

/** The answer (or its absence) of a command that left the queue. A later command of the same kind decides the status. */
function settle(core: FleetCore, q: QueuedCommand): void {
  const { rt, which } = q;
  const superseded = core.queue.some((other) => other.rt === rt && other.which === which);
  if (q.fails) {
    core.log(`${which === "limit" ? "Limit" : "Power"} command to ${rt.hex} not acknowledged`);
    if (superseded) return;
    setStatus(rt, which, "Failure");
    setRetry(rt, which, q.command);
  } else {
    applyCommand(core, rt, q.command, q.dueAt);
    if (!superseded) setStatus(rt, which, "Ok");
  }
}

/** Runs the queue up to `now`: each command goes on the air when the one before it is answered or given up. */
export function pump(core: FleetCore, now: number): void {
  for (;;) {
    const head = core.queue[0];
    if (!head) return;
    if (head.startAt === null) transmit(core, head, Math.max(core.radioFreeAt, head.queuedAt));
    if (now < head.dueAt) return;
    core.queue.shift();
    core.radioFreeAt = head.dueAt;
    settle(core, head);
  }
}

function enqueue(core: FleetCore, rt: Runtime, which: CommandKind, command: Command, at: number): void {
  // Drawn in this order when queued, so the seeded sequence does not depend on the queue.
  const answerMs = ANSWER_MIN_MS + Math.floor(core.random() * ANSWER_SPREAD_MS);
  const lost = core.random() < COMMAND_FAILURE_RATE;
  core.queue.push({
    rt,
    which,
    command,
    queuedAt: at,
    answerMs,
    lost,
    startAt: null,
    dueAt: at,
    fails: false,
  });
  setRetry(rt, which, null);
  setStatus(rt, which, "Pending");
  pump(core, at);
}

/** Failed commands go out again on every poll cycle until acknowledged (API.md §3.7). */
export function resendFailed(core: FleetCore, at: number): void {
  for (const rt of core.runtimes) {
    if (rt.dtu.limitRetry) enqueue(core, rt, "limit", rt.dtu.limitRetry, at);
    if (rt.dtu.powerRetry) enqueue(core, rt, "power", rt.dtu.powerRetry, at);
  }
}

export function command(core: FleetCore, rt: Runtime | undefined, c: Command): void {
  if (!rt) return;
  const at = core.clock.now();
  // Commands disabled (or night without command_enable_night): the route still answers success (API.md §3.7).
  const day = isDay(core, at);
  if (!(rt.cfg.command_enable && (day || rt.cfg.command_enable_night))) return;
  enqueue(core, rt, c.kind === "limit" ? "limit" : "power", c, at);
  if (c.kind === "limit") rt.dtu.lastLimitCommandAt = at;
}

/** A DTU reboot or a new inverter list: what is queued for inverters no longer there (or for none) is dropped. */
export function dropQueued(core: FleetCore, keep: (rt: Runtime) => boolean): void {
  core.queue = core.queue.filter((q) => keep(q.rt));
}
