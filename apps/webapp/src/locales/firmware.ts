import { defineArea } from "./define";

// Firmware upgrade (SEED §2, §8).
export default defineArea({
  en: {
    intro: "Choose a firmware image (.bin or .bin.gz). It is checked and summarised before anything is sent.",
    notImage:
      "“{name}” is not an ESP32 firmware image. Choose the OpenDTU firmware .bin for your board, not a full flash image or another file.",
    tooLarge:
      "“{name}” is larger than the firmware partition ({max} bytes). Choose the firmware for your board.",
    ready: "Ready to upload",
    size: "Size",
    bytes: "{value} bytes",
    imageOk: "ESP32 application image; fits the partition ({max} bytes).",
    upload: "Upload",
    otaBegin: "The device could not start the update: the image is not for this device or does not fit.",
    otaEnd:
      "The device refused the image after the upload: it is damaged or not for this device. Download it again.",
    file: "Firmware file",
    badExtension: "“{name}” is not a firmware image. Choose a .bin or .bin.gz file.",
    hashing: "Computing the checksum…",
    uploading: "Uploading…",
    progress: "Upload progress",
    percent: "{value} %",
    successTitle: "Upload complete",
    successText: "The device accepted the firmware and restarts by itself.",
    waiting: "Waiting for the device to answer again…",
    back: "The device is back. The page reloads now.",
    errorTitle: "Firmware upgrade failed",
    unknownError: "Unknown error while upload, check the console for details.",
    httpError: "[HTTP ERROR] {status}",
  },
  de: {
    intro:
      "Eine Firmware-Datei (.bin oder .bin.gz) wählen. Sie wird geprüft und zusammengefasst, bevor etwas gesendet wird.",
    notImage:
      "„{name}“ ist keine ESP32-Firmware. Bitte die OpenDTU-Firmware (.bin) für die eigene Platine wählen, kein vollständiges Flash-Abbild und keine andere Datei.",
    tooLarge:
      "„{name}“ ist größer als die Firmware-Partition ({max} Byte). Bitte die Firmware für die eigene Platine wählen.",
    ready: "Bereit zum Hochladen",
    size: "Größe",
    bytes: "{value} Byte",
    imageOk: "ESP32-Anwendung; passt in die Partition ({max} Byte).",
    upload: "Hochladen",
    otaBegin:
      "Das Gerät konnte die Aktualisierung nicht beginnen: Die Datei ist nicht für dieses Gerät oder zu groß.",
    otaEnd:
      "Das Gerät hat die Datei nach dem Hochladen abgelehnt: Sie ist beschädigt oder nicht für dieses Gerät. Bitte neu herunterladen.",
    file: "Firmware-Datei",
    badExtension: "„{name}“ ist keine Firmware-Datei. Bitte eine .bin- oder .bin.gz-Datei wählen.",
    hashing: "Prüfsumme wird berechnet…",
    uploading: "Wird hochgeladen…",
    progress: "Fortschritt des Hochladens",
    percent: "{value} %",
    successTitle: "Hochladen abgeschlossen",
    successText: "Das Gerät hat die Firmware angenommen und startet von selbst neu.",
    waiting: "Bitte warten, bis das Gerät wieder antwortet…",
    back: "Das Gerät ist wieder da. Die Seite wird neu geladen.",
    errorTitle: "Firmware-Aktualisierung fehlgeschlagen",
    unknownError: "Unbekannter Fehler beim Hochladen, Details stehen in der Konsole des Browsers.",
    httpError: "[HTTP-FEHLER] {status}",
  },
  fr: {
    intro:
      "Choisissez une image de firmware (.bin ou .bin.gz). Elle est vérifiée et résumée avant tout envoi.",
    notImage:
      "« {name} » n'est pas une image de firmware ESP32. Choisissez le firmware OpenDTU (.bin) de votre carte, pas une image complète de la flash ni un autre fichier.",
    tooLarge:
      "« {name} » dépasse la partition du firmware ({max} octets). Choisissez le firmware de votre carte.",
    ready: "Prêt à envoyer",
    size: "Taille",
    bytes: "{value} octets",
    imageOk: "Application ESP32 ; tient dans la partition ({max} octets).",
    upload: "Envoyer",
    otaBegin:
      "L'appareil n'a pas pu commencer la mise à jour : l'image n'est pas pour cet appareil ou est trop grande.",
    otaEnd:
      "L'appareil a refusé l'image après l'envoi : elle est endommagée ou pas pour cet appareil. Téléchargez-la à nouveau.",
    file: "Fichier de firmware",
    badExtension: "« {name} » n'est pas une image de firmware. Choisissez un fichier .bin ou .bin.gz.",
    hashing: "Calcul de la somme de contrôle…",
    uploading: "Envoi en cours…",
    progress: "Progression de l'envoi",
    percent: "{value} %",
    successTitle: "Envoi terminé",
    successText: "L'appareil a accepté le firmware et redémarre tout seul.",
    waiting: "En attente d'une nouvelle réponse de l'appareil…",
    back: "L'appareil est de retour. La page se recharge.",
    errorTitle: "Échec de la mise à jour du firmware",
    unknownError: "Erreur inconnue pendant l'envoi, voir la console du navigateur pour les détails.",
    httpError: "[ERREUR HTTP] {status}",
  },
});
