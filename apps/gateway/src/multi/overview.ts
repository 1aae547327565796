/**
 * `GET /api/overview` (issue 24 §4; types in packages/api/src/overview.ts): every device's card and the sums.
 *
 * Access: the same rule as live data, applied to every device at once. The overview shows each device's live
 * figures, so it answers only a request that may read every one of them: open when every device allows read-only
 * access, else the request's Basic credentials must be accepted by each device that wants them (its own rule and its
 * own guessing brake, ./sources.ts). Anything less answers 401 as a device does (API.md §2.2). There is no session
 * cookie at the top level: each device's cookie is kept to its own `/d/NAME/` path (./mount.ts).
 *
 * Figures (./figures.ts): issue 25's rule, a value never read since the DTU started is null, never a measured 0.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Overview, OverviewDevice } from "@dtu/api/overview";
import { deviceFigures, totalOf, unreadOf } from "./figures.ts";
import type { LastReadings } from "./lastRead.ts";
import type { DeviceSource } from "./sources.ts";

export interface NamedSource {
  name: string;
  source: DeviceSource;
}

const NO_READINGS: LastReadings = new Map();

/** Every card and the sums; a device's history is asked only while one of its inverters is unread (./figures.ts). */
export function buildOverview(devices: readonly NamedSource[]): Overview {
  const cards: OverviewDevice[] = devices.map(({ name, source }) => {
    const live = source.live();
    const alerts = source.alerts();
    const last = unreadOf(live).length > 0 ? source.lastReadings() : NO_READINGS;
    return {
      name,
      reachable: live.reachable,
      since: Math.floor(live.since / 1000),
      ...deviceFigures(live, last),
      inverters: {
        total: live.inverters.length,
        reachable: live.inverters.filter((i) => i.reachable).length,
        producing: live.inverters.filter((i) => i.producing).length,
        read: live.inverters.filter((i) => i.read).length,
      },
      alerts_open: alerts?.open ?? null,
      alerts_critical: alerts?.critical ?? null,
    };
  });
  return { devices: cards, total: totalOf(cards) };
}

/** Whether the request may read every device (see the header comment). */
export async function mayReadAll(devices: readonly NamedSource[], req: IncomingMessage): Promise<boolean> {
  const auth = req.headers.authorization;
  const answers = await Promise.all(
    devices.map(({ source }) => source.mayRead(auth, req.socket.remoteAddress)),
  );
  return answers.every(Boolean);
}

/** True when the request may read every device; otherwise answers 401 as the device does (API.md §2.2). */
export async function allowedOrRefused(
  devices: readonly NamedSource[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (await mayReadAll(devices, req)) return true;
  // The browser's login prompt only without X-Requested-With.
  if (req.headers["x-requested-with"] === undefined)
    res.setHeader("www-authenticate", 'Basic realm="Login Required"');
  res.writeHead(401).end();
  return false;
}

export async function sendOverview(
  devices: readonly NamedSource[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (!(await allowedOrRefused(devices, req, res))) return;
  const body = JSON.stringify(buildOverview(devices));
  res
    .writeHead(200, {
      "content-type": "application/json",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    })
    .end(req.method === "HEAD" ? undefined : body);
}
