/**
 * `GET /api/overview` (issue 24 §4; types in packages/api/src/overview.ts): every device's card and the sums.
 *
 * Access, device by device (./access.ts): a card with figures for each device the request may read (its own read
 * rule and guessing brake), a locked card with only the name for the others, and sums of the readable ones only,
 * naming the devices they leave out. 401 as a device answers it (API.md §2.2) only when the request may read none.
 * There is no session cookie at the top level: each device's cookie is kept to its own `/d/NAME/` path (./mount.ts).
 *
 * Figures (./figures.ts): issue 25's rule, a value never read since the DTU started is null, never a measured 0.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Overview, OverviewCard, OverviewDevice } from "@dtu/api/overview";
import { accessOf, lockedNames, readable, type DeviceAccess } from "./access.ts";
import { deviceFigures, inverterCounts, totalOf, unreadOf } from "./figures.ts";
import type { LastReadings } from "./lastRead.ts";
import type { DeviceSource } from "./sources.ts";

export interface NamedSource {
  name: string;
  source: DeviceSource;
}

const NO_READINGS: LastReadings = new Map();

/** A card with figures for each readable device, a locked one for the others, and the readable ones' sums. */
export function buildOverview(devices: readonly NamedSource[], access: readonly DeviceAccess[]): Overview {
  const cards: OverviewCard[] = devices.map(({ name, source }, i) => {
    if (!readable(access[i] ?? "locked")) return { name, locked: true };
    const live = source.live();
    const alerts = source.alerts();
    const last = unreadOf(live).length > 0 ? source.lastReadings() : NO_READINGS;
    return {
      name,
      locked: false,
      reachable: live.reachable,
      since: Math.floor(live.since / 1000),
      ...deviceFigures(live, last),
      inverters: inverterCounts(live),
      alerts_open: alerts?.open ?? null,
      alerts_critical: alerts?.critical ?? null,
    };
  });
  const shown = cards.filter((c): c is OverviewDevice => !c.locked);
  return { devices: cards, total: totalOf(shown), locked: lockedNames(devices, access) };
}

/**
 * Each device's access for the request (./access.ts); when it may read none, answers 401 as the device does
 * (API.md §2.2) and gives null.
 */
export async function accessOrRefused(
  devices: readonly NamedSource[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<DeviceAccess[] | null> {
  const access = await accessOf(devices, req);
  // No devices: nothing to keep from anyone (the page says "No devices").
  if (devices.length === 0 || access.some(readable)) return access;
  // The browser's login prompt only without X-Requested-With.
  if (req.headers["x-requested-with"] === undefined)
    res.setHeader("www-authenticate", 'Basic realm="Login Required"');
  res.writeHead(401).end();
  return null;
}

export async function sendOverview(
  devices: readonly NamedSource[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const access = await accessOrRefused(devices, req, res);
  if (!access) return;
  const body = JSON.stringify(buildOverview(devices, access));
  res
    .writeHead(200, {
      "content-type": "application/json",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    })
    .end(req.method === "HEAD" ? undefined : body);
}
