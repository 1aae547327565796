import { describe, expect, it } from "vitest";
import { hasKey, initialLocale, interpolate, makeI18n, translate } from "./i18n";

describe("initialLocale", () => {
  it("prefers a valid stored choice", () => {
    expect(initialLocale("fr", ["de-DE"])).toBe("fr");
  });
  it("ignores an invalid stored value and uses the browser prefix", () => {
    expect(initialLocale("xx", ["de-AT", "en"])).toBe("de");
    expect(initialLocale(null, ["FR-ca"])).toBe("fr");
  });
  it("takes the first supported browser language, else English", () => {
    expect(initialLocale(null, ["it-IT", "fr-FR"])).toBe("fr");
    expect(initialLocale(null, ["it-IT", "es"])).toBe("en");
    expect(initialLocale(null, [])).toBe("en");
  });
});

describe("translate", () => {
  it("fills {params} and keeps unknown ones visible", () => {
    expect(interpolate("a {min} b {max}", { min: 1, max: 2 })).toBe("a 1 b 2");
    expect(interpolate("a {min}", {})).toBe("a {min}");
  });
  it("translates per locale, with the server's max", () => {
    expect(translate("en", "apiresponse.5002", { max: 2250 })).toBe("The limit must lie between 1 and 2250.");
    expect(translate("de", "common.save")).toBe("Speichern");
    expect(translate("fr", "common.save")).toBe("Enregistrer");
  });
  it("returns an unknown key as is", () => {
    expect(translate("en", "apiresponse.99999")).toBe("apiresponse.99999");
  });
  it("finds only the areas' own keys, not inherited properties", () => {
    for (const key of ["common.toString", "common.__proto__", "toString.en", "constructor.name", "nodot"])
      expect(translate("de", key)).toBe(key);
    expect(hasKey("common.constructor")).toBe(false);
    expect(hasKey("common.save")).toBe(true);
  });
});

describe("formatters", () => {
  it("format numbers per locale with fixed decimals", () => {
    expect(makeI18n("en").number(1234.5, 1)).toBe("1,234.5");
    expect(makeI18n("de").number(1234.5, 2)).toBe("1.234,50");
  });
});
