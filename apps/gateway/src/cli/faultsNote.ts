/**
 * The start message's words for the simulated faults asked for on the command line (issue 34 item 13): which
 * inverters never answer (`--offline`) and which strings are weak (`--fault`), by the names the screens show.
 */
import type { StringFault } from "./faultArg.ts";
import type { ConfigInverter } from "../config/types.ts";
import { parseHexSerial, serialToWire } from "../wire/serial.ts";

type Inverter = Pick<ConfigInverter, "serial" | "name" | "channel">;

function findInverter(inverters: readonly Inverter[], wire: string): Inverter | undefined {
  return inverters.find((i) => i.serial !== 0 && serialToWire(i.serial) === wire);
}

function inverterWords(inverter: Inverter | undefined, wire: string): string {
  return inverter?.name ? `inverter "${inverter.name}" (${wire})` : `inverter ${wire}`;
}

const NOT_THERE = "is not one of the simulated inverters (Settings > Inverters), so nothing changes";

function offlineLine(inverters: readonly Inverter[], text: string): string {
  const serial = parseHexSerial(text);
  const wire = serial === null ? text : serialToWire(serial);
  const inverter = findInverter(inverters, wire);
  if (!inverter) return `  --offline: inverter ${text} ${NOT_THERE}`;
  return `  --offline: ${inverterWords(inverter, wire)} never answers, as if switched off at the breaker`;
}

function faultLine(inverters: readonly Inverter[], fault: StringFault): string {
  const inverter = findInverter(inverters, fault.serial);
  if (!inverter) return `  --fault: inverter ${fault.serial} ${NOT_THERE}`;
  const number = fault.channel + 1;
  const name = inverter.channel[fault.channel]?.name;
  const string = name ? `string ${number} ("${name}")` : `string ${number}`;
  const share = `${Math.round(fault.factor * 100)} %`;
  return `  --fault: ${string} of ${inverterWords(inverter, fault.serial)} gives ${share} of its power`;
}

/** The lines, or none when no fault was asked for. */
export function faultsNote(
  inverters: readonly Inverter[],
  offline: readonly string[],
  faults: readonly StringFault[],
): string[] {
  if (offline.length === 0 && faults.length === 0) return [];
  return [
    "Simulated faults asked for on the command line:",
    ...offline.map((serial) => offlineLine(inverters, serial)),
    ...faults.map((fault) => faultLine(inverters, fault)),
  ];
}
