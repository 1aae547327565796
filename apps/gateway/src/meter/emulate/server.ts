/**
 * `--meter-port N`: the simulated meter on its own port, answering as a Shelly Pro 3EM (`/rpc/EM.GetStatus?id=0`,
 * `/rpc/Shelly.GetDeviceInfo`, and both as JSON-RPC `POST /rpc`), a Shelly 3EM (`/status`, `/shelly`) and a Tasmota
 * reader (`/cm?cmnd=Status 10`), so that third-party scripts for those meters can be tried against the simulated
 * fleet. No credentials (as a meter with auth off); GET only but the RPC POST, bodies capped at 4 KB.
 */
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyReply } from "fastify";
import {
  shellyDeviceInfo,
  shellyEmStatus,
  shellyGen1Info,
  shellyGen1Status,
  tasmotaStatus10,
  type GridNow,
} from "./answers.ts";

export interface MeterPortOptions {
  /** The simulated meter now (W per phase, + import). */
  grid: () => { power_w: number; phases_w: number[] };
  now: () => number;
  host: string;
  port: number;
}

export interface MeterPortServer {
  port: number;
  close(): Promise<void>;
}

const HOUR_MS = 3_600_000;
/** Counters held from one request to the next over at most this gap (a script polling rarely adds nothing). */
const MAX_GAP_MS = 60_000;

/** Energy counters kept from the requests' readings (sample and hold), as the meters' own totals. */
function counters(now: () => number) {
  const g: GridNow = {
    phases_w: [0, 0, 0],
    power_w: 0,
    import_wh: 0,
    export_wh: 0,
    phase_import_wh: [0, 0, 0],
    phase_export_wh: [0, 0, 0],
    at: 0,
  };
  return (reading: { power_w: number; phases_w: number[] }): GridNow => {
    const at = now();
    const h = g.at > 0 && at > g.at && at - g.at <= MAX_GAP_MS ? (at - g.at) / HOUR_MS : 0;
    if (g.power_w > 0) g.import_wh += g.power_w * h;
    else g.export_wh -= g.power_w * h;
    g.phases_w.forEach((w, i) => {
      if (w > 0) g.phase_import_wh[i] = (g.phase_import_wh[i] ?? 0) + w * h;
      else g.phase_export_wh[i] = (g.phase_export_wh[i] ?? 0) - w * h;
    });
    Object.assign(g, { power_w: reading.power_w, phases_w: [...reading.phases_w], at });
    return { ...g, phase_import_wh: [...g.phase_import_wh], phase_export_wh: [...g.phase_export_wh] };
  };
}

/** The answer of a GET path (null: not one of the meters'). */
function answerGet(url: URL, next: () => GridNow): unknown {
  switch (url.pathname) {
    case "/rpc/EM.GetStatus":
      return (url.searchParams.get("id") ?? "0") === "0" ? shellyEmStatus(next()) : undefined;
    case "/rpc/Shelly.GetDeviceInfo":
      return shellyDeviceInfo();
    case "/status":
      return shellyGen1Status(next());
    case "/shelly":
      return shellyGen1Info();
    case "/cm":
      return /^status\s*10$/i.test((url.searchParams.get("cmnd") ?? "").trim())
        ? tasmotaStatus10(next())
        : { Command: "Unknown" };
    default:
      return null;
  }
}

/** Shelly's JSON-RPC frame: `{ id, method, params }` → `{ id, src, result }` or `{ id, src, error }`. */
function answerRpc(text: string, next: () => GridNow): unknown {
  let frame: { id?: unknown; method?: unknown; params?: { id?: unknown } } = {};
  try {
    frame = JSON.parse(text) as typeof frame;
  } catch {
    return { id: null, src: shellyDeviceInfo().id, error: { code: -32700, message: "Parse error" } };
  }
  const head = { id: frame.id ?? null, src: shellyDeviceInfo().id };
  if (frame.method === "EM.GetStatus" && (frame.params?.id ?? 0) === 0)
    return { ...head, result: shellyEmStatus(next()) };
  if (frame.method === "Shelly.GetDeviceInfo") return { ...head, result: shellyDeviceInfo() };
  return { ...head, error: { code: 404, message: `No handler for ${String(frame.method).slice(0, 40)}` } };
}

/** Every answer as JSON, never cached (the meters' own answers carry no validators). */
function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply
    .code(status)
    .header("content-type", "application/json")
    .header("cache-control", "no-store")
    .send(JSON.stringify(body));
}

export async function startMeterPort(opts: MeterPortOptions): Promise<MeterPortServer> {
  const tally = counters(opts.now);
  const next = (): GridNow => tally(opts.grid());
  // One HTTP stack in the gateway (issue 30 §2): a small Fastify instance of its own, on its own port.
  const app = Fastify({ bodyLimit: 4096 });
  // Scripts post the RPC frame with any content type (or none): the body is read as text whatever it says.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
  app.post("/rpc", async (req, reply) =>
    send(reply, 200, answerRpc(typeof req.body === "string" ? req.body : "", next)),
  );
  app.get("*", async (req, reply) => {
    const url = new URL(req.url, "http://meter");
    const body = answerGet(url, next);
    if (body === undefined)
      return send(reply, 500, {
        code: -105,
        message: `Argument 'id', value ${url.searchParams.get("id")} not found!`,
      });
    if (body === null) return send(reply, 404, { code: 404, message: "Not Found" });
    return send(reply, 200, body);
  });
  app.setNotFoundHandler(async (_req, reply) => send(reply, 404, { code: 404, message: "Not Found" }));
  await app.listen({ port: opts.port, host: opts.host });
  return {
    port: (app.server.address() as AddressInfo).port,
    close: async () => {
      app.server.closeAllConnections();
      await app.close();
    },
  };
}
