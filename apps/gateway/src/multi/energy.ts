/**
 * `GET /api/overview/energy` (issue 24 §5, types in packages/api/src/overview.ts): the combined energy per day,
 * month or year of every device's own history. Each device is asked through its own app (`inject`, no network) at
 * `/api/history/energy` with the request's query, so its history, its parameter checks and its read rule answer
 * exactly as under `/d/NAME/`; this file only adds the rows up. Only the devices the request may read are asked
 * (./access.ts), the request's credentials only of those that wanted them; the others are `locked`, never summed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { historyEndpoints } from "@dtu/api/endpoints";
import type { HistoryEnergy, HistoryInterval } from "@dtu/api/history";
import type { OverviewEnergy, OverviewEnergyRow } from "@dtu/api/overview";
import { lockedNames, readable } from "./access.ts";
import { plus } from "./figures.ts";
import { accessOrRefused, type NamedDevice } from "./overview.ts";

export interface EnergyDevice extends NamedDevice {
  app: FastifyInstance;
}

type Answer = { ok: true; energy: HistoryEnergy } | { ok: false; status: number; body: string };

/**
 * `auth`: the request's credentials, only for a device they unlocked; an open device is asked without them (another
 * device's password is none of its business, and its brake would count it).
 */
async function ask(
  device: EnergyDevice,
  query: string,
  req: IncomingMessage,
  auth: boolean,
): Promise<Answer> {
  try {
    const res = await device.app.inject({
      method: "GET",
      url: `${historyEndpoints.energy.path}?${query}`,
      headers: {
        "x-requested-with": "XMLHttpRequest",
        ...(auth && req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      },
      ...(req.socket.remoteAddress ? { remoteAddress: req.socket.remoteAddress } : {}),
    });
    if (res.statusCode === 200 && /^application\/json/.test(String(res.headers["content-type"] ?? ""))) {
      return { ok: true, energy: JSON.parse(res.body) as HistoryEnergy };
    }
    return { ok: false, status: res.statusCode, body: res.body };
  } catch (err) {
    return { ok: false, status: 503, body: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Rows by period in order, each device's total under its name; the meters' import and export summed over the devices
 * that recorded a meter in the period (null when none did, issue 31 §4).
 */
export function combineEnergy(
  interval: HistoryInterval,
  answers: readonly { name: string; energy: HistoryEnergy }[],
  unavailable: string[],
  locked: string[],
): OverviewEnergy {
  const rows = new Map<string, OverviewEnergyRow>();
  for (const { name, energy } of answers) {
    for (const row of energy.rows) {
      const into: OverviewEnergyRow = rows.get(row.period) ?? {
        period: row.period,
        total: 0,
        devices: {},
        import_wh: null,
        export_wh: null,
      };
      into.total += row.total;
      into.devices[name] = row.total;
      into.import_wh = plus(into.import_wh, row.import_wh ?? null);
      into.export_wh = plus(into.export_wh, row.export_wh ?? null);
      rows.set(row.period, into);
    }
  }
  const sorted = [...rows.values()].sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
  return { interval, unit: "Wh", rows: sorted, unavailable, locked };
}

export async function sendOverviewEnergy(
  devices: readonly EnergyDevice[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const access = await accessOrRefused(devices, req, res);
  if (!access) return;
  const params = new URLSearchParams((req.url ?? "").split("?", 2)[1] ?? "");
  // Combined figures only: one inverter's serial belongs to one device, and CSV is per device.
  params.delete("serial");
  params.delete("format");
  const asked = devices.flatMap((device, i) =>
    readable(access[i] ?? "locked") ? [{ device, auth: access[i] === "unlocked" }] : [],
  );
  const answers = await Promise.all(
    asked.map(({ device, auth }) => ask(device, params.toString(), req, auth)),
  );
  // A bad parameter is bad for every device: the first device's answer says why.
  const refused = answers.find((a): a is Extract<Answer, { ok: false }> => !a.ok && a.status === 400);
  if (refused) {
    res.writeHead(400, { "content-type": "application/json", "cache-control": "no-store" }).end(refused.body);
    return;
  }
  const good: { name: string; energy: HistoryEnergy }[] = [];
  const unavailable: string[] = [];
  answers.forEach((a, i) => {
    const name = asked[i]?.device.name ?? "";
    if (a.ok) good.push({ name, energy: a.energy });
    else unavailable.push(name);
  });
  const interval = (good[0]?.energy.interval ?? params.get("interval") ?? "day") as HistoryInterval;
  res
    .writeHead(200, {
      "content-type": "application/json",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    })
    .end(JSON.stringify(combineEnergy(interval, good, unavailable, lockedNames(devices, access))));
}
