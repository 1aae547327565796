/**
 * The words of alerts in the alert language (en/de/fr, our own wording). A title is one line (mail subject, push
 * title); a detail says the values and the threshold. `{name}` etc. are filled from the observation's facts.
 */
import type { AlertKind, AlertLanguage } from "@dtu/api/alerts";

interface KindTexts {
  title: string;
  detail: string;
}

type Catalogue = Record<AlertKind, KindTexts> & {
  cleared: string;
  recovered: string;
  test: string;
  testText: string;
  summary: string;
  summaryEnergy: string;
  summaryInverter: string;
  summaryOpen: string;
  summaryNone: string;
  limit: string;
  power: string;
};

const EN: Catalogue = {
  inverter_silent: {
    title: "{name} is not answering",
    detail: "No answer for {minutes} min while the sun is up.",
  },
  weak_string: {
    title: "{name}: string {string} is weak",
    detail:
      "Share {share} % of the inverter's power, usually {usual} % (alert below {percent} % of usual, {minutes} min).",
  },
  not_producing: {
    title: "{name} answers but produces nothing",
    detail: "0 W for {minutes} min while other inverters produce. Switched off, or limit at 0?",
  },
  event_log: { title: "{name}: {message}", detail: "Event {id} in the inverter's log, since {time}." },
  dtu_silent: { title: "{name} (DTU) is not answering", detail: "No answer from the DTU for {minutes} min." },
  meter_silent: {
    title: "{name}: the household meter is not answering",
    detail: "No fresh reading from the meter for {minutes} min: grid power, import and export are unknown.",
  },
  zeroexport_paused: {
    title: "Zero export paused: the limit of {name} was changed by someone else",
    detail:
      "Zero export sends nothing until it is resumed on its screen: the limit came from the web app, MQTT or another client.",
  },
  zeroexport_unreachable: {
    title: "Zero export: {name} (DTU) is not answering",
    detail:
      "No answer from the DTU for {minutes} min while zero export is on: no limit can be sent, the last ones stay.",
  },
  radio: {
    title: "{name} (DTU): radio problem",
    detail: "The DTU reports a radio problem for {minutes} min.",
  },
  clock: {
    title: "{name} (DTU): clock not synchronised",
    detail: "The DTU's clock has not been set for {minutes} min; it polls no inverter without it.",
  },
  command_failed: {
    title: "{name}: {command} command failed",
    detail: "The inverter did not acknowledge the {command} command; the DTU keeps re-sending it.",
  },
  cleared: "Recovered: {title}",
  recovered: "The condition has been gone since {time}.",
  test: "Test from {name}",
  testText: "This is a test alert. If you can read it, the channel works.",
  summary: "{name}: daily summary {day}",
  summaryEnergy: "Energy {energy} kWh, peak {peak} W.",
  summaryInverter: "{name}: {energy} kWh",
  summaryOpen: "Open alerts:",
  summaryNone: "No open alerts.",
  limit: "limit",
  power: "power",
};

const DE: Catalogue = {
  inverter_silent: {
    title: "{name} antwortet nicht",
    detail: "Seit {minutes} min keine Antwort, obwohl die Sonne scheint.",
  },
  weak_string: {
    title: "{name}: String {string} liefert zu wenig",
    detail:
      "Anteil {share} % an der Leistung des Wechselrichters, üblich sind {usual} % (Alarm unter {percent} % des Üblichen, {minutes} min).",
  },
  not_producing: {
    title: "{name} antwortet, erzeugt aber nichts",
    detail: "Seit {minutes} min 0 W, während andere Wechselrichter erzeugen. Abgeschaltet oder Limit auf 0?",
  },
  event_log: {
    title: "{name}: {message}",
    detail: "Ereignis {id} im Protokoll des Wechselrichters, seit {time}.",
  },
  dtu_silent: {
    title: "{name} (DTU) antwortet nicht",
    detail: "Seit {minutes} min keine Antwort von der DTU.",
  },
  meter_silent: {
    title: "{name}: Der Stromzähler antwortet nicht",
    detail:
      "Seit {minutes} min kein frischer Messwert vom Zähler: Netzleistung, Bezug und Einspeisung sind unbekannt.",
  },
  zeroexport_paused: {
    title: "Nulleinspeisung pausiert: Das Limit von {name} wurde von jemand anderem geändert",
    detail:
      "Die Nulleinspeisung sendet nichts, bis sie auf ihrer Seite fortgesetzt wird: Das Limit kam von der Web-App, über MQTT oder von einem anderen Client.",
  },
  zeroexport_unreachable: {
    title: "Nulleinspeisung: {name} (DTU) antwortet nicht",
    detail:
      "Seit {minutes} min keine Antwort von der DTU, während die Nulleinspeisung an ist: Es kann kein Limit gesendet werden, die letzten bleiben.",
  },
  radio: { title: "{name} (DTU): Funkproblem", detail: "Die DTU meldet seit {minutes} min ein Funkproblem." },
  clock: {
    title: "{name} (DTU): Uhrzeit nicht synchronisiert",
    detail:
      "Die Uhr der DTU ist seit {minutes} min nicht gestellt; ohne sie fragt sie keinen Wechselrichter ab.",
  },
  command_failed: {
    title: "{name}: Befehl ({command}) fehlgeschlagen",
    detail: "Der Wechselrichter hat den Befehl ({command}) nicht bestätigt; die DTU sendet ihn erneut.",
  },
  cleared: "Behoben: {title}",
  recovered: "Der Zustand besteht seit {time} nicht mehr.",
  test: "Test von {name}",
  testText: "Dies ist ein Testalarm. Wenn Sie ihn lesen können, funktioniert der Kanal.",
  summary: "{name}: Tageszusammenfassung {day}",
  summaryEnergy: "Energie {energy} kWh, Spitze {peak} W.",
  summaryInverter: "{name}: {energy} kWh",
  summaryOpen: "Offene Alarme:",
  summaryNone: "Keine offenen Alarme.",
  limit: "Limit",
  power: "Ein/Aus",
};

