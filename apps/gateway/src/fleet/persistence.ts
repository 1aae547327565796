/** The fleet's state file (`.fleet-state.json`): yield day/total per serial, read at start, written atomically. */
import { mkdir, readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { atomicWrite } from "../storage/atomicWrite.ts";

/** What the file keeps of one inverter side (state.ts `InverterSide` has these and more). */
export interface SavedYield {
  yieldDayWh: number[];
  yieldTotalWh: number[];
  /** Local date (`YYYY-MM-DD`) the day counters belong to. */
  day: string;
}

export interface StateFile {
  version: 1;
  savedAt: number;
  inverters: Record<string, SavedYield>;
}

function isNumberArray(v: unknown): v is number[] {
  return Array.isArray(v) && v.every((x) => typeof x === "number" && Number.isFinite(x) && x >= 0);
}

export async function loadState(file: string | null, log: (s: string) => void): Promise<StateFile | null> {
  if (!file) return null;
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return null; // missing: start from plausible totals
  }
  try {
    const data = JSON.parse(text) as Partial<StateFile>;
    if (data.version !== 1 || typeof data.inverters !== "object" || data.inverters === null)
      throw new Error("shape");
    const inverters: StateFile["inverters"] = {};
    for (const [serial, e] of Object.entries(data.inverters)) {
      if (isNumberArray(e?.yieldDayWh) && isNumberArray(e.yieldTotalWh) && typeof e.day === "string") {
        inverters[serial] = { yieldDayWh: e.yieldDayWh, yieldTotalWh: e.yieldTotalWh, day: e.day };
      }
    }
    return { version: 1, savedAt: typeof data.savedAt === "number" ? data.savedAt : 0, inverters };
  } catch {
    log("Inverter yield state unreadable, starting from estimated totals");
    return null;
  }
}

export async function saveState(
  file: string,
  at: number,
  saved: StateFile | null,
  sides: ReadonlyMap<string, SavedYield>,
): Promise<void> {
  const state: StateFile = { version: 1, savedAt: at, inverters: {} };
  // Keep serials no longer configured too: their totals come back if the inverter is added again.
  for (const [hex, e] of Object.entries(saved?.inverters ?? {})) state.inverters[hex] = e;
  for (const [hex, side] of sides) {
    state.inverters[hex] = { yieldDayWh: side.yieldDayWh, yieldTotalWh: side.yieldTotalWh, day: side.day };
  }
  await mkdir(dirname(file), { recursive: true });
  await atomicWrite(file, JSON.stringify(state) + "\n");
}
