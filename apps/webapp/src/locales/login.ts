import { defineArea } from "./define";

export default defineArea({
  en: {
    username: "Username",
    submit: "Log in",
    usernameRequired: "Please enter the username.",
    passwordRequired: "Please enter the password.",
    invalid: "Invalid credentials",
  },
  de: {
    username: "Benutzername",
    submit: "Anmelden",
    usernameRequired: "Bitte den Benutzernamen eingeben.",
    passwordRequired: "Bitte das Passwort eingeben.",
    invalid: "Benutzername oder Passwort falsch",
  },
  fr: {
    username: "Nom d'utilisateur",
    submit: "Se connecter",
    usernameRequired: "Veuillez saisir le nom d'utilisateur.",
    passwordRequired: "Veuillez saisir le mot de passe.",
    invalid: "Identifiant ou mot de passe incorrect",
  },
});