const FR: Catalogue = {
  inverter_silent: {
    title: "{name} ne répond pas",
    detail: "Aucune réponse depuis {minutes} min alors que le soleil est levé.",
  },
  weak_string: {
    title: "{name} : la chaîne {string} produit trop peu",
    detail:
      "Part de {share} % de la puissance de l'onduleur, d'habitude {usual} % (alerte sous {percent} % de l'habituel, {minutes} min).",
  },
  not_producing: {
    title: "{name} répond mais ne produit rien",
    detail: "0 W depuis {minutes} min alors que les autres onduleurs produisent. Éteint, ou limite à 0 ?",
  },
  event_log: {
    title: "{name} : {message}",
    detail: "Événement {id} dans le journal de l'onduleur, depuis {time}.",
  },
  dtu_silent: { title: "{name} (DTU) ne répond pas", detail: "Aucune réponse du DTU depuis {minutes} min." },
  meter_silent: {
    title: "{name} : le compteur de la maison ne répond pas",
    detail:
      "Aucune mesure récente du compteur depuis {minutes} min : puissance réseau, soutirage et injection inconnus.",
  },
  zeroexport_paused: {
    title: "Injection zéro en pause : la limite de {name} a été modifiée par quelqu'un d'autre",
    detail:
      "L'injection zéro n'envoie plus rien jusqu'à sa reprise sur son écran : la limite vient de l'application web, de MQTT ou d'un autre client.",
  },
  zeroexport_unreachable: {
    title: "Injection zéro : {name} (DTU) ne répond pas",
    detail:
      "Aucune réponse du DTU depuis {minutes} min alors que l'injection zéro est active : aucune limite ne peut être envoyée, les dernières restent.",
  },
  radio: {
    title: "{name} (DTU) : problème radio",
    detail: "Le DTU signale un problème radio depuis {minutes} min.",
  },
  clock: {
    title: "{name} (DTU) : horloge non synchronisée",
    detail:
      "L'horloge du DTU n'est pas réglée depuis {minutes} min ; sans elle, il n'interroge aucun onduleur.",
  },
  command_failed: {
    title: "{name} : échec de la commande ({command})",
    detail: "L'onduleur n'a pas confirmé la commande ({command}) ; le DTU la renvoie.",
  },
  cleared: "Rétabli : {title}",
  recovered: "La condition a disparu depuis {time}.",
  test: "Test de {name}",
  testText: "Ceci est une alerte de test. Si vous la lisez, le canal fonctionne.",
  summary: "{name} : bilan du jour {day}",
  summaryEnergy: "Énergie {energy} kWh, pointe {peak} W.",
  summaryInverter: "{name} : {energy} kWh",
  summaryOpen: "Alertes ouvertes :",
  summaryNone: "Aucune alerte ouverte.",
  limit: "limite",
  power: "marche/arrêt",
};

export const TEXTS: Record<AlertLanguage, Catalogue> = { en: EN, de: DE, fr: FR };

/** Fills `{key}` from `values`; unknown keys stay as they are. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : all,
  );
}

/** Decimal comma for de/fr. */
export function num(value: number, language: AlertLanguage, decimals = 1): string {
  const text = value.toFixed(decimals);
  return language === "en" ? text : text.replace(".", ",");
}
