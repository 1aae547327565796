import { defineArea } from "./define";

// Texts of the About screen, written for this project. Markup: **bold** and [label](https://…) only
// (rendered as React elements by features/about/markup.tsx, never as HTML).
export default defineArea({
  en: {
    originTitle: "Where this project comes from",
    origin1:
      "This web interface runs on a small gateway (a DTU) that talks by radio to Hoymiles solar micro-inverters and shows what they produce.",
    origin2:
      "It follows the **OpenDTU** firmware, an open-source project started to replace closed vendor gateways with something owners can read, change and run themselves.",
    origin3:
      "The firmware and this interface are free software. They come without any warranty: check the settings you change, especially power limits.",
    origin4:
      "Many people contributed code, testing, translations and hardware notes. Thank you to all of them.",
    newsTitle: "News and updates",
    news: "Releases and change notes are published on the [project page](https://github.com/tbnobody/OpenDTU/releases). The System info page tells you whether a newer version exists.",
    bugsTitle: "Reporting a problem",
    bugs: "Found a bug? Search the [issue tracker](https://github.com/tbnobody/OpenDTU/issues) first, then open a new issue with your firmware version, hardware and the console output around the problem.",
    talkTitle: "Questions and discussion",
    talk: "For questions, ideas and help with a setup, use the [discussion forum](https://github.com/tbnobody/OpenDTU/discussions).",
  },
  de: {
    originTitle: "Woher dieses Projekt kommt",
    origin1:
      "Diese Weboberfläche läuft auf einem kleinen Gateway (einer DTU), das per Funk mit Hoymiles-Mikrowechselrichtern spricht und zeigt, was sie erzeugen.",
    origin2:
      "Sie folgt der Firmware **OpenDTU**, einem Open-Source-Projekt, das geschlossene Hersteller-Gateways durch etwas ersetzen will, das Besitzer selbst lesen, ändern und betreiben können.",
    origin3:
      "Firmware und Oberfläche sind freie Software. Sie kommen ohne jede Gewährleistung: Prüfen Sie geänderte Einstellungen, besonders Leistungsgrenzen.",
    origin4:
      "Viele Menschen haben Code, Tests, Übersetzungen und Hinweise zur Hardware beigetragen. Ihnen allen vielen Dank.",
    newsTitle: "Neuigkeiten und Aktualisierungen",
    news: "Versionen und Änderungshinweise erscheinen auf der [Projektseite](https://github.com/tbnobody/OpenDTU/releases). Die Seite System-Info zeigt, ob es eine neuere Version gibt.",
    bugsTitle: "Einen Fehler melden",
    bugs: "Einen Fehler gefunden? Durchsuchen Sie zuerst die [Fehlerliste](https://github.com/tbnobody/OpenDTU/issues) und melden Sie ihn dann mit Firmware-Version, Hardware und der Konsolenausgabe rund um das Problem.",
    talkTitle: "Fragen und Austausch",
    talk: "Für Fragen, Ideen und Hilfe bei der Einrichtung gibt es das [Diskussionsforum](https://github.com/tbnobody/OpenDTU/discussions).",
  },
  fr: {
    originTitle: "D'où vient ce projet",
    origin1:
      "Cette interface web tourne sur une petite passerelle (une DTU) qui communique par radio avec les micro-onduleurs solaires Hoymiles et affiche leur production.",
    origin2:
      "Elle suit le micrologiciel **OpenDTU**, un projet libre né pour remplacer les passerelles fermées des fabricants par un outil que chacun peut lire, modifier et faire tourner lui-même.",
    origin3:
      "Le micrologiciel et cette interface sont des logiciels libres, fournis sans aucune garantie : vérifiez les réglages que vous modifiez, surtout les limites de puissance.",
    origin4:
      "De nombreuses personnes ont apporté du code, des tests, des traductions et des notes sur le matériel. Merci à toutes.",
    newsTitle: "Nouveautés et mises à jour",
    news: "Les versions et leurs notes sont publiées sur la [page du projet](https://github.com/tbnobody/OpenDTU/releases). La page d'information Système indique si une version plus récente existe.",
    bugsTitle: "Signaler un problème",
    bugs: "Vous avez trouvé un bogue ? Cherchez d'abord dans la [liste des tickets](https://github.com/tbnobody/OpenDTU/issues), puis ouvrez-en un avec la version du micrologiciel, le matériel et la sortie de la console autour du problème.",
    talkTitle: "Questions et échanges",
    talk: "Pour les questions, les idées et l'aide à l'installation, rendez-vous sur le [forum de discussion](https://github.com/tbnobody/OpenDTU/discussions).",
  },
});
