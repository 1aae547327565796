/**
 * The top level of a several-device gateway besides the overview's figures (issue 24 §4): the overview page (the web
 * app's gateway build, whose `/` is the overview when the server's features say `devices`), the files that page
 * loads, the device names for each device's switcher, and the page's own login. There is no top-level session: a
 * login here is checked by the devices it would unlock, each on its own rule and guessing brake (./access.ts), and
 * stays in the browser under the top level's own key (apps/webapp/src/lib/storage.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { LOGOUT_PATH, endpoints, overviewEndpoints } from "@dtu/api/endpoints";
import { gatewayEndpoints, type GatewayFeatures } from "@dtu/api/gateway";
import type { OverviewDeviceNames } from "@dtu/api/overview";
import { accessOf } from "./access.ts";
import type { NamedDevice } from "./overview.ts";

export interface TopDevice extends NamedDevice {
  app: FastifyInstance;
}

/** Requests the top level hands to a device's app for a file of the web app: the page keeps its `<base href="/">`. */
const topRequests = new WeakSet<IncomingMessage>();
export const isTopRequest = (req: IncomingMessage): boolean => topRequests.has(req);

/**
 * The top level's routes (the overview, the energy of all devices, the login: the web app's `topScreens`) and the
 * web app's files they load.
 */
const APP_FILE =
  /^\/(?:login|history|js\/[\w.-]+\.js|favicon\.(?:ico|png)|site\.webmanifest|icon-\d+\.png)?$/;

/**
 * The page and its files, served by the first device's app as it serves its own (they are the same build, with
 * the same headers and compression); false when `path` is none of them.
 */
export function sendAppFile(
  first: TopDevice | undefined,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
) {
  if (!first || !APP_FILE.test(path)) return false;
  topRequests.add(req);
  first.app.routing(req, res);
  return true;
}

const json = (res: ServerResponse, status: number, body: unknown): void => {
  res
    .writeHead(status, {
      "content-type": "application/json",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    })
    .end(JSON.stringify(body));
};

const FEATURES: GatewayFeatures = { history: false, alerts: false, devices: true };

async function sendFeatures(_devices: readonly TopDevice[], _req: IncomingMessage, res: ServerResponse) {
  json(res, 200, FEATURES);
}

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

async function sendNames(devices: readonly TopDevice[], _req: IncomingMessage, res: ServerResponse) {
  json(res, 200, {
    names: devices.map((d) => d.name),
    today: latestToday(devices),
  } satisfies OverviewDeviceNames);
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
async function sendAuthenticate(devices: readonly TopDevice[], req: IncomingMessage, res: ServerResponse) {
  const auth = req.headers.authorization;
  let status = 401;
  if (auth) {
    const access = await accessOf(devices, req);
    if (access.includes("unlocked")) status = 200;
    // A device that could not check them may have taken them: not "wrong password", but "did not answer".
    else if (access.includes("unanswered")) status = 503;
    else if (!access.includes("locked")) status = await everyDeviceAccepts(devices, req, auth);
  }
  if (status === 200) json(res, 200, { type: "success", message: "Authenticated", code: 0 });
  else
    json(res, status, {
      type: "danger",
      message: status === 401 ? "Unauthorized" : "A device did not answer",
    });
}

/** Leaving the overview's login: nothing to drop here (no top-level session), answered so the page sees no error. */
async function sendLogout(_devices: readonly TopDevice[], _req: IncomingMessage, res: ServerResponse) {
  json(res, 200, { type: "success", message: "", code: 0 });
}

type TopAnswer = (devices: readonly TopDevice[], req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** `METHOD path` → answer. */
export const TOP_ANSWERS: ReadonlyMap<string, TopAnswer> = new Map([
  [`GET ${gatewayEndpoints.features.path}`, sendFeatures],
  [`GET ${overviewEndpoints.names.path}`, sendNames],
  [`GET ${endpoints.authenticate.path}`, sendAuthenticate],
  [`POST ${LOGOUT_PATH}`, sendLogout],
]);
