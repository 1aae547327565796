/**
 * The household meter in proxy mode (issue 31 §1): a real device has no meter API of its own, so `/api/meter/*` is
 * answered here, on the device's port (meter/attach.ts), instead of being forwarded. The routes get the body formats
 * of the device (urlencoded, multipart; anything else drained), in their own scope: the forwarded API keeps its
 * bodies as streams.
 */
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { drainBodies } from "../http/fastify.ts";
import { attachMeter } from "../meter/attach.ts";
import type { MeterService } from "../meter/service.ts";
import type { DevicePort } from "../port/contract.ts";

const BODY_LIMIT = 64 * 1024;

export async function attachProxyMeter(
  app: FastifyInstance,
  port: DevicePort,
  dataDir: string,
  log: (line: string) => void,
): Promise<MeterService> {
  const got: { service?: MeterService } = {};
  await app.register(async (scope) => {
    drainBodies(scope);
    await scope.register(formbody, { bodyLimit: BODY_LIMIT });
    await scope.register(multipart, { limits: { fieldSize: BODY_LIMIT, fields: 16, files: 2, parts: 32 } });
    got.service = await attachMeter(scope, port, dataDir, log);
  });
  if (!got.service) throw new Error("the meter plugin did not load");
  return got.service;
}
