/**
 * History for the proxy (issue 14 §1–2): `<data>/history.db` fed by the device's port (the gateway's one live
 * connection to it, src/port/real/; feed.ts `recordFrom`), the `/api/history/*` routes answered here instead of
 * being forwarded. Read access as on the device (API.md §2.1), asked at every request through the port (cached
 * there); the console says when the device stops or starts letting the recorder in. A history file that cannot be
 * used never stops the proxy (keeper.ts). The device's zone is kept in the file, so its days are cut right before it
 * answers after a restart.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../device/contracts.ts";
import { allowed } from "../port/access.ts";
import type { Access, RealPort } from "../port/real/index.ts";
import { safeParse } from "../time/clock.ts";
import { createFeed, recordFrom } from "./feed.ts";
import { keepHistory, type HistoryKeeper } from "./keeper.ts";
import { watchPlace } from "./place.ts";
import { historyHandlers } from "./routes.ts";
import { getMeta } from "./store.ts";

export interface ProxyHistoryOptions {
  dataDir: string;
  rawDays?: number;
  user?: string;
  password?: string;
  /** Host clock (default Date): the recorder's sample times and the port's access cache; tests drive it. */
  clock?: Clock;
  /** Console lines: access lost or regained, history problems (default console.log). */
  log?: (line: string) => void;
  /** How long the device's read rule and a login are trusted (default 3 s). */
  accessCacheMs?: number;
  /** First reconnect delay of the port's socket (default 2 s). */
  retryMs?: number;
}

export interface ProxyHistory {
  keeper: HistoryKeeper;
  /** The device's live connection, as the recorder sees it. */
  feed: { connected(): boolean };
  /** The device's answer to a read request at start (for the start message). */
  access: Promise<Access>;
  close(): void;
}

/** How long the device's read rule is trusted for history (a rule switched on the device applies this soon). */
export const HISTORY_ACCESS_CACHE_MS = 3000;

const LOST =
  "History: the device now refuses live data to the recorder (read-only access is off and no accepted " +
  "--device-password was given); nothing is recorded until it lets the recorder in again.";
const REGAINED = "History: the device gives live data to the recorder again; recording goes on.";

/** What the console says when the device lets the port's socket in or refuses it (not the first state). */
export function accessLines(log: (line: string) => void): (granted: boolean) => void {
  let granted: boolean | null = null;
  return (now) => {
    if (granted !== null && now !== granted) log(now ? REGAINED : LOST);
    granted = now;
  };
}

const UTC = safeParse("UTC0");

export function startProxyHistory(
  app: FastifyInstance,
  port: RealPort,
  opts: ProxyHistoryOptions,
): ProxyHistory {
  const log = opts.log ?? ((line: string) => console.log(line));
  const clock: Clock = opts.clock ?? { now: () => Date.now() };
  const keeper = keepHistory({
    dataDir: opts.dataDir,
    zone: () => port.place.zone() ?? UTC,
    clock,
    ...(opts.rawDays ? { rawDays: opts.rawDays } : {}),
    log,
    onOpen: (h) => {
      const known = getMeta(h.db, "zone");
      if (known) port.knownZone(known);
    },
  });
  let written = keeper.current() ? getMeta(keeper.current()!.db, "zone") : null;
  const feed = createFeed(keeper.recorder, () => clock.now());
  const stop = recordFrom(port, feed);
  // The device's zone as it tells it on each connect, kept in the file.
  const keepZone = port.subscribe(() => {
    const rule = port.zoneRule();
    if (rule === null || rule === written) return;
    try {
      keeper.current()?.writer.meta("zone", rule);
      written = rule;
    } catch {
      // An unwritable file: the zone is kept in memory, the recorder says what fails.
    }
  });

  // A far move of the device's location (known with the device password) starts the shares' learning anew.
  const stopPlace = watchPlace(keeper, port, log);

  for (const route of historyHandlers(keeper)) {
    app.get(route.path, async (req: FastifyRequest, reply: FastifyReply) => {
      const need = route.auth === "admin" ? "admin" : "read";
      if (!allowed(await port.access(req.headers.authorization, req.socket.remoteAddress, need)))
        return reply.code(401).send();
      const out = await route.handle(new URLSearchParams(req.url.split("?", 2)[1] ?? ""), reply);
      if (!reply.sent && out !== undefined) {
        void reply.code(200).header("content-type", "application/json").send(JSON.stringify(out));
      }
      return reply;
    });
  }
  return {
    keeper,
    feed: { connected: () => port.connected() },
    access: port.probeAccess(),
    close() {
      stop();
      keepZone();
      stopPlace();
      keeper.close();
    },
  };
}
