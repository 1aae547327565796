/**
 * History for the proxy (issue 14 §1–2): `<data>/history.db` fed by the gateway's own device connection
 * (proxyFeed.ts), the `/api/history/*` routes answered here instead of being forwarded, and the History chunk.
 * Read access as on the device (API.md §2.1): open while the device's read-only access is on, else the request's
 * Basic credentials must be accepted by the device (`/api/security/authenticate`, cached for a minute).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { endpoints } from "@dtu/api/endpoints";
import type { PosixTz } from "../time/posixTz.ts";
import { createFeed } from "./feed.ts";
import { openHistory, type History } from "./index.ts";
import { probeAccess, startDeviceFeed, type Access, type DeviceFeed } from "./proxyFeed.ts";
import { historyHandlers } from "./routes.ts";
import { attachHistorySite, type HistorySite } from "./site.ts";
import { getMeta } from "./store.ts";
import { safeParse } from "../time/clock.ts";

export interface ProxyHistoryOptions {
  dataDir: string;
  rawDays?: number;
  user?: string;
  password?: string;
  /** Every live document of the recorder's connection (the alerts' source in proxy mode). */
  onDocument?: (doc: unknown) => void;
}

export interface ProxyHistory {
  history: History;
  feed: DeviceFeed;
  site: HistorySite;
  /** The device's answer to a read request at start (for the start message). */
  access: Promise<Access>;
  close(): void;
}

const AUTH_CACHE_MS = 60_000;

export function startProxyHistory(
  app: FastifyInstance,
  device: URL,
  opts: ProxyHistoryOptions,
): ProxyHistory {
  const auth =
    opts.password !== undefined
      ? `Basic ${Buffer.from(`${opts.user ?? "admin"}:${opts.password}`).toString("base64")}`
      : null;
  let zone: PosixTz = safeParse("UTC0");
  const history = openHistory({
    dataDir: opts.dataDir,
    zone: () => zone,
    clock: { now: () => Date.now() },
    ...(opts.rawDays ? { rawDays: opts.rawDays } : {}),
  });
  const known = getMeta(history.db, "zone");
  if (known) zone = safeParse(known);
  const feed = startDeviceFeed({
    device,
    auth,
    feed: createFeed(history.recorder, () => Date.now()),
    setZone: (tz, rule) => {
      zone = tz;
      history.writer.meta("zone", rule);
    },
    ...(opts.onDocument ? { onDocument: opts.onDocument } : {}),
  });
  const access = probeAccess(device, auth);

  let readOpen = false;
  void access.then((a) => (readOpen = a === "open"));
  const accepted = new Map<string, number>();
  async function allowed(req: FastifyRequest): Promise<boolean> {
    if (readOpen) return true;
    const header = req.headers.authorization;
    if (!header) return false;
    if ((accepted.get(header) ?? 0) > Date.now()) return true;
    try {
      const res = await fetch(new URL(endpoints.authenticate.path, device), {
        headers: { authorization: header },
        signal: AbortSignal.timeout(4000),
      });
      await res.body?.cancel();
      if (!res.ok) return false;
      accepted.set(header, Date.now() + AUTH_CACHE_MS);
      return true;
    } catch {
      return false;
    }
  }

  for (const route of historyHandlers(() => history)) {
    app.get(route.path, async (req: FastifyRequest, reply: FastifyReply) => {
      if (!(await allowed(req))) return reply.code(401).send();
      const out = route.handle(new URLSearchParams(req.url.split("?", 2)[1] ?? ""), reply);
      if (!reply.sent && out !== undefined) {
        void reply.code(200).header("content-type", "application/json").send(JSON.stringify(out));
      }
      return reply;
    });
  }
  const site = attachHistorySite(app);
  return {
    history,
    feed,
    site,
    access,
    close() {
      feed.close();
      history.close();
    },
  };
}
