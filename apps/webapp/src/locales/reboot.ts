import { defineArea } from "./define";

// Device reboot (SEED §2).
export default defineArea({
  en: {
    intro: "Restart the device. Live data and settings are unavailable for a few seconds.",
    button: "Reboot",
    confirmTitle: "Reboot the device?",
    confirmText: "The device restarts at once. This page waits until it answers again.",
  },
  de: {
    intro: "Das Gerät neu starten. Live-Daten und Einstellungen sind für einige Sekunden nicht erreichbar.",
    button: "Neu starten",
    confirmTitle: "Gerät neu starten?",
    confirmText: "Das Gerät startet sofort neu. Diese Seite wartet, bis es wieder antwortet.",
  },
  fr: {
    intro:
      "Redémarrer l'appareil. Les données en direct et les réglages sont indisponibles quelques secondes.",
    button: "Redémarrer",
    confirmTitle: "Redémarrer l'appareil ?",
    confirmText: "L'appareil redémarre immédiatement. Cette page attend qu'il réponde de nouveau.",
  },
});
