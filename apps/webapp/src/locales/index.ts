import type { Area } from "./define";
import common from "./common";
import apiresponse from "./apiresponse";
import login from "./login";

/** Every locale area, one line each. The key of an entry is the prefix of its messages: `common.save`. */
export const areas = {
  common,
  apiresponse,
  login,
} satisfies Record<string, Area<string>>;

export const LOCALES = ["en", "de", "fr"] as const;
export type Locale = (typeof LOCALES)[number];

type Areas = typeof areas;
/** Every message key, typed from the English texts. */
export type MessageKey = {
  [A in keyof Areas]: `${A & string}.${keyof Areas[A]["en"] & string}`;
}[keyof Areas];
