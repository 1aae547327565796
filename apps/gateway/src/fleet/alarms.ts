/**
 * Event (alarm) texts by id (API.md §4.6). Only ids 0–255 can reach the client at this firmware (§3.4), so only those
 * are listed. German and French texts are our own translations for the ids the simulation produces; any other id
 * falls back to English, and an id without any text reads Unknown / Unbekannt / Inconnu.
 */

export type Locale = "en" | "de" | "fr";

const GENERIC: Record<number, string> = {
  1: "Inverter start",
  2: "Time calibration",
  3: "EEPROM reading and writing error during operation",
  4: "Offline",
  11: "Grid voltage surge",
  12: "Grid voltage sharp drop",
  13: "Grid frequency mutation",
  14: "Grid phase mutation",
  15: "Grid transient fluctuation",
  36: "INV overvoltage or overcurrent",
  46: "FB overvoltage",
  47: "FB overcurrent",
  48: "FB clamp overvoltage",
  49: "FB clamp overvoltage",
  61: "Calibration parameter error",
  62: "System configuration parameter error",
  63: "Abnormal power generation data",
  71: "Grid overvoltage load reduction (VW) function enable",
  72: "Power grid over-frequency load reduction (FW) function enable",
  73: "Over-temperature load reduction (TW) function enable",
  95: "PV-1: Module in suspected shadow",
  96: "PV-2: Module in suspected shadow",
  97: "PV-3: Module in suspected shadow",
  98: "PV-4: Module in suspected shadow",
  121: "Over temperature protection",
  122: "Microinverter is suspected of being stolen",
  123: "Locked by remote control",
  124: "Shut down by remote control",
  125: "Grid configuration parameter error",
  126: "Software error code 126",
  127: "Firmware error",
  128: "Hardware configuration error",
  129: "Abnormal bias",
  130: "Offline",
  141: "Grid: Grid overvoltage",
  142: "Grid: 10 min value grid overvoltage",
  143: "Grid: Grid undervoltage",
  144: "Grid: Grid overfrequency",
  145: "Grid: Grid underfrequency",
  146: "Grid: Rapid grid frequency change rate",
  147: "Grid: Power grid outage",
  148: "Grid: Grid disconnection",
  149: "Grid: Island detected",
  150: "DCI exceeded",
  181: "Abnormal insulation impedance",
  182: "Abnormal grounding",
  205: "MPPT-A: Input overvoltage",
  206: "MPPT-B: Input overvoltage",
  207: "MPPT-A: Input undervoltage",
  208: "MPPT-B: Input undervoltage",
  209: "PV-1: No input",
  210: "PV-2: No input",
  211: "PV-3: No input",
  212: "PV-4: No input",
  213: "MPPT-A: PV-1 & PV-2 abnormal wiring",
  214: "MPPT-B: PV-3 & PV-4 abnormal wiring",
  215: "PV-1: Input overvoltage",
  216: "PV-1: Input undervoltage",
  217: "PV-2: Input overvoltage",
  218: "PV-2: Input undervoltage",
  219: "PV-3: Input overvoltage",
  220: "PV-3: Input undervoltage",
  221: "PV-4: Input overvoltage",
  222: "PV-4: Input undervoltage",
};

/** HMT texts override the generic ones for HMT inverters; 171 exists only there (API.md §4.6). */
const HMT: Record<number, string> = {
  171: "Grid: Abnormal phase difference between phase to phase",
  215: "MPPT-C: Input overvoltage",
  216: "MPPT-C: Input undervoltage",
  217: "PV-5: No input",
  218: "PV-6: No input",
  219: "MPPT-C: PV-5 & PV-6 abnormal wiring",
  221: "Abnormal wiring of grid neutral line",
};

