import type { Area } from "./define";
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

/** Every locale area, one line each. The key of an entry is the prefix of its messages: `common.save`. */
export const areas = {
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

export const LOCALES = ["en", "de", "fr"] as const;
export type Locale = (typeof LOCALES)[number];

type Areas = typeof areas;
/** Every message key, typed from the English texts. */
export type MessageKey = {
  [A in keyof Areas]: `${A & string}.${keyof Areas[A]["en"] & string}`;
}[keyof Areas];
