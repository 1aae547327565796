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
import type { MeterStatus } from "@dtu/api/meter";
import type { Overview, OverviewCard, OverviewDevice } from "@dtu/api/overview";
import type { DevicePort, PortSnapshot } from "../port/contract.ts";
import { accessOf, lockedNames, readable, type DeviceAccess } from "./access.ts";
import {
  deviceFigures,
  inverterCounts,
  meterFigures,
  totalOf,
  unreadOf,
  type DeviceLive,
} from "./figures.ts";
import type { LastReadings } from "./lastRead.ts";

/** The device's open alerts (issue 23) for its card. */
export interface DeviceAlerts {
  open: number;
  critical: number;
}

/**
 * A device as the top level sees it: its port (live state, today, read rule), and what its own features keep of it:
 * its open alerts (null when it runs none) and the last readings of its history (./lastRead.ts; empty without).
 */
export interface NamedDevice {
  name: string;
  port: DevicePort;
  alerts(): DeviceAlerts | null;
  lastReadings(): LastReadings;
  /** Its household meter's status (issue 31, src/meter); absent or null: the device has no meter. */
  meter?: () => MeterStatus | null;
}

/**
 * Counted from the device's own alert store, as its `GET /api/alerts?state=open` lists them: acknowledged ones are
 * still open (acknowledging stops reminders, not the condition).
 */
export function openAlerts(
  alerts: { store: { open(): readonly { severity: string }[] } } | null,
): () => DeviceAlerts | null {
  return () => {
    if (!alerts) return null;
    const open = alerts.store.open();
    return { open: open.length, critical: open.filter((a) => a.severity === "critical").length };
  };
}

/** What a card's figures need of the port's snapshot. */
export const liveOf = (s: PortSnapshot): DeviceLive => ({
  reachable: s.reachable,
  since: s.since,
  total: s.total,
  inverters: s.inverters.map((i) => ({
    serial: i.live.serial,
    reachable: i.live.reachable,
    producing: i.live.producing,
    read: i.read,
  })),
});

const NO_READINGS: LastReadings = new Map();

/** A card with figures for each readable device, a locked one for the others, and the readable ones' sums. */
export function buildOverview(devices: readonly NamedDevice[], access: readonly DeviceAccess[]): Overview {
  const cards: OverviewCard[] = devices.map((device, i) => {
    const { name } = device;
    if (!readable(access[i] ?? "locked")) return { name, locked: true };
    const live = liveOf(device.port.snapshot());
    const alerts = device.alerts();
    const last = unreadOf(live).length > 0 ? device.lastReadings() : NO_READINGS;
    return {
      name,
      locked: false,
      reachable: live.reachable,
      since: Math.floor(live.since / 1000),
      ...deviceFigures(live, last),
      inverters: inverterCounts(live),
      ...meterFigures(device.meter?.() ?? null),
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
  devices: readonly NamedDevice[],
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
  devices: readonly NamedDevice[],
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
