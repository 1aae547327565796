import type { Translate } from "../../lib/i18n";
import type { Problem } from "./validate";

/** The text of a field problem, at the field. */
export function problemText(t: Translate, p: Problem | undefined): string | undefined {
  if (!p) return undefined;
  switch (p.key) {
    case "serial":
      return t("inverters.errSerial");
    case "duplicate":
      return t("inverters.errDuplicate");
    case "name":
      return t("inverters.errName", { max: p.max });
    case "nameLen":
      return t("inverters.errNameLen", { max: p.max });
    case "min":
      return t("inverters.errMin", { min: p.min });
    case "range":
      return t("inverters.errRange", { min: p.min, max: p.max });
  }
}
