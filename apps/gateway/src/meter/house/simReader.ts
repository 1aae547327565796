/**
 * The simulated meter (kind "sim", the default of a simulated device): the house's load minus the fleet's
 * production, as a meter at the grid connection sees it (positive = import). The micro-inverters feed L1, so the
 * production is taken from that phase, as a Shelly Pro 3EM would show it.
 */
import type { PortSnapshot } from "../../port/contract.ts";
import type { MeterReader, MeterReading } from "../readers/types.ts";
import type { House } from "./house.ts";

/** The inverters' AC power now (W): the sum over every inverter's AC channels; 0 for those not answering. */
export function productionW(snapshot: PortSnapshot): number {
  let sum = 0;
  for (const inv of snapshot.inverters) {
    if (!inv.live.reachable) continue;
    for (const ch of Object.values(inv.live.AC ?? {})) {
      const power = ch.Power;
      if (power && "v" in power) sum += power.v;
    }
  }
  return sum;
}

/** The grid power per phase and in total of the house at `ms` with `production` W. */
export function simGrid(
  house: House,
  ms: number,
  production: number,
): { power_w: number; phases_w: number[] } {
  const [a, b, c] = house.load(ms);
  const r1 = (w: number): number => Math.round(w * 10) / 10;
  // The total from the unrounded phases: rounding each first would put a tenth of a watt of noise into it.
  return { power_w: r1(a + b + c - production), phases_w: [a - production, b, c].map(r1) };
}

export function simReader(house: House, snapshot: () => PortSnapshot, now: () => number): MeterReader {
  return {
    read(): Promise<MeterReading> {
      const grid = simGrid(house, now(), productionW(snapshot()));
      return Promise.resolve({ ...grid, found: String(grid.power_w) });
    },
    close: async () => undefined,
  };
}
