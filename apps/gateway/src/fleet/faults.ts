/**
 * Simulator faults (issue 23 §5), to see and test every alert rule by day:
 *
 * - `--fault SERIAL:STRING=FACTOR` (env `DTU_FAULTS`, several separated by commas): DC string STRING (counted from 1
 *   as on the screens; `StringFault.channel` holds the 0-based index of live data) of that inverter gives FACTOR
 *   (0–1) of its power from the start on. The history backfill uses its own
 *   setups and stays normal, so "usual" is learned from healthy days.
 * - From tests (`SimulatedFleet.faults`): an entry in an inverter's own event log, limit/power commands that are
 *   never acknowledged (Failure, re-sent every poll cycle, API.md §3.7), an inverter that stops or resumes
 *   answering, a string's factor changed on the way.
 */
import { parseHexSerial, serialToWire } from "../wire/serial.ts";
import { addEvent } from "./inverterSide.ts";
import type { FleetCore } from "./state.ts";

/** One `--fault` (cli/faultArg.ts reads it): a string of an inverter giving a share of its power. */
export interface StringFault {
  /** Wire form of the serial. */
  serial: string;
  /** 0-based DC input, as in live data: string number minus 1. */
  channel: number;
  factor: number;
}

/** Per serial, the factor of each string (1 where no fault is set). */
export function faultTable(faults: readonly StringFault[]): Map<string, number[]> {
  const table = new Map<string, number[]>();
  for (const f of faults) {
    const factors = table.get(f.serial) ?? [];
    while (factors.length <= f.channel) factors.push(1);
    factors[f.channel] = f.factor;
    table.set(f.serial, factors);
  }
  return table;
}

export interface FleetFaults {
  /** Adds an entry to the inverter's own log (active while `endMs` is null); false for an unknown serial. */
  event(serial: string, id: number, endMs?: number | null): boolean;
  /** Ends the inverter's active entry with that id now; false when there is none. */
  endEvent(serial: string, id: number): boolean;
  /** From now on the inverter acknowledges no limit/power command (until called with false). */
  failCommands(serial: string, on: boolean): boolean;
  /** The inverter stops answering (as `--offline`) or answers again. */
  silence(serial: string, on: boolean): boolean;
  /** Sets a string's factor (1 = healthy) from now on. */
  string(serial: string, channel: number, factor: number): boolean;
}

export function fleetFaults(core: FleetCore): FleetFaults {
  const find = (serial: string) => {
    const parsed = parseHexSerial(serial);
    const hex = parsed === null ? "" : serialToWire(parsed);
    return core.runtimes.find((rt) => rt.hex === hex);
  };
  return {
    event(serial, id, endMs = null) {
      const rt = find(serial);
      if (!rt) return false;
      addEvent(rt.inv, id, core.clock.now(), endMs);
      return true;
    },
    endEvent(serial, id) {
      const entry = find(serial)?.inv.events.find((e) => e.id === id && e.end === null);
      if (entry) entry.end = core.clock.now();
      return entry !== undefined;
    },
    failCommands(serial, on) {
      const rt = find(serial);
      if (!rt) return false;
      if (on) core.failingCommands.add(rt.hex);
      else core.failingCommands.delete(rt.hex);
      return true;
    },
    silence(serial, on) {
      const rt = find(serial);
      if (!rt) return false;
      if (on) core.offline.add(rt.hex);
      else core.offline.delete(rt.hex);
      return true;
    },
    string(serial, channel, factor) {
      const rt = find(serial);
      if (!rt || channel < 0 || channel >= rt.setup.strings.length) return false;
      const table = core.stringFaults.get(rt.hex) ?? [];
      while (table.length <= channel) table.push(1);
      table[channel] = factor;
      core.stringFaults.set(rt.hex, table);
      rt.setup.faults = table;
      return true;
    },
  };
}
