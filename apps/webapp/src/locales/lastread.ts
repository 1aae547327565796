import { defineArea } from "./define";

// Last known values from the gateway's history on its live view (issue 25 item 4; gateway build only:
// locales/index.ts). Written for this project.
export default defineArea({
  en: {
    yieldYesterday: "Yield yesterday",
    yieldOn: "Yield on {date}",
    lastKnown: "last known, {when}",
    whenToday: "today at {time}",
    whenYesterday: "yesterday at {time}",
    whenOn: "on {date}",
    panel: "Last read {when} (from the gateway's history)",
    totals:
      "Not read since the start ({n}): total yield {value} kWh, last read {when} (from the gateway's history)",
  },
  de: {
    yieldYesterday: "Ertrag gestern",
    yieldOn: "Ertrag am {date}",
    lastKnown: "zuletzt bekannt, {when}",
    whenToday: "heute um {time}",
    whenYesterday: "gestern um {time}",
    whenOn: "am {date}",
    panel: "Zuletzt gelesen {when} (aus dem Verlauf des Gateways)",
    totals:
      "Seit dem Start nicht gelesen ({n}): Gesamtertrag {value} kWh, zuletzt gelesen {when} (aus dem Verlauf des Gateways)",
  },
  fr: {
    yieldYesterday: "Production d'hier",
    yieldOn: "Production du {date}",
    lastKnown: "dernière valeur connue, {when}",
    whenToday: "aujourd'hui à {time}",
    whenYesterday: "hier à {time}",
    whenOn: "le {date}",
    panel: "Dernière lecture {when} (historique de la passerelle)",
    totals:
      "Non lus depuis le démarrage ({n}) : production totale {value} kWh, dernière lecture {when} (historique de la passerelle)",
  },
});
