/**
 * From live documents to recorder calls, for both live shapes (API.md §3.2, §9.3): full snapshots repeat inverters
 * whose data did not change, per-inverter frames may repeat after 10 s. A reading is new on first sight, when its
 * `data_age` went down (the DTU read the inverter again) or when its values changed (a frame pushed right at the
 * poll says 0 s like the one before); unreachable inverters are passed on so the fleet's power
 * drops to 0 for them. `heartbeat` marks the slot as covered while the device answers but nothing changed (night).
 *
 * `recordFrom` is the one recorder of both modes: the device port's new readings go to `push`, its beat (the port
 * says it at least every 10 s while the device answers, ../port/contract.ts) to `heartbeat`. While the device does
 * not answer the port says neither: nothing is recorded, a gap, never invented values.
 */
import type { LiveInverter } from "@dtu/api/live";
import { liveInverters, type DevicePort } from "../port/contract.ts";
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
  /** Per serial: last data_age and values; age Infinity = unreachable (the next reading counts as new). */
  const seen = new Map<string, { age: number; sig: string }>();
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
          if (seen.get(inv.serial)?.age !== Infinity) fresh.push(asleep(inv));
          seen.set(inv.serial, { age: Infinity, sig: "" });
          continue;
        }
        const r = readingOf(inv);
        if (!r) continue;
        const before = seen.get(inv.serial);
        const sig = [r.power, r.yieldTotalWh, ...r.strings.map((x) => x.power)].join("|");
        seen.set(inv.serial, { age: r.dataAge, sig });
        if (!before || r.dataAge < before.age || sig !== before.sig) fresh.push(r);
      }
      if (fresh.length > 0 || now() - lastCall >= HEARTBEAT_MS) call(fresh);
    },
    heartbeat() {
      if (now() - lastCall >= HEARTBEAT_MS) call([]);
    },
  };
}

/** Feeds the history from the device port; returns the way to stop. */
export function recordFrom(port: DevicePort, feed: Feed): () => void {
  return port.subscribe((snapshot, event) => {
    if (event === "reading") feed.push(liveInverters(snapshot));
    else if (event === "beat") feed.heartbeat();
  });
}
