/**
 * Attaching one device's meter to that device's app: the service on its port, the API plugin with the port's
 * access rule, the poller stopped when the app closes. Both the simulated device (app.ts) and, once wired, a real
 * device's app call it with their DevicePort. `grid`: the device's history, which records the meter (issue 31 §2).
 */
import type { FastifyInstance } from "fastify";
import type { GridSink } from "../history/grid.ts";
import type { DevicePort } from "../port/contract.ts";
import { meterDevice } from "./device.ts";
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
