import { defineArea } from "./define";

// Field checks shared by the settings forms (components/ui/validation.ts).
export default defineArea({
  en: {
    required: "Please enter a value.",
    minLength: "At least {min} characters.",
    maxLength: "At most {max} characters ({length} entered).",
    number: "Please enter a number.",
    integer: "Please enter a whole number.",
    range: "Allowed: {min} to {max}.",
    step: "Must be a multiple of {step}.",
  },
  de: {
    required: "Bitte einen Wert eingeben.",
    minLength: "Mindestens {min} Zeichen.",
    maxLength: "Höchstens {max} Zeichen ({length} eingegeben).",
    number: "Bitte eine Zahl eingeben.",
    integer: "Bitte eine ganze Zahl eingeben.",
    range: "Erlaubt: {min} bis {max}.",
    step: "Muss ein Vielfaches von {step} sein.",
  },
  fr: {
    required: "Veuillez saisir une valeur.",
    minLength: "Au moins {min} caractères.",
    maxLength: "Au plus {max} caractères ({length} saisis).",
    number: "Veuillez saisir un nombre.",
    integer: "Veuillez saisir un nombre entier.",
    range: "Autorisé : {min} à {max}.",
    step: "Doit être un multiple de {step}.",
  },
});
