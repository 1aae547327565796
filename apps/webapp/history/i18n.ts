/**
 * The History screen's texts in en/de/fr (written for this project). The chunk is built apart from the device app,
 * so it follows the app's language through `<html lang>`, which the app keeps current (lib/i18n.ts).
 */
import { useEffect, useState } from "react";

const en = {
  title: "History",
  day: "Day",
  month: "Month",
  year: "Year",
  all: "All years",
  previous: "Previous",
  next: "Next",
  date: "Date",
  inverter: "Inverter",
  allInverters: "All inverters",
  energy: "Energy",
  peak: "Peak power",
  total: "Total",
  yesterday: "Yesterday (total)",
  time: "Time",
  period: "Period",
  showTable: "Data table",
  csv: "Download CSV",
  loading: "Loading…",
  noData: "No data recorded for this period.",
  gapNote: "Gaps in the curve: the gateway was stopped or the device did not answer.",
  chartDay: "Power curve of {date}",
  chartBars: "Energy per period",
  failed: "History could not be loaded: {message}",
};
type Key = keyof typeof en;

const de: Record<Key, string> = {
  title: "Verlauf",
  day: "Tag",
  month: "Monat",
  year: "Jahr",
  all: "Alle Jahre",
  previous: "Zurück",
  next: "Weiter",
  date: "Datum",
  inverter: "Wechselrichter",
  allInverters: "Alle Wechselrichter",
  energy: "Energie",
  peak: "Spitzenleistung",
  total: "Gesamt",
  yesterday: "Gestern (gesamt)",
  time: "Uhrzeit",
  period: "Zeitraum",
  showTable: "Datentabelle",
  csv: "CSV herunterladen",
  loading: "Wird geladen…",
  noData: "Für diesen Zeitraum liegen keine Daten vor.",
  gapNote: "Lücken in der Kurve: Das Gateway lief nicht oder das Gerät hat nicht geantwortet.",
  chartDay: "Leistungskurve vom {date}",
  chartBars: "Energie je Zeitraum",
  failed: "Der Verlauf konnte nicht geladen werden: {message}",
};

const fr: Record<Key, string> = {
  title: "Historique",
  day: "Jour",
  month: "Mois",
  year: "Année",
  all: "Toutes les années",
  previous: "Précédent",
  next: "Suivant",
  date: "Date",
  inverter: "Onduleur",
  allInverters: "Tous les onduleurs",
  energy: "Énergie",
  peak: "Puissance de pointe",
  total: "Total",
  yesterday: "Hier (total)",
  time: "Heure",
  period: "Période",
  showTable: "Tableau des données",
  csv: "Télécharger en CSV",
  loading: "Chargement…",
  noData: "Aucune donnée enregistrée pour cette période.",
  gapNote: "Trous dans la courbe : la passerelle était arrêtée ou l’appareil ne répondait pas.",
  chartDay: "Courbe de puissance du {date}",
  chartBars: "Énergie par période",
  failed: "Impossible de charger l’historique : {message}",
};

const tables = { en, de, fr } as const;
type Lang = keyof typeof tables;

function current(): Lang {
  const lang = document.documentElement.lang;
  return lang === "de" || lang === "fr" ? lang : "en";
}

export interface T {
  (key: Key, params?: Record<string, string>): string;
  lang: Lang;
  number(v: number, decimals?: number): string;
}

/** Texts of the current language; re-renders when the app switches language. */
export function useT(): T {
  const [lang, setLang] = useState(current);
  useEffect(() => {
    const observer = new MutationObserver(() => setLang(current()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
    return () => observer.disconnect();
  }, []);
  const t = ((key: Key, params?: Record<string, string>) =>
    tables[lang][key].replace(/\{(\w+)\}/g, (all, name: string) => params?.[name] ?? all)) as T;
  t.lang = lang;
  t.number = (v, decimals = 0) =>
    v.toLocaleString(lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return t;
}
