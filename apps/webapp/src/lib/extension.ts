/**
 * The device build's extension points: where a script served next to the app attaches to the running app. Today
 * that is the gateway's History chunk (apps/webapp/history/boot.tsx, README "Extension points"), which adds a menu
 * entry, a screen of its own and a line under the live totals. The device build carries no code and no markup for
 * this (its size budget has no room for even an id): the points are elements the app has for its own reasons, named
 * here once. src/app/extension.test.tsx renders the app's parts and fails when the markup moves away from them.
 * Only extensions import this file; the app itself does not, so it is not in the device build.
 */

/** Ids the app keeps: the menu's collapsible container (the toggler's `aria-controls`), and every screen's `<main>`. */
export const EXTENSION_IDS = { menu: "main-nav", screen: "main" } as const;

export interface ExtensionPoints {
  /** The menu list; its first entry is the live view. */
  menu: HTMLUListElement | null;
  /** The button that opens the menu at phone width. */
  toggler: HTMLButtonElement | null;
  /** The current screen (the not-found screen on a path only an extension knows). */
  screen: HTMLElement | null;
  /** On the live view: the row of total cards (the screen's first `.row`). */
  totals: HTMLElement | null;
}

/** The points present right now (null while the app has not rendered them). */
export function extensionPoints(doc: Document = document): ExtensionPoints {
  const screen = doc.getElementById(EXTENSION_IDS.screen);
  return {
    menu: doc.getElementById(EXTENSION_IDS.menu)?.querySelector("ul") ?? null,
    toggler: doc.querySelector<HTMLButtonElement>(`button[aria-controls="${EXTENSION_IDS.menu}"]`),
    screen,
    totals: screen?.querySelector<HTMLElement>(".row") ?? null,
  };
}
