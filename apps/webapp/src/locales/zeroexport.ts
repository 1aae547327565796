import { defineArea } from "./define";

// The zero-export text the menu shows on every page of the gateway build (its entry). The rest, which only the Zero
// export screen uses, is in zeroexport.screens.ts (one area: `zeroexport.` keys in both; the gateway build loads that
// part with the screen, locales/index.gateway.ts). Gateway build only. Written for this project.
export default defineArea({
  en: { title: "Zero export" },
  de: { title: "Nulleinspeisung" },
  fr: { title: "Injection zéro" },
});
