import { defineArea } from "./define";

export default defineArea({
  en: {
    title: "Login",
    username: "Username",
    password: "Password",
    submit: "Log in",
    usernameRequired: "Please enter the username.",
    passwordRequired: "Please enter the password.",
    invalid: "Invalid credentials",
  },
  de: {
    title: "Anmelden",
    username: "Benutzername",
    password: "Passwort",
    submit: "Anmelden",
    usernameRequired: "Bitte den Benutzernamen eingeben.",
    passwordRequired: "Bitte das Passwort eingeben.",
    invalid: "Benutzername oder Passwort falsch",
  },
  fr: {
    title: "Connexion",
    username: "Nom d'utilisateur",
    password: "Mot de passe",
    submit: "Se connecter",
    usernameRequired: "Veuillez saisir le nom d'utilisateur.",
    passwordRequired: "Veuillez saisir le mot de passe.",
    invalid: "Identifiant ou mot de passe incorrect",
  },
});
