/**
 * The simulated house's load (issue 31 §1), pure: a day is drawn from the seed and the local date (same seed and
 * date → same day), and the load at a local time of that day follows from it. Appliances, each on one phase as in a
 * real house: standby all day (the router, the heating pump's electronics, chargers), a fridge cycling, lights in
 * the morning and evening, a kettle at breakfast and some afternoons, cooking around noon (some days with the oven)
 * and in the evening, and a washing machine some days. Watts are those of typical European appliances.
 */
import { hash, seededRandom } from "../../fleet/random.ts";

/** What happens on one day; minutes since local midnight. */
export interface HouseDay {
  standbyW: number;
  /** Where in its 45-minute cycle the fridge is at midnight. */
  fridgeOffsetMin: number;
  kettleMin: number[];
  noonCookMin: number;
  ovenMin: number | null;
  eveningCookMin: number;
  /** Washing machine start, null on days without washing. */
  washMin: number | null;
}

const between = (r: () => number, lo: number, hi: number): number => lo + (hi - lo) * r();

/** The day drawn for `seed` and local date `YYYY-MM-DD`. */
export function houseDay(seed: number, date: string): HouseDay {
  const [y = 0, m = 0, d = 0] = date.split("-").map(Number);
  const r = seededRandom(hash(seed, y, m, d));
  const standbyW = Math.round(between(r, 90, 150));
  const fridgeOffsetMin = between(r, 0, 45);
  const kettleMin = [between(r, 6 * 60 + 40, 7 * 60 + 40)];
  if (r() < 0.5) kettleMin.push(between(r, 15 * 60, 16 * 60 + 30));
  const noonCookMin = between(r, 11 * 60 + 15, 12 * 60 + 15);
  const ovenMin = r() < 0.4 ? noonCookMin - between(r, 10, 30) : null;
  const eveningCookMin = between(r, 17 * 60 + 45, 19 * 60 + 15);
  const washMin = r() < 0.35 ? between(r, 9 * 60, 15 * 60) : null;
  return { standbyW, fridgeOffsetMin, kettleMin, noonCookMin, ovenMin, eveningCookMin, washMin };
}

const within = (t: number, start: number, minutes: number): boolean => t >= start && t < start + minutes;

/** A thermostat: on for `duty` of each `period` minutes. */
const cycling = (t: number, period: number, duty: number): boolean =>
  ((t % period) + period) % period < period * duty;

/** The load (W) per phase [L1, L2, L3] at `minute` (fractional minutes since local midnight) of `day`. */
export function houseLoad(day: HouseDay, minute: number): [number, number, number] {
  const t = minute;
  const load: [number, number, number] = [day.standbyW * 0.4, day.standbyW * 0.3, day.standbyW * 0.3];
  // Fridge (L2): 15 minutes on in every 45, 90 W with a short start surge.
  const f = (((t + day.fridgeOffsetMin) % 45) + 45) % 45;
  if (f < 15) load[1] += f < 0.1 ? 350 : 90;
  // Lights and the TV (L1): morning and evening.
  if (t >= 6 * 60 + 30 && t < 8 * 60) load[0] += 80;
  if (t >= 17 * 60 + 30 && t < 23 * 60) load[0] += 180;
  // Kettle (L3): 2 kW for 3 minutes.
  for (const k of day.kettleMin) if (within(t, k, 3)) load[2] += 2000;
  // Cooking at noon (L3, the hob, plates cycling) and the oven (L1, its thermostat) some days.
  if (within(t, day.noonCookMin, 30)) load[2] += cycling(t, 4, 0.6) ? 1500 : 300;
  if (day.ovenMin !== null && within(t, day.ovenMin, 55))
    load[0] += t - day.ovenMin < 12 || cycling(t, 3, 0.5) ? 2000 : 0;
  // Evening cooking (L3).
  if (within(t, day.eveningCookMin, 40)) load[2] += cycling(t, 4, 0.7) ? 1800 : 400;
  // Washing machine (L2): heating, then the drum, then the spin.
  if (day.washMin !== null) {
    const w = t - day.washMin;
    if (w >= 5 && w < 20) load[1] += 2000;
    else if (w >= 0 && w < 80) load[1] += 180;
    else if (w >= 80 && w < 90) load[1] += 500;
  }
  return [Math.round(load[0]), Math.round(load[1]), Math.round(load[2])];
}

/** A number seed from a device's id (its DTU serial or host). */
export function seedOf(id: string): number {
  return hash(...Array.from(id, (c) => c.charCodeAt(0)));
}
