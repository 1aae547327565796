import { defineArea } from "./define";

// Texts of the overview of several devices and of the device switcher (gateway build only: locales/index.ts).
// Written for this project.
export default defineArea({
  en: {
    title: "Overview",
    devices: "Devices",
    all: "All devices",
    answering: "Answering",
    silentSince: "Not answering since {time}",
    inverters: "Inverters producing / answering / total",
    alerts: "Open alerts",
    alertsOf: "Open alerts of {name}",
    critical: "(critical: {count})",
    open: "Open {name}",
    none: "No devices.",
  },
  de: {
    title: "Übersicht",
    devices: "Geräte",
    all: "Alle Geräte",
    answering: "Antwortet",
    silentSince: "Antwortet nicht seit {time}",
    inverters: "Wechselrichter in Produktion / erreichbar / gesamt",
    alerts: "Offene Alarme",
    alertsOf: "Offene Alarme von {name}",
    critical: "(davon kritisch: {count})",
    open: "{name} öffnen",
    none: "Keine Geräte.",
  },
  fr: {
    title: "Vue d’ensemble",
    devices: "Appareils",
    all: "Tous les appareils",
    answering: "Répond",
    silentSince: "Ne répond plus depuis {time}",
    inverters: "Onduleurs en production / joignables / au total",
    alerts: "Alertes en cours",
    alertsOf: "Alertes en cours de {name}",
    critical: "(dont critiques : {count})",
    open: "Ouvrir {name}",
    none: "Aucun appareil.",
  },
});
