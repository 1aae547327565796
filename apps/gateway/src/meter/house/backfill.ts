/**
 * The simulated house's load for the history's backfill, apart from attach.ts: only a simulated device loads it
 * (the house's model draws on the fleet's seeded randomness, which proxy mode never loads:
 * test/proxy/imports.test.ts).
 */
import type { DevicePort } from "../../port/contract.ts";
import { loadMeterConfig } from "../config.ts";
import { houseLoadOf } from "./house.ts";
import { seedOf } from "./model.ts";

/**
 * The simulated house's load for the history's first-start backfill (issue 31 §8), when the device's meter is the
 * simulated house (a simulated device's default); null otherwise. Same seed as the service's house, so the
 * backfilled days are the days the live house draws. A settings file it cannot read is the service's to report.
 */
export async function backfillHouse(
  port: DevicePort,
  dataDir: string,
): Promise<((date: string, minute: number) => number) | null> {
  if (port.model === null) return null;
  const config = await loadMeterConfig(dataDir, true, () => undefined);
  return config.enabled && config.kind === "sim" ? houseLoadOf(seedOf(port.id)) : null;
}
