/**
 * Attaching one device's meter to that device's app: the service on its port, the API plugin with the port's
 * access rule, the poller stopped when the app closes. Both the simulated device (app.ts) and, once wired, a real
 * device's app call it with their DevicePort. `grid`: the device's history, which records the meter (issue 31 §2).
 */
import type { FastifyInstance } from "fastify";
import type { GridSink } from "../history/grid.ts";
import type { DevicePort } from "../port/contract.ts";
import { loadMeterConfig } from "./config.ts";
import { meterDevice } from "./device.ts";
import { houseLoadOf } from "./house/house.ts";
import { seedOf } from "./house/model.ts";
import { meterPlugin, portAuthorize } from "./routes.ts";
import { createMeterService, type MeterService } from "./service.ts";

export async function attachMeter(
  app: FastifyInstance,
  port: DevicePort,
  dataDir: string,
  log: (line: string) => void,
  grid?: GridSink,
): Promise<MeterService> {
  const service = await createMeterService({
    device: meterDevice(port),
    dataDir,
    log,
    ...(grid ? { grid } : {}),
  });
  await app.register(meterPlugin, { service, authorize: portAuthorize(port) });
  app.addHook("onClose", () => service.close());
  return service;
}

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
