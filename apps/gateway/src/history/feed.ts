/**
 * From live documents to recorder calls, for both live shapes (API.md §3.2, §9.3): full snapshots repeat inverters
 * whose data did not change, per-inverter frames may repeat after 10 s. A reading is new when its `data_age` went
 * down (the DTU read the inverter again) or on first sight; unreachable inverters are passed on so the fleet's power
 * drops to 0 for them. `heartbeat` marks the slot as covered while the device answers but nothing changed (night).
 */
import type { LiveInverter } from "@dtu/api/live";
import type { Recorder } from "./recorder.ts";
import { readingOf, type InverterReading } from "./reading.ts";

export interface Feed {
  push(inverters: readonly LiveInverter[]): void;
  heartbeat(): void;
}

const HEARTBEAT_MS = 30_000;

function asleep(inv: LiveInverter): InverterReading {
  return {
    serial: inv.serial,
    name: inv.name,
    reachable: false,
    producing: false,
    dataAge: inv.data_age,
    limitRelative: inv.limit_relative,
    power: 0,
    voltage: 0,
    current: 0,
    temperature: null,
    yieldDayWh: null,
    yieldTotalWh: null,
    strings: [],
  };
}

export function createFeed(recorder: Recorder, now: () => number): Feed {
  const ages = new Map<string, number>();
  let lastCall = -Infinity;
  const call = (readings: InverterReading[]): void => {
    lastCall = now();
    recorder.record(lastCall, readings);
  };
  return {
    push(inverters) {
      const fresh: InverterReading[] = [];
      for (const inv of inverters) {
        if (typeof inv.serial !== "string") continue;
        if (!inv.reachable) {
          // Passed on once per outage; Infinity makes its next reading count as new.
          if (ages.get(inv.serial) !== Infinity) fresh.push(asleep(inv));
          ages.set(inv.serial, Infinity);
          continue;
        }
        const r = readingOf(inv);
        if (!r) continue;
        const before = ages.get(inv.serial);
        ages.set(inv.serial, r.dataAge);
        if (before === undefined || r.dataAge < before) fresh.push(r);
      }
      if (fresh.length > 0 || now() - lastCall >= HEARTBEAT_MS) call(fresh);
    },
    heartbeat() {
      if (now() - lastCall >= HEARTBEAT_MS) call([]);
    },
  };
}
