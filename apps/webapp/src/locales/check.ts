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
    noSpaces: "No spaces, please.",
    endSlash: "Must end with a slash (/).",
    ip: "An address like 192.168.1.10.",
  },
  de: {
    required: "Bitte einen Wert eingeben.",
    minLength: "Mindestens {min} Zeichen.",
    maxLength: "Höchstens {max} Zeichen ({length} eingegeben).",
    number: "Bitte eine Zahl eingeben.",
    integer: "Bitte eine ganze Zahl eingeben.",
    range: "Erlaubt: {min} bis {max}.",
    step: "Muss ein Vielfaches von {step} sein.",
    noSpaces: "Bitte ohne Leerzeichen.",
    endSlash: "Muss mit einem Schrägstrich (/) enden.",
    ip: "Eine Adresse wie 192.168.1.10.",
  },
  fr: {
    required: "Veuillez saisir une valeur.",
    minLength: "Au moins {min} caractères.",
    maxLength: "Au plus {max} caractères ({length} saisis).",
    number: "Veuillez saisir un nombre.",
    integer: "Veuillez saisir un nombre entier.",
    range: "Autorisé : {min} à {max}.",
    step: "Doit être un multiple de {step}.",
    noSpaces: "Sans espaces, s'il vous plaît.",
    endSlash: "Doit finir par une barre oblique (/).",
    ip: "Une adresse comme 192.168.1.10.",
  },
});
