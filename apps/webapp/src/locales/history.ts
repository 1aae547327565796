import { defineArea } from "./define";

// History's texts that the live view and the menu show (today's peak, the menu entry); the History screens' own
// texts are in history.screens.ts, loaded with them in the gateway build (locales/index.gateway.ts). Gateway build
// only. Written for this project.
export default defineArea({
  en: {
    title: "History",
    todayPeak: "Today's peak: {power} W",
  },
  de: {
    title: "Verlauf",
    todayPeak: "Heutige Spitze: {power} W",
  },
  fr: {
    title: "Historique",
    todayPeak: "Pointe du jour : {power} W",
  },
});
