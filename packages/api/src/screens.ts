/**
 * The gateway's own screens, declared once (issue 30 §5): their routes and where they are served. The web app
 * (apps/webapp/src/lib/routes.ts, app/gatewayScreens.ts), the gateway (apps/gateway/src/multi/top.ts: which paths
 * the top level answers with the page) and the e2e route walks (e2e/screens.ts) read these, so a new screen is
 * added here once. The gateway and the web app never import each other: this is the place both can read.
 *
 * Plain literals, no code: the web app reads them only under `__GATEWAY_BUILD__`, so the device build drops them.
 */

/**
 * Screens of a device's app that only the gateway build has (README "Two builds"): served on every device, at `/`
 * with one device and under `/d/NAME/` with several. Object order is the menu's order.
 */
export const gatewayScreenPaths = {
  history: "/history",
  alerts: "/alerts",
  settingsAlerts: "/settings/alerts",
  zeroExport: "/zeroexport",
  /** The household meter's settings (issue 31 §5). */
  settingsMeter: "/settings/meter",
} as const;

/**
 * Screens of the top level of a gateway with several devices (issue 24 §4–5), in the top menu's order: the overview
 * at `/` and the energy of all devices at `/history`.
 */
export const topScreenPaths = {
  overview: "/",
  allHistory: "/history",
} as const;

/** The device route the top level serves too: its own login (no top-level session, apps/gateway/src/multi/top.ts). */
export const TOP_LOGIN_PATH = "/login";

export type GatewayScreenName = keyof typeof gatewayScreenPaths;
export type GatewayScreenPath = (typeof gatewayScreenPaths)[GatewayScreenName];
export type TopScreenName = keyof typeof topScreenPaths;
export type TopScreenPath = (typeof topScreenPaths)[TopScreenName];

/** Every path the top level answers with the web app's page: its screens and its login. */
export function topPagePaths(): readonly string[] {
  return [...Object.values(topScreenPaths), TOP_LOGIN_PATH];
}
