/**
 * The top level of a several-device gateway (issue 24 §4): its routes on the host (./host.ts). The overview and the
 * energy of all devices (./overview.ts, ./energy.ts), the overview page (the web app's gateway build, whose `/` is the
 * overview when the server's features say `devices`) and the files that page loads, the device names for each
 * device's switcher, and the page's own login. There is no top-level session: a login here is checked by the devices
 * it would unlock, each on its own rule and guessing brake (./access.ts), and stays in the browser under the top
 * level's own key (apps/webapp/src/lib/storage.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LOGOUT_PATH, endpoints, overviewEndpoints } from "@dtu/api/endpoints";
import { gatewayEndpoints, type GatewayFeatures } from "@dtu/api/gateway";
import type { OverviewDeviceNames } from "@dtu/api/overview";
import { topPagePaths } from "@dtu/api/screens";
import { setSecurityHeaders } from "../security/headers.ts";
import { accessOf } from "./access.ts";
import { sendOverviewEnergy } from "./energy.ts";
import { rawPath, sendJson } from "./host.ts";
import { sendOverview, type NamedDevice } from "./overview.ts";

export interface TopDevice extends NamedDevice {
  app: FastifyInstance;
}

/**
 * The files the overview page loads besides its screens (the web app's build: `js/` chunks, apps/webapp/public):
 * each a route and the exact form of the path as sent (the router also takes percent-encoded forms).
 */
const PAGE_FILES: readonly { url: string; exact: RegExp }[] = [
  { url: "/js/:file", exact: /^\/js\/[\w.-]+\.js$/ },
  { url: "/favicon.:ext", exact: /^\/favicon\.(?:ico|png)$/ },
  { url: "/site.webmanifest", exact: /^\/site\.webmanifest$/ },
  { url: "/icon-:size.png", exact: /^\/icon-\d+\.png$/ },
];

const FEATURES: GatewayFeatures = { history: false, alerts: false, devices: true };

/**
 * "Today" of the devices together: the latest of their own local dates, so no device's today is left out of a
 * combined month or year (with devices in zones on both sides of midnight, the others' today is still in the range
 * as yesterday). Never the browser's clock, never a date no device has reached; null while no device's zone is known.
 */
export function latestToday(devices: readonly Pick<NamedDevice, "name" | "port">[]): string | null {
  let latest: string | null = null;
  for (const { port } of devices) {
    const day = port.place.today();
    if (day !== null && (latest === null || day > latest)) latest = day;
  }
  return latest;
}

/**
 * Every device's own answer to the login (API.md §3.14 on each, through its own app and brake): the former rule,
 * kept for when every device is open read-only and there is nothing to unlock.
 */
async function everyDeviceAccepts(devices: readonly TopDevice[], req: IncomingMessage, auth: string) {
  const statuses = await Promise.all(
    devices.map(async ({ app }) => {
      try {
        const answer = await app.inject({
          url: endpoints.authenticate.path,
          headers: { "x-requested-with": "XMLHttpRequest", authorization: auth },
          ...(req.socket.remoteAddress ? { remoteAddress: req.socket.remoteAddress } : {}),
        });
        return answer.statusCode;
      } catch {
        return 503;
      }
    }),
  );
  return statuses.find((s) => s !== 200) ?? 200;
}

/**
 * The overview's login: accepted when the credentials unlock at least one device that is locked without them (its
 * own read rule and guessing brake, ./access.ts, which also books the refusals). Refused when they unlock none, so a
 * wrong password never passes for a login. When none unlocks and a locked device could not be asked (not answering),
 * 503: the password may be right, so it is not called wrong. With every device open, there is nothing to unlock:
 * every device must accept them, as each device's own login does.
 */
async function authenticate(devices: readonly TopDevice[], req: IncomingMessage): Promise<number> {
  const auth = req.headers.authorization;
  if (!auth) return 401;
  const access = await accessOf(devices, req);
  if (access.includes("unlocked")) return 200;
  // A device that could not check them may have taken them: not "wrong password", but "did not answer".
  if (access.includes("unanswered")) return 503;
  return access.includes("locked") ? 401 : everyDeviceAccepts(devices, req, auth);
}

type RawAnswer = (devices: readonly TopDevice[], req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** An answer written to the response itself (the overview's, ./overview.ts, ./energy.ts); 500 when it throws. */
function raw(devices: readonly TopDevice[], send: RawAnswer) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    void reply.hijack();
    // Hijacked: no onSend hook runs, so the API's security headers are set here (issue 34 §14).
    setSecurityHeaders(reply.raw, rawPath(req.raw));
    await send(devices, req.raw, reply.raw).catch(() => {
      if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
    });
  };
}

/** Routes of a fixed path answer only that path as sent, as they always did (not its percent-encoded forms). */
const exactly =
  (exact: (path: string) => boolean) =>
  async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (exact(rawPath(req.raw))) return undefined;
    reply.callNotFound();
    return reply;
  };

/**
 * The top level's routes on the host (GET also answers HEAD). The overview page and its files come from the first
 * device's app as it serves its own (the same build, headers and compression), at `/`, without its prefix.
 */
export function addTopRoutes(host: FastifyInstance, devices: readonly TopDevice[]): void {
  const get = (url: string, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    host.get(url, { onRequest: exactly((path) => path === url) }, handler);
  get(overviewEndpoints.overview.path, raw(devices, sendOverview));
  get(overviewEndpoints.energy.path, raw(devices, sendOverviewEnergy));
  get(gatewayEndpoints.features.path, async (_req, reply) => sendJson(reply, 200, FEATURES));
  get(overviewEndpoints.names.path, async (_req, reply) =>
    sendJson(reply, 200, {
      names: devices.map((d) => d.name),
      today: latestToday(devices),
    } satisfies OverviewDeviceNames),
  );
  get(endpoints.authenticate.path, async (req, reply) => {
    const status = await authenticate(devices, req.raw);
    if (status === 200) return sendJson(reply, 200, { type: "success", message: "Authenticated", code: 0 });
    return sendJson(reply, status, {
      type: "danger",
      message: status === 401 ? "Unauthorized" : "A device did not answer",
    });
  });
  // Leaving the overview's login: nothing to drop here (no top-level session), answered so the page sees no error.
  host.post(LOGOUT_PATH, { onRequest: exactly((path) => path === LOGOUT_PATH) }, async (_req, reply) =>
    sendJson(reply, 200, { type: "success", message: "", code: 0 }),
  );

  const [first] = devices;
  if (!first) return;
  // Handed over with the URL it came with (not under the device's prefix), so ./mount.ts leaves the page's
  // `<base href="/">` as it is.
  const page = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    void reply.hijack();
    first.app.routing(req.raw, reply.raw);
  };
  for (const url of topPagePaths()) get(url, page);
  for (const { url, exact } of PAGE_FILES)
    host.get(url, { onRequest: exactly((path) => exact.test(path)) }, page);
}
