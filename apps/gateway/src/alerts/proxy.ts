/**
 * Alerts in proxy mode (`--device`): the source is the history recorder's own device connection plus a minute's read
 * GETs (proxySource.ts); the API is answered here, not forwarded. Access as on the device (API.md §2.1): the list
 * follows the read rule (open while the device's read-only access is on), everything else needs the device's admin
 * credentials, checked by asking the device (history/deviceAccess.ts: `/api/security/authenticate`, cached a few
 * seconds). POST bodies are urlencoded (`data=<JSON>`), as the web app sends them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createDeviceAccess } from "../history/deviceAccess.ts";
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
  /** Console lines (default console.log); never a secret. */
  log?: (line: string) => void;
}

export interface ProxyAlerts {
  alerts: Alerts;
  source: ProxySource;
  /** The minute's read GETs, then one evaluation (tests call it instead of waiting for the timers). */
  refresh(): Promise<void>;
  /** Hand every live document of the recorder's connection here. */
  document(doc: unknown): void;
}

const BODY_LIMIT = 64 * 1024;

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
  const alerts = await createAlerts({
    dataDir: opts.dataDir,
    source,
    log: opts.log ?? ((line) => console.log(line)),
  });
  // The device's own rule, asked at each request (cached a few seconds), as for history (history/deviceAccess.ts).
  const access = createDeviceAccess({ device, clock: { now: () => Date.now() } });
  const poll = (): Promise<void> => source.poll();
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
          const need = route.auth === "read" ? "read" : "admin";
          if (!(await access.allowed(req.headers.authorization, need))) return reply.code(401).send();
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
