/**
 * Alerts in simulated mode: the device's port is the source (source.ts `portSource`), evaluated every 10 s from a
 * timer of our own (not while the device does not answer: the simulated reboot's outage), the API joins the
 * gateway's route table (auth classes applied there).
 */
import type { FastifyInstance } from "fastify";
import type { DevicePort } from "../port/contract.ts";
import { readDataField } from "../http/form.ts";
import type { RouteDef } from "../routes/index.ts";
import { alertRoutes, tooLargeAnswer } from "./routes.ts";
import type { Usual } from "./rules.ts";
import { createAlerts, type Alerts, type Delivery } from "./service.ts";
import { portSource, type PortAlertSource } from "./source.ts";

export interface SimAlertsOptions {
  /** Evaluation period (default 10 s); tests call `alerts.tick()` themselves with a long period. */
  tickMs?: number;
  delivery?: Delivery | null;
  usual?: Usual;
}

export interface SimAlerts {
  alerts: Alerts;
  /** What the rules look at (the meter is watched through it once attached). */
  source: PortAlertSource;
  routes: RouteDef[];
  /** Ties the alerts' timer and streams to the server's life: ended when it closes. */
  attach(app: FastifyInstance): void;
}

export async function startSimAlerts(
  port: DevicePort,
  dataDir: string,
  log: (line: string) => void,
  opts: SimAlertsOptions,
): Promise<SimAlerts> {
  const source = portSource(port, { watchDtu: false, readEveryMs: 0 });
  const alerts = await createAlerts({
    dataDir,
    source,
    log,
    ...(opts.delivery !== undefined ? { delivery: opts.delivery } : {}),
    ...(opts.usual ? { usual: opts.usual } : {}),
  });
  const timer = setInterval(() => {
    if (port.snapshot().reachable) void alerts.tick();
  }, opts.tickMs ?? 10_000);
  timer.unref();
  const routes: RouteDef[] = alertRoutes.map((r) => ({
    name: r.name,
    method: r.method,
    path: r.path,
    auth: r.auth,
    ...(r.method === "POST" ? { tooLarge: tooLargeAnswer } : {}),
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
  return { alerts, source, routes, attach };
}
