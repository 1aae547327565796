import { joinAreas, type Area } from "./define";
import common from "./common";
import apiresponse from "./apiresponse";
import login from "./login";
import live from "./live";
import reboot from "./reboot";
import firmware from "./firmware";
import config from "./config";
import device from "./device";
import info from "./info";
import consoleArea from "./console";
import about from "./about";
import inverters from "./inverters";
import check from "./check";
import network from "./network";
import ntp from "./ntp";
import mqtt from "./mqtt";
import security from "./security";
import dtu from "./dtu";
import grid from "./grid";
import alerts from "./alerts";
import alertsScreens from "./alerts.screens";
import history from "./history";
import historyScreens from "./history.screens";
import lastread from "./lastread";
import gateway from "./gateway";
import overview from "./overview";
import overviewScreens from "./overview.screens";
import zeroexport from "./zeroexport";
import zeroexportScreens from "./zeroexport.screens";
import meter from "./meter";
import meterScreens from "./meter.screens";

/** Every locale area of the device's screens, one line each. The key of an entry is the prefix of its messages: `common.save`. */
const deviceAreas = {
  common,
  apiresponse,
  login,
  live,
  reboot,
  firmware,
  config,
  device,
  info,
  console: consoleArea,
  about,
  inverters,
  check,
  network,
  ntp,
  mqtt,
  security,
  dtu,
  grid,
} satisfies Record<string, Area<string>>;

/**
 * The areas of the gateway's own screens (README "Two builds"), one line each: only the gateway build has them. An
 * area in two parts (`alerts.ts` for the live view and the menu, `alerts.screens.ts` for its screens) is joined here;
 * the gateway build loads the second part with its screens (index.gateway.ts). Pure: the device build drops it.
 */
const gatewayAreas = {
  alerts: /* @__PURE__ */ joinAreas(alerts, alertsScreens),
  history: /* @__PURE__ */ joinAreas(history, historyScreens),
  lastread,
  gateway,
  overview: /* @__PURE__ */ joinAreas(overview, overviewScreens),
  zeroexport: /* @__PURE__ */ joinAreas(zeroexport, zeroexportScreens),
  meter: /* @__PURE__ */ joinAreas(meter, meterScreens),
} satisfies Record<string, Area<string>>;

export type Areas = typeof deviceAreas & typeof gatewayAreas;

/**
 * The areas of this build. Typed with every area (keys of gateway screens are valid everywhere in the source), but
 * `__GATEWAY_BUILD__` is the literal `false` in the device build, so its texts are dropped there.
 */
export const areas: Areas = __GATEWAY_BUILD__ ? { ...deviceAreas, ...gatewayAreas } : (deviceAreas as Areas);

export const LOCALES = ["en", "de", "fr"] as const;
export type Locale = (typeof LOCALES)[number];

/** Every message key, typed from the English texts. */
export type MessageKey = {
  [A in keyof Areas]: `${A & string}.${keyof Areas[A]["en"] & string}`;
}[keyof Areas];

/**
 * The areas (or second parts) that the gateway build loads with the screens using them, not in its entry
 * (index.gateway.ts, docs/PERFORMANCE.md): those no part of `/` uses. app/screenTexts.ts says which screen needs
 * which; screenTexts.test.ts checks that against the screens' code.
 */
export type LazyArea =
  | "about"
  | "check"
  | "config"
  | "console"
  | "device"
  | "dtu"
  | "firmware"
  | "info"
  | "inverters"
  | "mqtt"
  | "ntp"
  | "reboot"
  | "security"
  | "alerts"
  | "history"
  | "overview"
  | "zeroexport"
  | "meter";

/** Makes the texts of `names` available (index.gateway.ts). Here every area is in from the start: nothing to load. */
export const loadAreas: (names: readonly LazyArea[]) => Promise<void> = () => Promise.resolve();