/** Our translations (issue 2 §6), for the ids the simulation emits; keyed by the English text. */
const TRANSLATIONS: Record<Exclude<Locale, "en">, Record<string, string>> = {
  de: {
    "Inverter start": "Wechselrichter gestartet",
    "Time calibration": "Zeitabgleich",
    "Grid voltage surge": "Sprunghafter Anstieg der Netzspannung",
    "Grid voltage sharp drop": "Starker Einbruch der Netzspannung",
    "Grid frequency mutation": "Sprung der Netzfrequenz",
    "Grid phase mutation": "Sprung der Netzphase",
    "Grid transient fluctuation": "Kurzzeitige Netzschwankung",
    "Grid overvoltage load reduction (VW) function enable":
      "Leistungsreduzierung wegen Netzüberspannung (VW) aktiv",
    "Power grid over-frequency load reduction (FW) function enable":
      "Leistungsreduzierung wegen Netzüberfrequenz (FW) aktiv",
    "Over-temperature load reduction (TW) function enable":
      "Leistungsreduzierung wegen Übertemperatur (TW) aktiv",
    "PV-1: Module in suspected shadow": "PV-1: Modul vermutlich verschattet",
    "PV-2: Module in suspected shadow": "PV-2: Modul vermutlich verschattet",
    "PV-3: Module in suspected shadow": "PV-3: Modul vermutlich verschattet",
    "PV-4: Module in suspected shadow": "PV-4: Modul vermutlich verschattet",
    "Shut down by remote control": "Per Fernsteuerung abgeschaltet",
    "Locked by remote control": "Per Fernsteuerung gesperrt",
    "Grid: Grid overvoltage": "Netz: Überspannung",
    "Grid: 10 min value grid overvoltage": "Netz: Überspannung im 10-Minuten-Mittel",
    "Grid: Grid undervoltage": "Netz: Unterspannung",
    "Grid: Grid overfrequency": "Netz: Überfrequenz",
    "Grid: Grid underfrequency": "Netz: Unterfrequenz",
    "Grid: Rapid grid frequency change rate": "Netz: Zu schnelle Frequenzänderung",
    "Grid: Power grid outage": "Netz: Netzausfall",
    "Grid: Grid disconnection": "Netz: Vom Netz getrennt",
    "Grid: Abnormal phase difference between phase to phase":
      "Netz: Unplausible Phasenverschiebung zwischen Phasen",
  },
  fr: {
    "Inverter start": "Démarrage de l'onduleur",
    "Time calibration": "Recalage de l'heure",
    "Grid voltage surge": "Hausse brutale de la tension réseau",
    "Grid voltage sharp drop": "Chute brutale de la tension réseau",
    "Grid frequency mutation": "Saut de fréquence du réseau",
    "Grid phase mutation": "Saut de phase du réseau",
    "Grid transient fluctuation": "Fluctuation passagère du réseau",
    "Grid overvoltage load reduction (VW) function enable":
      "Réduction de puissance pour surtension réseau (VW) active",
    "Power grid over-frequency load reduction (FW) function enable":
      "Réduction de puissance pour surfréquence réseau (FW) active",
    "Over-temperature load reduction (TW) function enable":
      "Réduction de puissance pour surchauffe (TW) active",
    "PV-1: Module in suspected shadow": "PV-1 : module probablement ombragé",
    "PV-2: Module in suspected shadow": "PV-2 : module probablement ombragé",
    "PV-3: Module in suspected shadow": "PV-3 : module probablement ombragé",
    "PV-4: Module in suspected shadow": "PV-4 : module probablement ombragé",
    "Shut down by remote control": "Arrêté à distance",
    "Locked by remote control": "Verrouillé à distance",
    "Grid: Grid overvoltage": "Réseau : surtension",
    "Grid: 10 min value grid overvoltage": "Réseau : surtension en moyenne sur 10 min",
    "Grid: Grid undervoltage": "Réseau : sous-tension",
    "Grid: Grid overfrequency": "Réseau : surfréquence",
    "Grid: Grid underfrequency": "Réseau : sous-fréquence",
    "Grid: Rapid grid frequency change rate": "Réseau : variation de fréquence trop rapide",
    "Grid: Power grid outage": "Réseau : coupure",
    "Grid: Grid disconnection": "Réseau : déconnexion",
    "Grid: Abnormal phase difference between phase to phase": "Réseau : déphasage anormal entre phases",
  },
};

const UNKNOWN: Record<Locale, string> = { en: "Unknown", de: "Unbekannt", fr: "Inconnu" };

/** `locale` query value → language; case-insensitive, anything else English (API.md §3.4). */
export function localeOf(value: string | undefined | null): Locale {
  const v = (value ?? "").toLowerCase();
  return v === "de" || v === "fr" ? v : "en";
}

/** Text of an event id for an inverter family and language (API.md §3.4 message selection). */
export function alarmText(id: number, hmt: boolean, locale: Locale): string {
  const english = (hmt ? HMT[id] : undefined) ?? GENERIC[id];
  if (english === undefined) return UNKNOWN[locale];
  if (locale === "en") return english;
  return TRANSLATIONS[locale][english] ?? english;
}

/** Grid disturbances the simulation logs now and then while producing. */
export const GRID_EVENT_IDS = [11, 12, 13, 15, 141, 142, 143, 144, 145, 146, 147, 148];
/** Ids that describe a string by number (PV-1 … PV-4). */
export const SHADOW_EVENT_BASE = 95;
export const EVENT_INVERTER_START = 1;
export const EVENT_TIME_CALIBRATION = 2;
export const EVENT_REMOTE_SHUTDOWN = 124;
export const EVENT_PHASE_DIFFERENCE_HMT = 171;
