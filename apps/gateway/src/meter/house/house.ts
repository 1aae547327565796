/**
 * The simulated house of one simulated device: the model's load at the device's local time (its zone from the port's
 * place; UTC while unknown), or a load held by POST /api/sim/house (issue 32 §4 tests zero export with it).
 */
import { dayOf } from "../../history/days.ts";
import { partsOf } from "../../time/index.ts";
import type { PosixTz } from "../../time/posixTz.ts";
import { parsePosixTz } from "../../time/posixTz.ts";
import { houseDay, houseLoad, type HouseDay } from "./model.ts";

const UTC = parsePosixTz("UTC0");

export interface House {
  /** The load per phase [L1, L2, L3] (W) at host time `ms`. */
  load(ms: number): [number, number, number];
  /** Holds the whole house at `w` W (split over the phases), or back to the model with null. */
  hold(w: number | null): void;
  held(): number | null;
}

/**
 * The whole house's load (W) at a local date and minute, as the model draws it for `seed` (the history's backfill,
 * which knows dates and minutes, not the device's zone); one day drawn at a time.
 */
export function houseLoadOf(seed: number): (date: string, minute: number) => number {
  let cached: { date: string; day: HouseDay } | null = null;
  return (date, minute) => {
    if (cached?.date !== date) cached = { date, day: houseDay(seed, date) };
    const [a, b, c] = houseLoad(cached.day, minute);
    return a + b + c;
  };
}

export function createHouse(seed: number, zone: () => PosixTz | null): House {
  let held: number | null = null;
  let cached: { date: string; day: HouseDay } | null = null;
  const dayFor = (date: string): HouseDay => {
    if (cached?.date !== date) cached = { date, day: houseDay(seed, date) };
    return cached.day;
  };
  return {
    load(ms) {
      if (held !== null) {
        const third = held / 3;
        return [third, third, third];
      }
      const tz = zone() ?? UTC;
      const p = partsOf(tz, ms);
      return houseLoad(dayFor(dayOf(tz, ms)), p.hour * 60 + p.minute + p.second / 60);
    },
    hold(w) {
      held = w;
    },
    held: () => held,
  };
}
