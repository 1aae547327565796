/**
 * `--meter-port N`: the simulated meter on its own port, answering as a Shelly Pro 3EM (`/rpc/EM.GetStatus?id=0`,
 * `/rpc/Shelly.GetDeviceInfo`, and both as JSON-RPC `POST /rpc`), a Shelly 3EM (`/status`, `/shelly`) and a Tasmota
 * reader (`/cm?cmnd=Status 10`), so that third-party scripts for those meters can be tried against the simulated
 * fleet. No credentials (as a meter with auth off); GET only but the RPC POST, bodies capped at 4 KB.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
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

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
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

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve) => {
    let text = "";
    req.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      if (text.length > 4096) {
        resolve(null);
        req.destroy();
      }
    });
    req.on("end", () => resolve(text));
    req.on("error", () => resolve(null));
  });
}

/** Shelly's JSON-RPC frame: `{ id, method, params }` → `{ id, src, result }` or `{ id, src, error }`. */
async function answerRpc(req: IncomingMessage, next: () => GridNow): Promise<unknown> {
  const text = await readBody(req);
  let frame: { id?: unknown; method?: unknown; params?: { id?: unknown } } = {};
  try {
    frame = JSON.parse(text ?? "") as typeof frame;
  } catch {
    return { id: null, src: shellyDeviceInfo().id, error: { code: -32700, message: "Parse error" } };
  }
  const head = { id: frame.id ?? null, src: shellyDeviceInfo().id };
  if (frame.method === "EM.GetStatus" && (frame.params?.id ?? 0) === 0)
    return { ...head, result: shellyEmStatus(next()) };
  if (frame.method === "Shelly.GetDeviceInfo") return { ...head, result: shellyDeviceInfo() };
  return { ...head, error: { code: 404, message: `No handler for ${String(frame.method).slice(0, 40)}` } };
}

export async function startMeterPort(opts: MeterPortOptions): Promise<MeterPortServer> {
  const tally = counters(opts.now);
  const next = (): GridNow => tally(opts.grid());
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://meter");
    if (req.method === "POST" && url.pathname === "/rpc") {
      void answerRpc(req, next).then((body) => send(res, 200, body));
      return;
    }
    const body = req.method === "GET" ? answerGet(url, next) : null;
    if (body === undefined)
      send(res, 500, {
        code: -105,
        message: `Argument 'id', value ${url.searchParams.get("id")} not found!`,
      });
    else if (body === null) send(res, 404, { code: 404, message: "Not Found" });
    else send(res, 200, body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
