import { defineArea } from "./define";

export default defineArea({
  en: {
    username: "Username",
    submit: "Log in",
    usernameRequired: "Please enter the username.",
    passwordRequired: "Please enter the password.",
    invalid: "Invalid credentials",
    why: "{page} needs the admin login.",
  },
  de: {
    username: "Benutzername",
    submit: "Anmelden",
    usernameRequired: "Bitte den Benutzernamen eingeben.",
    passwordRequired: "Bitte das Passwort eingeben.",
    invalid: "Benutzername oder Passwort falsch",
    why: "{page} erfordert die Admin-Anmeldung.",
  },
  fr: {
    username: "Nom d'utilisateur",
    submit: "Se connecter",
    usernameRequired: "Veuillez saisir le nom d'utilisateur.",
    passwordRequired: "Veuillez saisir le mot de passe.",
    invalid: "Identifiant ou mot de passe incorrect",
    why: "{page} nécessite la connexion administrateur.",
  },
});
