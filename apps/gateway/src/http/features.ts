/**
 * `GET /api/gateway/features` (issue 20; packages/api/src/gateway.ts): what this server offers beyond the device,
 * so the gateway build lists only the gateway screens that have something to show. No auth: it names features, not
 * data (the screens' own requests keep their access rules). Both modes register it (app.ts, proxy/app.ts).
 */
import type { FastifyInstance } from "fastify";
import { gatewayEndpoints, type GatewayFeatures } from "@dtu/api/gateway";
import { sendFreshJson } from "./freshJson.ts";

export function addFeaturesRoute(
  app: FastifyInstance,
  features: () => GatewayFeatures | Promise<GatewayFeatures>,
): void {
  app.get(gatewayEndpoints.features.path, async (_req, reply) => {
    const body: GatewayFeatures = await features();
    // Can change while the page is open (proxy mode: the recorder's access), so never cached.
    return sendFreshJson(reply, body);
  });
}
