/** A history on a temporary folder with an injected clock, and readings built from a few numbers. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openHistory, type History } from "../../src/history/index.ts";
import type { InverterReading } from "../../src/history/reading.ts";
import { dayStart } from "../../src/history/days.ts";
import { parsePosixTz } from "../../src/time/posixTz.ts";

export const CET = parsePosixTz("CET-1CEST,M3.5.0,M10.5.0/3");

export interface TestHistory {
  h: History;
  dir: string;
  clock: { t: number; now(): number };
  reopen(): TestHistory;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "dtu-history-"));
}

export function makeHistory(dir = tempDir(), clock = { t: 0, now: () => clock.t }): TestHistory {
  const h = openHistory({ dataDir: dir, zone: () => CET, clock });
  return {
    h,
    dir,
    clock,
    reopen() {
      h.close();
      return makeHistory(dir, clock);
    },
  };
}

/** Local time `HH:MM` of a day in CET/CEST as Unix ms. */
export function at(day: string, hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return dayStart(CET, day) + ((h ?? 0) * 60 + (m ?? 0)) * 60_000;
}

export function reading(
  serial: string,
  power: number,
  totalWh: number,
  dayWh: number | null,
): InverterReading {
  return {
    serial,
    name: `Inverter ${serial}`,
    reachable: true,
    producing: power > 0,
    dataAge: 0,
    limitRelative: 100,
    power,
    voltage: 230,
    current: power / 230,
    temperature: 30,
    yieldDayWh: dayWh,
    yieldTotalWh: totalWh,
    strings: [
      {
        ch: 0,
        name: "East",
        power,
        voltage: 30,
        current: power / 30,
        yieldDayWh: dayWh,
        yieldTotalWh: totalWh,
        maxPower: 800,
      },
    ],
  };
}

/** Day energy of one inverter (Wh) as the API gives it. */
export function dayEnergy(h: History, day: string, serial = "1164a"): number | undefined {
  return h.queries.energy(day, day, "day", null).rows[0]?.inverters[serial];
}
