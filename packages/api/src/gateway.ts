import type { EndpointDef } from "./endpoints.ts";

/**
 * What a gateway offers beyond the device (issue 20, README "Two builds"): our extension, not on the device.
 * `GET /api/gateway/features` (no auth: it names features, not data) answers which of the gateway's own screens
 * have something to show right now. The gateway build lists a gateway screen in its menu only when its flag is true.
 * A real device answers the same path with its SPA index page (API.md §3.21), which the app reads as "nothing".
 *
 * To add a feature: a flag here (false in NO_GATEWAY_FEATURES), set by the gateway in apps/gateway/src/http/features.ts,
 * and named by the screen's entry in apps/webapp/src/app/gatewayScreens.ts.
 */
export interface GatewayFeatures {
  /** History is recorded (always in simulated mode; in proxy mode while the recorder can read the device). */
  history: boolean;
  /** Alerts run (issue 23: both modes, unless started without them): the Alerts screens and the open-alerts badge. */
  alerts: boolean;
  /**
   * This is the top level of a gateway with several devices (issue 24 §4), each under `/d/NAME/`: the app's `/` is
   * the overview. Only the top level says true; a device's own app under `/d/NAME/` says false.
   */
  devices: boolean;
  /**
   * The household meter runs for this device (issue 31: `/api/meter/*`). Absent from servers without one (and from
   * gateways before it): read as false.
   */
  meter?: boolean;
  /** Zero export runs for this device (issue 32: `/api/zeroexport/*`). Absent from servers without it: false. */
  zeroexport?: boolean;
}

/** The answer of a server that offers nothing extra (a device, an error, not answered yet). */
export const NO_GATEWAY_FEATURES: GatewayFeatures = { history: false, alerts: false, devices: false };

export const gatewayEndpoints = {
  features: { method: "GET", path: "/api/gateway/features", auth: "none" } as EndpointDef<
    GatewayFeatures,
    never
  >,
};
