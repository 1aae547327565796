import { defineArea } from "./define";

// Texts of the console screen. Written for this project.
export default defineArea({
  en: {
    log: "Device log",
    autoScroll: "Follow new lines",
    clear: "Clear",
    copy: "Copy",
    copied: "Log copied to the clipboard.",
    copyFailed: "Could not copy the log.",
  },
  de: {
    log: "Geräteprotokoll",
    autoScroll: "Neuen Zeilen folgen",
    clear: "Leeren",
    copy: "Kopieren",
    copied: "Protokoll in die Zwischenablage kopiert.",
    copyFailed: "Das Protokoll konnte nicht kopiert werden.",
  },
  fr: {
    log: "Journal de l'appareil",
    autoScroll: "Suivre les nouvelles lignes",
    clear: "Effacer",
    copy: "Copier",
    copied: "Journal copié dans le presse-papiers.",
    copyFailed: "Impossible de copier le journal.",
  },
});
