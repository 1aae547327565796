/**
 * Alerts in proxy mode (`--device`): the source is the history recorder's own device connection plus a minute's read
 * GETs (proxySource.ts); the API is answered here, not forwarded. Access as on the device (API.md §2.1): the list
 * follows the read rule (open while the device's read-only access is on), everything else needs the device's admin
 * credentials, checked by asking the device (`/api/security/authenticate`, cached for a minute). POST bodies are
 * urlencoded (`data=<JSON>`), as the web app sends them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { endpoints } from "@dtu/api/endpoints";
import { probeAccess } from "../history/proxyFeed.ts";
import { proxySource, type ProxySource } from "./proxySource.ts";
import { alertRoutes } from "./routes.ts";
import { createAlerts, type Alerts } from "./service.ts";

export interface ProxyAlertsOptions {
  dataDir: string;
  /** The recorder's credentials for the device (also used for `/api/ntp/config`, the location). */
  user?: string;
  password?: string;
  /** Evaluation and device-poll periods (default 10 s and 60 s). */
  tickMs?: number;
  pollMs?: number;
  /** Wall clock of the rules (tests move it by hand); default Date.now. */
  now?: () => number;
}

export interface ProxyAlerts {
  alerts: Alerts;
  source: ProxySource;
  /** The minute's read GETs, then one evaluation (tests call it instead of waiting for the timers). */
  refresh(): Promise<void>;
  /** Hand every live document of the recorder's connection here. */
  document(doc: unknown): void;
}

const AUTH_CACHE_MS = 60_000;
const READ_CHECK_MS = 10 * 60_000;
const BODY_LIMIT = 64 * 1024;

/** Admin credentials as the device judges them, cached per header for a minute. */
function deviceAuth(device: URL): (header: string | undefined) => Promise<boolean> {
  const accepted = new Map<string, number>();
  return async (header) => {
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
  };
}

export async function attachProxyAlerts(
  app: FastifyInstance,
  device: URL,
  opts: ProxyAlertsOptions,
): Promise<ProxyAlerts> {
  const auth =
    opts.password !== undefined
      ? `Basic ${Buffer.from(`${opts.user ?? "admin"}:${opts.password}`).toString("base64")}`
      : null;
  const source = proxySource({ device, auth, ...(opts.now ? { now: opts.now } : {}) });
  const alerts = await createAlerts({ dataDir: opts.dataDir, source, log: (line) => console.log(line) });
  const isAdmin = deviceAuth(device);
  let readOpen = false;
  let readCheckedAt = -Infinity;
  // A live-data GET without credentials: every 10 minutes is enough to follow a change of the device's setting.
  const checkRead = async (): Promise<void> => {
    if (Date.now() - readCheckedAt < READ_CHECK_MS) return;
    readCheckedAt = Date.now();
    readOpen = (await probeAccess(device, null)) === "open";
  };

  const poll = async (): Promise<void> => {
    await Promise.all([source.poll(), checkRead()]);
  };
  void poll().then(() => alerts.tick());
  const polling = setInterval(() => void poll(), opts.pollMs ?? 60_000);
  const ticking = setInterval(() => void alerts.tick(), opts.tickMs ?? 10_000);
  polling.unref();
  ticking.unref();

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.addContentTypeParser("*", (_req, payload, done) => {
      payload.on("error", () => done(null, undefined));
      payload.on("end", () => done(null, undefined));
      payload.resume();
    });
    for (const route of alertRoutes) {
      scope.route({
        method: route.method,
        url: route.path,
        handler: async (req: FastifyRequest, reply: FastifyReply) => {
          const allowed = route.auth === "read" && readOpen ? true : await isAdmin(req.headers.authorization);
          if (!allowed) return reply.code(401).send();
          const data =
            typeof req.body === "string"
              ? (new URLSearchParams(req.body).get("data") ?? undefined)
              : undefined;
          const query = new URLSearchParams(req.url.split("?", 2)[1] ?? "");
          const out = await route.handle({ alerts, query, data, req, reply });
          if (!reply.sent && out !== undefined)
            void reply.code(200).header("content-type", "application/json").send(JSON.stringify(out));
          return reply;
        },
      });
    }
  });

  app.addHook("preClose", async () => {
    clearInterval(polling);
    clearInterval(ticking);
    alerts.hub?.close();
    await alerts.close();
  });
  return {
    alerts,
    source,
    refresh: async () => {
      await poll();
      await alerts.tick();
    },
    document: (doc) => source.document(doc),
  };
}
