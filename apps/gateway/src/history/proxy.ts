/**
 * History for the proxy (issue 14 §1–2): `<data>/history.db` fed by the gateway's own device connection
 * (proxyFeed.ts), the `/api/history/*` routes answered here instead of being forwarded.
 * Read access as on the device (API.md §2.1), asked at every request (deviceAccess.ts, cached a few seconds); the
 * recorder says on the console when the device stops or starts letting it in. A history file that cannot be used
 * never stops the proxy (keeper.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../device/contracts.ts";
import type { PosixTz } from "../time/posixTz.ts";
import { safeParse } from "../time/clock.ts";
import { createDeviceAccess } from "./deviceAccess.ts";
import { createFeed } from "./feed.ts";
import { keepHistory, type HistoryKeeper } from "./keeper.ts";
import { createLiveTap, type LiveTap } from "./liveTap.ts";
import { probeAccess, startDeviceFeed, type Access, type DeviceFeed } from "./proxyFeed.ts";
import { historyHandlers } from "./routes.ts";
import { getMeta } from "./store.ts";

export interface ProxyHistoryOptions {
  dataDir: string;
  rawDays?: number;
  user?: string;
  password?: string;
  /** Every live document of the recorder's connection (the alerts' source in proxy mode). */
  onDocument?: (doc: unknown) => void;
  /** Host clock (default Date): the recorder's sample times and the access cache; tests drive it. */
  clock?: Clock;
  /** Console lines: access lost or regained, history problems (default console.log). */
  log?: (line: string) => void;
  /** How long the device's read rule and a login are trusted (default 3 s). */
  accessCacheMs?: number;
  /** First reconnect delay of the recorder's socket (default 2 s). */
  retryMs?: number;
}

export interface ProxyHistory {
  keeper: HistoryKeeper;
  feed: DeviceFeed;
  /** The recorder's connection for others to follow instead of opening their own (the several-device overview). */
  live: LiveTap;
  /** The device's answer to a read request at start (for the start message). */
  access: Promise<Access>;
  close(): void;
}

const LOST =
  "History: the device now refuses live data to the recorder (read-only access is off and no accepted " +
  "--device-password was given); nothing is recorded until it lets the recorder in again.";
const REGAINED = "History: the device gives live data to the recorder again; recording goes on.";

export function startProxyHistory(
  app: FastifyInstance,
  device: URL,
  opts: ProxyHistoryOptions,
): ProxyHistory {
  const clock: Clock = opts.clock ?? { now: () => Date.now() };
  const log = opts.log ?? ((line: string) => console.log(line));
  const auth =
    opts.password !== undefined
      ? `Basic ${Buffer.from(`${opts.user ?? "admin"}:${opts.password}`).toString("base64")}`
      : null;
  let zone: PosixTz = safeParse("UTC0");
  const keeper = keepHistory({
    dataDir: opts.dataDir,
    zone: () => zone,
    clock,
    ...(opts.rawDays ? { rawDays: opts.rawDays } : {}),
    log,
    onOpen: (h) => {
      const known = getMeta(h.db, "zone");
      if (known) zone = safeParse(known);
    },
  });
  // Said on the console when it changes; the start message says the first state (proxy/cli.ts historyLine).
  let granted: boolean | null = null;
  const live = createLiveTap();
  const feed = startDeviceFeed({
    device,
    auth,
    feed: createFeed(keeper.recorder, () => clock.now()),
    setZone: (tz, rule) => {
      zone = tz;
      try {
        keeper.current()?.writer.meta("zone", rule);
      } catch {
        // An unwritable file: the zone is kept in memory, the recorder says what fails.
      }
    },
    onDocument: (doc, full) => {
      opts.onDocument?.(doc);
      live.onDocument(doc, full);
    },
    onConnection: live.onConnection,
    onAccess: (now) => {
      if (granted !== null && now !== granted) log(now ? REGAINED : LOST);
      granted = now;
    },
    ...(opts.retryMs !== undefined ? { retryMs: opts.retryMs } : {}),
  });
  const access = probeAccess(device, auth);
  const rule = createDeviceAccess({
    device,
    clock,
    ...(opts.accessCacheMs !== undefined ? { cacheMs: opts.accessCacheMs } : {}),
  });

  for (const route of historyHandlers(keeper)) {
    app.get(route.path, async (req: FastifyRequest, reply: FastifyReply) => {
      if (!(await rule.allowed(req.headers.authorization, route.auth))) return reply.code(401).send();
      const out = await route.handle(new URLSearchParams(req.url.split("?", 2)[1] ?? ""), reply);
      if (!reply.sent && out !== undefined) {
        void reply.code(200).header("content-type", "application/json").send(JSON.stringify(out));
      }
      return reply;
    });
  }
  return {
    keeper,
    feed,
    live,
    access,
    close() {
      feed.close();
      keeper.close();
    },
  };
}
