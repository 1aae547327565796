/**
 * The `--fault SERIAL:STRING=FACTOR` option (issue 23 §5, fleet/faults.ts applies it). Apart from the fleet so that
 * the command line can check it without loading the simulated device (test/proxy/imports.test.ts).
 *
 * STRING is the number the owner sees on every screen and in the alert text ("String 1" is the first DC input);
 * inside, a fault keeps the 0-based index of live data's `DC` object (API.md §3.1).
 */
import { inverterType } from "@dtu/api/inverterType";
import type { StringFault } from "../fleet/faults.ts";
import { parseHexSerial, serialToWire } from "../wire/serial.ts";

export type { StringFault };

const EXAMPLE = "e.g. 116482345678:2=0.4 for the second string";

/** `SERIAL:STRING=FACTOR`; throws an Error whose message says what is wrong. */
export function parseFault(text: string): StringFault {
  const m = /^([0-9a-fA-F]{1,16}):(\d{1,2})=([0-9]*\.?[0-9]+)$/.exec(text.trim());
  const serial = m ? parseHexSerial(m[1] ?? "") : null;
  const factor = Number(m?.[3]);
  if (!m || serial === null || !(factor >= 0 && factor <= 1))
    throw new Error(
      `invalid fault "${text}": SERIAL:STRING=FACTOR with a hex serial, the string number as the screens show it (1 = the first string) and a factor from 0 to 1, ${EXAMPLE}`,
    );
  const wire = serialToWire(serial);
  const number = Number(m[2]);
  if (number === 0)
    throw new Error(`invalid fault "${text}": strings are numbered from 1 as on the screens, ${EXAMPLE}`);
  const strings = inverterType(wire)?.dcInputs;
  if (strings !== undefined && number > strings)
    throw new Error(
      `invalid fault "${text}": inverter ${wire} has ${strings === 1 ? "1 string" : `${strings} strings (1 to ${strings})`}, there is no string ${number}`,
    );
  return { serial: wire, channel: number - 1, factor };
}
