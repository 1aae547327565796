/**
 * The zero-export API (issue 32 §4) as one Fastify plugin per device: GET /api/zeroexport/config and /status (read
 * access), POST /api/zeroexport/config (`data=<JSON>`), /resume and /check (admin). Who may pass is the device
 * port's rule through its guessing brake, as the meter's API (meter/routes.ts).
 */
import type { FastifyInstance } from "fastify";
import { zeroExportEndpoints } from "@dtu/api/zeroexport";
import { readDataField } from "../http/form.ts";
import { sendFreshJson } from "../http/freshJson.ts";
import type { Authorize } from "../meter/routes.ts";
import type { ZeroExportService } from "./service.ts";

export interface ZeroExportPluginOptions {
  service: ZeroExportService;
  authorize: Authorize;
}

export async function zeroExportPlugin(app: FastifyInstance, opts: ZeroExportPluginOptions): Promise<void> {
  const { service, authorize } = opts;
  const e = zeroExportEndpoints;
  app.get(e.configGet.path, async (req, reply) => {
    if (await authorize(req, reply, "read")) return sendFreshJson(reply, service.config());
    return reply;
  });
  app.post(e.configPost.path, async (req, reply) => {
    if (!(await authorize(req, reply, "admin"))) return reply;
    const { status, body } = await service.post(await readDataField(req).catch(() => undefined));
    return sendFreshJson(reply, body, status);
  });
  app.get(e.status.path, async (req, reply) => {
    if (await authorize(req, reply, "read")) return sendFreshJson(reply, service.status());
    return reply;
  });
  app.post(e.resume.path, async (req, reply) => {
    if (!(await authorize(req, reply, "admin"))) return reply;
    const result = service.resume();
    return sendFreshJson(reply, result, result.type === "success" ? 200 : 409);
  });
  app.post(e.check.path, async (req, reply) => {
    if (!(await authorize(req, reply, "admin"))) return reply;
    return sendFreshJson(reply, await service.check());
  });
}
