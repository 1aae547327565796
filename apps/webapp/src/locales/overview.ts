import { defineArea } from "./define";

// The overview's texts in the menu of a gateway with several devices (its entry, the device switcher); the
// overview screen's own texts are in overview.screens.ts, loaded with it in the gateway build
// (locales/index.gateway.ts). Gateway build only. Written for this project.
export default defineArea({
  en: {
    title: "Overview",
    devices: "Devices",
  },
  de: {
    title: "Übersicht",
    devices: "Geräte",
  },
  fr: {
    title: "Vue d'ensemble",
    devices: "Appareils",
  },
});
