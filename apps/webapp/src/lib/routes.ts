import type { GatewayScreenPath } from "@dtu/api/screens";

/** Every route of SEED §2, in one object. Use `paths.x` everywhere; never write a route as a literal. */
export const paths = {
  home: "/",
  login: "/login",
  about: "/about",
  infoSystem: "/info/system",
  infoNetwork: "/info/network",
  infoNtp: "/info/ntp",
  infoMqtt: "/info/mqtt",
  infoConsole: "/info/console",
  settingsNetwork: "/settings/network",
  settingsNtp: "/settings/ntp",
  settingsMqtt: "/settings/mqtt",
  settingsInverter: "/settings/inverter",
  settingsSecurity: "/settings/security",
  settingsDtu: "/settings/dtu",
  settingsDevice: "/settings/device",
  settingsConfig: "/settings/config",
  firmwareUpgrade: "/firmware/upgrade",
  maintenanceReboot: "/maintenance/reboot",
} as const;

/**
 * Routes of the gateway's own screens (README "Two builds", "Add a gateway screen"): only the gateway build has
 * them. Declared once in `@dtu/api/screens`, which the gateway's top level and the e2e route walks read too. Read
 * this object only under `__GATEWAY_BUILD__`, so that the device build drops it with the screens.
 */
export { gatewayScreenPaths as gatewayPaths } from "@dtu/api/screens";

export type PathName = keyof typeof paths;
export type {
  GatewayScreenName as GatewayPathName,
  GatewayScreenPath as GatewayPath,
} from "@dtu/api/screens";
export type DevicePath = (typeof paths)[PathName];
export type Path = DevicePath | GatewayScreenPath;

/** Routes that send a logged-out visitor to the login first (SEED §2, §6). */
export const guardedPaths: readonly Path[] = [paths.firmwareUpgrade, paths.maintenanceReboot];

/** `/login?returnUrl=…` for coming back to `path` after login. */
export function loginUrl(returnUrl: string): string {
  return `${paths.login}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

/** The returnUrl of the login page: only a local path is accepted (no open redirect). */
export function safeReturnUrl(search: string): string {
  const v = new URLSearchParams(search).get("returnUrl");
  return v && v.startsWith("/") && !v.startsWith("//") ? v : paths.home;
}
