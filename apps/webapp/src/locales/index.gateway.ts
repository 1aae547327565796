import { joinAreas, type Area } from "./define";
import type { Areas, LazyArea } from "./index";
import common from "./common";
import apiresponse from "./apiresponse";
import login from "./login";
import live from "./live";
import grid from "./grid";
import network from "./network";
import lastread from "./lastread";
import gateway from "./gateway";
import alerts from "./alerts";
import history from "./history";
import overview from "./overview";
import zeroexport from "./zeroexport";
import meter from "./meter";

// The gateway build's ./index.ts (scripts/build-kind.mjs puts a `.gateway` sibling in place of its module; README
// "Two builds", docs/PERFORMANCE.md): its entry holds only the areas `/` uses (live view, login, menu, toasts,
// results); every other area, or an area's second part, is a chunk of its own, loaded together with the screen that
// needs it (app/screenTexts.ts) before that screen renders, all three languages at once. Types, keys and LOCALES
// are index.ts's.

export type { Areas, LazyArea, Locale, MessageKey } from "./index";
export const LOCALES = ["en", "de", "fr"] as const;

/**
 * The areas loaded so far, under their prefix. Typed as every area (as index.ts): a key of an area not loaded yet
 * finds no text (lib/i18n.ts `lookup` reads `areas[area]?.[locale]`); screenTexts.test.ts checks that no screen
 * renders before its areas are in.
 */
export const areas = {
  common,
  apiresponse,
  login,
  live,
  grid,
  network,
  lastread,
  gateway,
  alerts,
  history,
  overview,
  zeroexport,
  meter,
} satisfies Partial<Record<keyof Areas, Area<string>>> as Areas;

/** Each lazy area's chunk: a whole area, or the second part of one whose first part is above. */
const chunks: Record<LazyArea, () => Promise<{ default: Area<string> }>> = {
  about: () => import("./about"),
  check: () => import("./check"),
  config: () => import("./config"),
  console: () => import("./console"),
  device: () => import("./device"),
  dtu: () => import("./dtu"),
  firmware: () => import("./firmware"),
  info: () => import("./info"),
  inverters: () => import("./inverters"),
  mqtt: () => import("./mqtt"),
  ntp: () => import("./ntp"),
  reboot: () => import("./reboot"),
  security: () => import("./security"),
  alerts: () => import("./alerts.screens"),
  history: () => import("./history.screens"),
  overview: () => import("./overview.screens"),
  zeroexport: () => import("./zeroexport.screens"),
  meter: () => import("./meter.screens"),
};

const loading = new Map<LazyArea, Promise<void>>();

/**
 * Loads `names` once each and adds them to `areas` (a second part joined to its first). A failed load is forgotten,
 * so the next visit tries again; the screen's own lazy import fails with it (the app's error view).
 */
export function loadAreas(names: readonly LazyArea[]): Promise<void> {
  return Promise.all(
    names.map((name) => {
      let p = loading.get(name);
      if (!p) {
        p = chunks[name]().then(
          ({ default: area }) => {
            const all = areas as Record<string, Area<string>>;
            const first = all[name];
            all[name] = first ? joinAreas(first, area) : area;
          },
          (e: unknown) => {
            loading.delete(name);
            throw e;
          },
        );
        loading.set(name, p);
      }
      return p;
    }),
  ).then(() => undefined);
}
