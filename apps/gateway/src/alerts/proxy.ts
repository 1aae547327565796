/**
 * Alerts in proxy mode (`--device`): the source is the device's port (source.ts `portSource`: the gateway's one live
 * connection to the device, and the limit and power status read each minute); the API is answered here, not
 * forwarded. Access as on the device (API.md §2.1), asked through the port: the list follows the read rule (open
 * while the device's read-only access is on), everything else needs the device's admin credentials. POST bodies are
 * urlencoded (`data=<JSON>`), as the web app sends them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { drainBodies } from "../http/fastify.ts";
import { allowed } from "../port/access.ts";
import type { RealPort } from "../port/real/index.ts";
import { alertRoutes } from "./routes.ts";
import { createAlerts, type Alerts } from "./service.ts";
import { portSource, type PortAlertSource } from "./source.ts";

export interface ProxyAlertsOptions {
  dataDir: string;
  /** Evaluation and device-poll periods (default 10 s and 60 s). */
  tickMs?: number;
  pollMs?: number;
  /** Wall clock of the rules (tests move it by hand); default the port's clock. */
  now?: () => number;
  /** Console lines (default console.log); never a secret. */
  log?: (line: string) => void;
}

export interface ProxyAlerts {
  alerts: Alerts;
  source: PortAlertSource;
  /** The device's reads now, then one evaluation (tests call it instead of waiting for the timers). */
  refresh(): Promise<void>;
}

const BODY_LIMIT = 64 * 1024;

export async function attachProxyAlerts(
  app: FastifyInstance,
  port: RealPort,
  opts: ProxyAlertsOptions,
): Promise<ProxyAlerts> {
  const source = portSource(port, {
    watchDtu: true,
    readEveryMs: opts.pollMs ?? 60_000,
    ...(opts.now ? { now: opts.now } : {}),
  });
  const alerts = await createAlerts({
    dataDir: opts.dataDir,
    source,
    log: opts.log ?? ((line) => console.log(line)),
  });
  void alerts.tick();
  const ticking = setInterval(() => void alerts.tick(), opts.tickMs ?? 10_000);
  ticking.unref();

  await app.register(async (scope) => {
    drainBodies(scope);
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    for (const route of alertRoutes) {
      scope.route({
        method: route.method,
        url: route.path,
        handler: async (req: FastifyRequest, reply: FastifyReply) => {
          const need = route.auth === "read" ? "read" : "admin";
          const access = await port.access(req.headers.authorization, req.socket.remoteAddress, need);
          if (!allowed(access)) return reply.code(401).send();
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
    clearInterval(ticking);
    alerts.hub?.close();
    await alerts.close();
  });
  return {
    alerts,
    source,
    refresh: async () => {
      await port.refresh();
      await source.refresh(true);
      await alerts.tick();
    },
  };
}
