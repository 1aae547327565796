import { defineArea } from "./define";

// Security settings (SEED §2 Security, §5).
export default defineArea({
  en: {
    passwordCard: "Admin password",
    passwordHint:
      "8 to 64 characters. It protects this web interface and is the key of the admin access point.",
    repeat: "Repeat password",
    repeatHint: "Type the same password again.",
    notEqual: "Passwords are not equal",
    permissionsCard: "Permissions",
    readonly: "Allow read-only access without a password",
    readonlyHint: "Visitors can then see the live view and the info pages without logging in.",
  },
  de: {
    passwordCard: "Admin-Passwort",
    passwordHint:
      "8 bis 64 Zeichen. Es schützt diese Weboberfläche und ist der Schlüssel des Admin-Zugangspunkts.",
    repeat: "Passwort wiederholen",
    repeatHint: "Das gleiche Passwort noch einmal eingeben.",
    notEqual: "Die Passwörter sind nicht gleich",
    permissionsCard: "Berechtigungen",
    readonly: "Lesezugriff ohne Passwort erlauben",
    readonlyHint: "Besucher sehen dann die Live-Ansicht und die Info-Seiten ohne Anmeldung.",
  },
  fr: {
    passwordCard: "Mot de passe administrateur",
    passwordHint:
      "8 à 64 caractères. Il protège cette interface web et sert de clé au point d'accès d'administration.",
    repeat: "Répéter le mot de passe",
    repeatHint: "Saisissez à nouveau le même mot de passe.",
    notEqual: "Les mots de passe ne sont pas identiques",
    permissionsCard: "Autorisations",
    readonly: "Autoriser la consultation sans mot de passe",
    readonlyHint: "Les visiteurs voient alors la vue en direct et les pages d'infos sans se connecter.",
  },
});
