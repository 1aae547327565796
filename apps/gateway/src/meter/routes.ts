/**
 * The meter API (issue 31 §4) as one Fastify plugin per device: GET/POST /api/meter/config (admin), GET
 * /api/meter/status (read access like live data), POST /api/meter/test (admin), and on a simulated device POST
 * /api/sim/house (admin, issue 32 §4). POST bodies are the device's form field `data` holding JSON (API.md §3.0).
 * Who may pass is the device port's rule (`DevicePort.access`), through its password-guessing brake.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { meterEndpoints, SIM_HOUSE_MAX_W, type SimHouseResult } from "@dtu/api/meter";
import type { DevicePort } from "../port/contract.ts";
import { readDataField } from "../http/form.ts";
import { sendFreshJson } from "../http/freshJson.ts";
import type { MeterService } from "./service.ts";

export type Need = "read" | "admin";

/** May this request pass? Answers the refusal itself (false) as the device does: a bare 401. */
export type Authorize = (req: FastifyRequest, reply: FastifyReply, need: Need) => Promise<boolean>;

/** The device port's rule: open/accepted pass, a refusal is booked on the brake and answered 401. */
export function portAuthorize(port: Pick<DevicePort, "access">): Authorize {
  return async (req, reply, need) => {
    const access = await port.access(req.headers.authorization, req.ip, need);
    if (access.kind === "open" || access.kind === "accepted") return true;
    if (access.kind === "unanswered") {
      void sendFreshJson(reply, { type: "danger", message: "the device does not answer" }, 503);
      return false;
    }
    if (access.kind === "refused") access.count();
    // The browser's login box only without X-Requested-With (API.md §2.2), as the device's own routes.
    if (req.headers["x-requested-with"] === undefined)
      void reply.header("www-authenticate", 'Basic realm="Login Required"');
    void reply.code(401).send();
    return false;
  };
}

const data = (req: FastifyRequest): Promise<string | undefined> => readDataField(req).catch(() => undefined);

/** `data` of POST /api/sim/house: `{ "load_w": N }` (0 to SIM_HOUSE_MAX_W) or `{ "load_w": null }`. */
export function parseHold(text: string | undefined): { load_w: number | null } | string {
  let body: unknown;
  try {
    body = JSON.parse(text ?? "");
  } catch {
    return 'data must be JSON: {"load_w": N} or {"load_w": null}';
  }
  const w = (body as { load_w?: unknown } | null)?.load_w;
  if (w === null) return { load_w: null };
  if (typeof w !== "number" || !Number.isFinite(w) || w < 0 || w > SIM_HOUSE_MAX_W)
    return `load_w must be a number of W from 0 to ${SIM_HOUSE_MAX_W}, or null`;
  return { load_w: w };
}

export interface MeterPluginOptions {
  service: MeterService;
  authorize: Authorize;
}

export async function meterPlugin(app: FastifyInstance, opts: MeterPluginOptions): Promise<void> {
  const { service, authorize } = opts;
  const e = meterEndpoints;
  app.get(e.configGet.path, async (req, reply) => {
    if (await authorize(req, reply, "admin")) return sendFreshJson(reply, service.view());
    return reply;
  });
  app.post(e.configPost.path, async (req, reply) => {
    if (!(await authorize(req, reply, "admin"))) return reply;
    const result = await service.post(await data(req));
    return sendFreshJson(
      reply,
      result,
      result.type === "success" ? 200 : result.code === "not_written" ? 500 : 400,
    );
  });
  app.get(e.status.path, async (req, reply) => {
    if (await authorize(req, reply, "read")) return sendFreshJson(reply, service.status());
    return reply;
  });
  app.post(e.test.path, async (req, reply) => {
    if (!(await authorize(req, reply, "admin"))) return reply;
    const result = await service.test(await data(req));
    return sendFreshJson(reply, result, "type" in result ? 400 : 200);
  });
  const house = service.house;
  if (!house) return;
  app.post(e.simHouse.path, async (req, reply) => {
    if (!(await authorize(req, reply, "admin"))) return reply;
    const hold = parseHold(await data(req));
    if (typeof hold === "string") {
      const refused: SimHouseResult = { type: "danger", message: hold, load_w: house.held() };
      return sendFreshJson(reply, refused, 400);
    }
    house.hold(hold.load_w);
    const done: SimHouseResult = {
      type: "success",
      message:
        hold.load_w === null ? "the house follows its load model" : `the house is held at ${hold.load_w} W`,
      load_w: hold.load_w,
    };
    return sendFreshJson(reply, done);
  });
}
