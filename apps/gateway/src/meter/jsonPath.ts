/**
 * Paths into a JSON answer as owners write them: `a.b[1].c`, `SML.curr_w`, `emeters[0].power`. A key is any text
 * without `.`, `[` and `]`; an index is a whole number in brackets. An empty path is the answer itself (an MQTT
 * payload that is just a number).
 */
import { excerpt, fail } from "./failure.ts";

export type PathStep = string | number;

/** The steps of a path, or null when it cannot be one (empty key, unclosed bracket, index not a number). */
export function parsePath(path: string): PathStep[] | null {
  if (path === "") return [];
  const steps: PathStep[] = [];
  const re = /([^.[\]]+)|\[(\d{1,6})\]|(\.)/gy;
  let expectKey = true;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(path)) !== null) {
    end = re.lastIndex;
    if (m[1] !== undefined) {
      if (!expectKey) return null;
      steps.push(m[1]);
      expectKey = false;
    } else if (m[2] !== undefined) {
      if (expectKey && steps.length > 0) return null;
      steps.push(Number(m[2]));
      expectKey = false;
    } else {
      if (expectKey) return null;
      expectKey = true;
    }
  }
  return end === path.length && !expectKey ? steps : null;
}

/** The value at `steps`, undefined when the answer has nothing there. */
export function valueAt(json: unknown, steps: readonly PathStep[]): unknown {
  let at: unknown = json;
  for (const step of steps) {
    if (typeof step === "number") {
      if (!Array.isArray(at)) return undefined;
      at = at[step];
    } else {
      if (at === null || typeof at !== "object" || Array.isArray(at)) return undefined;
      if (!Object.prototype.hasOwnProperty.call(at, step)) return undefined;
      at = (at as Record<string, unknown>)[step];
    }
  }
  return at;
}

/**
 * The number at `path` (a number, or a text that is one, as some meters send "123.4"); else a MeterFailure
 * `no_value` or `not_number`. `shown` names the path in the message (Tasmota's paths are inside StatusSNS).
 */
export function numberAt(json: unknown, path: string, shown = path): number {
  const steps = parsePath(path);
  const value = steps ? valueAt(json, steps) : undefined;
  if (value === undefined || value === null) fail("no_value", { path: shown });
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && value.trim() !== ""
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n)) fail("not_number", { path: shown, value: excerpt(value) });
  return n;
}
