/**
 * `GET /api/overview` (issue 24 §4; types in packages/api/src/overview.ts): every device's card and the sums.
 *
 * Access: the same rule as live data, applied to every device at once. The overview shows each device's live
 * figures, so it answers only a request that may read every one of them: open when every device allows read-only
 * access, else the request's Basic credentials must be accepted by each device that wants them (its own rule and its
 * own guessing brake, ./sources.ts). Anything less answers 401 as a device does (API.md §2.2). There is no session
 * cookie at the top level: each device's cookie is kept to its own `/d/NAME/` path (./mount.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Overview, OverviewDevice } from "@dtu/api/overview";
import type { DeviceSource } from "./sources.ts";

export interface NamedSource {
  name: string;
  source: DeviceSource;
}

/** Sum without the float noise of adding decimals (0.1 + 0.2); far finer than any value on the wire. */
const add = (a: number, b: number): number => Math.round((a + b) * 1e6) / 1e6;

export function buildOverview(devices: readonly NamedSource[]): Overview {
  const cards: OverviewDevice[] = devices.map(({ name, source }) => {
    const live = source.live();
    const alerts = source.alerts();
    return {
      name,
      reachable: live.reachable,
      since: Math.floor(live.since / 1000),
      power_w: live.total?.Power.v ?? 0,
      yield_day_wh: live.total?.YieldDay.v ?? 0,
      yield_total_kwh: live.total?.YieldTotal.v ?? 0,
      inverters: {
        total: live.inverters.length,
        reachable: live.inverters.filter((i) => i.reachable).length,
        producing: live.inverters.filter((i) => i.producing).length,
      },
      alerts_open: alerts?.open ?? null,
      alerts_critical: alerts?.critical ?? null,
    };
  });
  // Power now only of devices answering now (a silent device's last power is not "now"); energy already produced
  // stays counted.
  const total = cards.reduce(
    (sum, card) => ({
      power_w: card.reachable ? add(sum.power_w, card.power_w) : sum.power_w,
      yield_day_wh: add(sum.yield_day_wh, card.yield_day_wh),
      yield_total_kwh: add(sum.yield_total_kwh, card.yield_total_kwh),
    }),
    { power_w: 0, yield_day_wh: 0, yield_total_kwh: 0 },
  );
  return { devices: cards, total };
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
