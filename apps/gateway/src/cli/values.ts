/** The option values' checks: each turns the given text into a value or throws a CliError saying what is wrong. */
import { parseFault, type StringFault } from "./faultArg.ts";

/** A bad option value; its message is printed above the usage. */
export class CliError extends Error {}

export function port(value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new CliError(`invalid port: ${value}`);
  return value;
}

export function wholeNumber(value: number, min: number, max: number, flag: string): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new CliError(`invalid ${flag}: ${value} (${min} to ${max})`);
  return value;
}

/** `--offline` list: hex serials separated by commas (or spaces); anything else is refused. */
export function serialList(text: string): string[] {
  const list = text.split(/[\s,]+/).filter(Boolean);
  const bad = list.find((s) => !/^[0-9a-fA-F]{1,16}$/.test(s));
  if (bad !== undefined)
    throw new CliError(`invalid serial for --offline: ${bad} (hex digits, e.g. 116482345678)`);
  return list;
}

/** `--fault` list: SERIAL:STRING=FACTOR separated by commas (or spaces). */
export function faultList(text: string): StringFault[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((item) => {
      try {
        return parseFault(item);
      } catch (err) {
        throw new CliError((err as Error).message);
      }
    });
}
