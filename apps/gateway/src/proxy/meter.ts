/**
 * The household meter in proxy mode (issue 31 §1): a real device has no meter API of its own, so `/api/meter/*` is
 * answered here, on the device's port (meter/attach.ts), instead of being forwarded. The routes get the body formats
 * of the device (urlencoded, multipart; anything else drained), in their own scope: the forwarded API keeps its
 * bodies as streams. Zero export (issue 32), when asked for, sits in the same scope on the same meter and port:
 * its limits go to the device as its own `POST /api/limit/config` with the device password.
 */
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { drainBodies } from "../http/fastify.ts";
import { attachMeter } from "../meter/attach.ts";
import type { MeterService } from "../meter/service.ts";
import type { DevicePort } from "../port/contract.ts";
import type { GridSink } from "../history/grid.ts";
import type { ZeroExportOptions, ZeroExportService } from "../zeroexport/service.ts";

const BODY_LIMIT = 64 * 1024;

export interface ProxyControl {
  meter: MeterService;
  zeroExport: ZeroExportService | null;
}

export async function attachProxyMeter(
  app: FastifyInstance,
  port: DevicePort,
  opts: {
    dataDir: string;
    log: (line: string) => void;
    zeroExport: boolean;
    grid?: GridSink;
    /** The controller's events (the alerts' watch). */
    onZeroExportEvent?: ZeroExportOptions["onEvent"];
  },
): Promise<ProxyControl> {
  const got: { meter?: MeterService; zeroExport?: ZeroExportService } = {};
  await app.register(async (scope) => {
    drainBodies(scope);
    await scope.register(formbody, { bodyLimit: BODY_LIMIT });
    await scope.register(multipart, { limits: { fieldSize: BODY_LIMIT, fields: 16, files: 2, parts: 32 } });
    got.meter = await attachMeter(scope, port, opts.dataDir, opts.log, opts.grid);
    if (opts.zeroExport) {
      // Loaded only when asked for: proxy mode without zero export never loads the controller.
      const { attachZeroExport } = await import("../zeroexport/attach.ts");
      const extra = opts.onZeroExportEvent ? { onEvent: opts.onZeroExportEvent } : {};
      got.zeroExport = await attachZeroExport(scope, port, got.meter, opts.dataDir, opts.log, extra);
    }
  });
  if (!got.meter) throw new Error("the meter plugin did not load");
  const zeroExport = got.zeroExport ?? null;
  // On the root too: the fallback is sent before the proxy's own hook closes the port (closing twice does nothing).
  if (zeroExport) app.addHook("preClose", () => zeroExport.close());
  return { meter: got.meter, zeroExport };
}
