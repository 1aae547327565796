import { defineArea } from "./define";

// What the gateway itself says to the owner about a device it relays (gateway build only: locales/index.ts), e.g.
// when the device does not answer (lib/unanswered.ts). Written for this project.
export default defineArea({
  en: {
    unanswered: "The device does not answer (the gateway cannot reach it)",
    oneUnanswered: "One of the devices does not answer (the gateway cannot reach it); try again later",
    loginDevice: "Login for the device {name}",
    loginAll: "Login for the overview of all devices",
  },
  de: {
    unanswered: "Das Gerät antwortet nicht (das Gateway erreicht es nicht)",
    oneUnanswered:
      "Eines der Geräte antwortet nicht (das Gateway erreicht es nicht); bitte später erneut versuchen",
    loginDevice: "Anmeldung für das Gerät {name}",
    loginAll: "Anmeldung für die Übersicht aller Geräte",
  },
  fr: {
    unanswered: "L'appareil ne répond pas (la passerelle ne parvient pas à le joindre)",
    oneUnanswered:
      "L'un des appareils ne répond pas (la passerelle ne parvient pas à le joindre) ; réessayez plus tard",
    loginDevice: "Connexion à l'appareil {name}",
    loginAll: "Connexion à la vue d'ensemble de tous les appareils",
  },
});
