/**
 * Alerts in simulated mode: the fleet is the source (simSource.ts), evaluated every 10 s from a timer of our own
 * (not during the simulated reboot's outage), the API joins the gateway's route table (auth classes applied there).
 */
import type { FastifyInstance } from "fastify";
import type { Gateway } from "../device/gateway.ts";
import { readDataField } from "../http/form.ts";
import type { RouteDef } from "../routes/index.ts";
import { alertRoutes } from "./routes.ts";
import type { Usual } from "./rules.ts";
import { createAlerts, type Alerts, type Delivery } from "./service.ts";
import { simSource } from "./simSource.ts";

export interface SimAlertsOptions {
  /** Evaluation period (default 10 s); tests call `alerts.tick()` themselves with a long period. */
  tickMs?: number;
  delivery?: Delivery | null;
  usual?: Usual;
}

export interface SimAlerts {
  alerts: Alerts;
  routes: RouteDef[];
  /** Ties the alerts' timer and streams to the server's life: ended when it closes. */
  attach(app: FastifyInstance): void;
}

export async function startSimAlerts(gw: Gateway, opts: SimAlertsOptions): Promise<SimAlerts> {
  const alerts = await createAlerts({
    dataDir: gw.dataDir,
    source: simSource({
      fleet: gw.fleet,
      clock: gw.clock,
      config: () => gw.config,
      hostname: () => gw.identity.hostname(),
    }),
    log: (line) => gw.log(line),
    ...(opts.delivery !== undefined ? { delivery: opts.delivery } : {}),
    ...(opts.usual ? { usual: opts.usual } : {}),
  });
  const timer = setInterval(() => {
    if (!gw.inOutage()) void alerts.tick();
  }, opts.tickMs ?? 10_000);
  timer.unref();
  const routes: RouteDef[] = alertRoutes.map((r) => ({
    name: r.name,
    method: r.method,
    path: r.path,
    auth: r.auth,
    handler: async ({ req, reply, query }) => {
      const data = r.method === "POST" ? await readDataField(req).catch(() => undefined) : undefined;
      return r.handle({ alerts, query, data, req, reply });
    },
  }));
  const attach = (app: FastifyInstance): void => {
    // Open event streams would hold the server's close: ended first.
    app.addHook("preClose", async () => alerts.hub?.close());
    app.addHook("onClose", async () => {
      clearInterval(timer);
      await alerts.close();
    });
  };
  return { alerts, routes, attach };
}
