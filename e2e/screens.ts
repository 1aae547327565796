import { gatewayScreenPaths, topScreenPaths } from "@dtu/api/screens";

/** Every route of SEED §2 (the device's), in the navbar's order: the list the route walks (routes, proxy) go through. */
export const SCREENS = [
  "/",
  "/login",
  "/about",
  "/info/system",
  "/info/network",
  "/info/ntp",
  "/info/mqtt",
  "/info/console",
  "/settings/network",
  "/settings/ntp",
  "/settings/mqtt",
  "/settings/inverter",
  "/settings/security",
  "/settings/dtu",
  "/settings/device",
  "/settings/config",
  "/firmware/upgrade",
  "/maintenance/reboot",
] as const;

/**
 * The gateway build's own routes (declared once in packages/api/src/screens.ts, the web app's
 * apps/webapp/src/app/gatewayScreens.ts): walked on the gateway build only.
 */
export const GATEWAY_SCREENS = Object.values(gatewayScreenPaths);

/**
 * The top level of a gateway with several devices (packages/api/src/screens.ts `topScreenPaths`, the web app's
 * `topScreens`): the overview and the energy of all devices, in the menu's order. Walked with axe by devices.e2e.ts.
 */
export const TOP_SCREENS = Object.values(topScreenPaths);
