import { defineArea } from "./define";

// Texts of the About screen, written for this project. Markup: **bold** and [label](https://…) only
// (rendered as React elements by features/about/markup.tsx, never as HTML).
export default defineArea({
  en: {
    originTitle: "Where this project comes from",
    origin1:
      "This interface runs on a small gateway (a DTU) that reads Hoymiles solar micro-inverters by radio.",
    origin2:
      "It follows **OpenDTU**, an open-source firmware that owners can read, change and run themselves.",
    origin3: "Both are free software without any warranty: check what you change, power limits above all.",
    origin4: "Thanks to everyone who contributed code, tests, translations and hardware notes.",
    newsTitle: "News and updates",
    news: "New releases and their notes appear on the [project page](https://github.com/tbnobody/OpenDTU/releases); the System page says whether one is newer.",
    bugsTitle: "Reporting a problem",
    bugs: "Found a bug? Search the [issue tracker](https://github.com/tbnobody/OpenDTU/issues), then report it with firmware version, hardware and console output.",
    talkTitle: "Questions and discussion",
    talk: "Questions and ideas are welcome in the [discussion forum](https://github.com/tbnobody/OpenDTU/discussions).",
  },
  de: {
    originTitle: "Woher dieses Projekt kommt",
    origin1:
      "Diese Oberfläche läuft auf einem kleinen Gateway (einer DTU), das Hoymiles-Mikrowechselrichter per Funk ausliest.",
    origin2:
      "Sie folgt **OpenDTU**, einer offenen Firmware, die Besitzer selbst lesen, ändern und betreiben können.",
    origin3:
      "Beides ist freie Software ohne Gewährleistung: Prüfen Sie Ihre Änderungen, vor allem Leistungsgrenzen.",
    origin4: "Dank an alle, die Code, Tests, Übersetzungen und Hardware-Hinweise beigetragen haben.",
    newsTitle: "Neuigkeiten und Aktualisierungen",
    news: "Neue Versionen und ihre Hinweise erscheinen auf der [Projektseite](https://github.com/tbnobody/OpenDTU/releases); die Seite System zeigt, ob es eine neuere gibt.",
    bugsTitle: "Einen Fehler melden",
    bugs: "Einen Fehler gefunden? Durchsuchen Sie die [Fehlerliste](https://github.com/tbnobody/OpenDTU/issues) und melden Sie ihn mit Firmware-Version, Hardware und Konsolenausgabe.",
    talkTitle: "Fragen und Austausch",
    talk: "Fragen und Ideen sind im [Diskussionsforum](https://github.com/tbnobody/OpenDTU/discussions) willkommen.",
  },
  fr: {
    originTitle: "D'où vient ce projet",
    origin1:
      "Cette interface tourne sur une petite passerelle (un DTU) qui lit par radio les micro-onduleurs solaires Hoymiles.",
    origin2:
      "Elle suit **OpenDTU**, un firmware libre que chacun peut lire, modifier et faire tourner lui-même.",
    origin3:
      "Ce sont des logiciels libres sans aucune garantie : vérifiez vos modifications, surtout les limites de puissance.",
    origin4:
      "Merci à toutes les personnes qui ont apporté code, tests, traductions et notes sur le matériel.",
    newsTitle: "Nouveautés et mises à jour",
    news: "Les nouvelles versions et leurs notes paraissent sur la [page du projet](https://github.com/tbnobody/OpenDTU/releases) ; la page Système indique s'il en existe une plus récente.",
    bugsTitle: "Signaler un problème",
    bugs: "Un bogue ? Cherchez dans la [liste des tickets](https://github.com/tbnobody/OpenDTU/issues), puis signalez-le avec la version, le matériel et la sortie de la console.",
    talkTitle: "Questions et échanges",
    talk: "Questions et idées sont les bienvenues sur le [forum de discussion](https://github.com/tbnobody/OpenDTU/discussions).",
  },
});
