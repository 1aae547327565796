/**
 * The `--fault SERIAL:CHANNEL=FACTOR` option (issue 23 §5, fleet/faults.ts applies it). Apart from the fleet so that
 * the command line can check it without loading the simulated device (test/proxy/imports.test.ts).
 */
import { parseHexSerial, serialToWire } from "./device/serial.ts";

export interface StringFault {
  /** Wire form of the serial. */
  serial: string;
  channel: number;
  factor: number;
}

/** `SERIAL:CHANNEL=FACTOR`; throws an Error whose message says what is wrong. */
export function parseFault(text: string): StringFault {
  const m = /^([0-9a-fA-F]{1,16}):(\d{1,2})=([0-9]*\.?[0-9]+)$/.exec(text.trim());
  const serial = m ? parseHexSerial(m[1] ?? "") : null;
  const factor = Number(m?.[3]);
  if (!m || serial === null || !(factor >= 0 && factor <= 1))
    throw new Error(
      `invalid fault "${text}": SERIAL:CHANNEL=FACTOR with a hex serial, a 0-based string number and a factor from 0 to 1, e.g. 116482345678:1=0.4`,
    );
  return { serial: serialToWire(serial), channel: Number(m[2]), factor };
}
