/**
 * Attaching one device's zero export to that device's app (issue 32): the service on its port and meter, the API
 * plugin with the port's access rule, and the fallback sent when the app closes — in `preClose`, registered before
 * the app's own timers stop, so that the simulated device still acknowledges it; a real device gets its POST.
 */
import type { FastifyInstance } from "fastify";
import type { DevicePort } from "../port/contract.ts";
import { portAuthorize } from "../meter/routes.ts";
import type { MeterService } from "../meter/service.ts";
import { statusFeed } from "./feed.ts";
import { zeroExportPlugin } from "./routes.ts";
import { createZeroExportService, type ZeroExportOptions, type ZeroExportService } from "./service.ts";

export async function attachZeroExport(
  app: FastifyInstance,
  port: DevicePort,
  meter: MeterService,
  dataDir: string,
  log: (line: string) => void,
  extra: Pick<ZeroExportOptions, "onEvent"> = {},
): Promise<ZeroExportService> {
  const service = await createZeroExportService({
    port,
    meter: statusFeed(meter, () => port.now()),
    dataDir,
    log,
    ...extra,
  });
  await app.register(zeroExportPlugin, { service, authorize: portAuthorize(port) });
  app.addHook("preClose", () => service.close());
  return service;
}
