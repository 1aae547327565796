import { describe, expect, it } from "vitest";
import { ALL_RESULT_CODES } from "@dtu/api/codes";
import { DYNAMIC_PREFIXES } from "../../scripts/pack-locales.mjs";
import { areas, LOCALES } from "./index";

// Every source file of the app except the locale texts themselves, as text.
const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../locales/*.ts", "!../**/*.test.{ts,tsx}"], {
  query: "?raw",
  import: "default",
  eager: true,
});

// Keys looked up with a computed name (DYNAMIC_PREFIXES, shared with the build, which keeps their names) count as
// used without a literal: only apiresponse.<result code>, whose texts the test below matches to the contract's codes.

describe("locales", () => {
  for (const [area, texts] of Object.entries(areas)) {
    const en = Object.keys(texts.en).sort();
    for (const locale of LOCALES) {
      it(`${area}: ${locale} has exactly the English keys, none empty`, () => {
        const table = texts[locale] as Record<string, string>;
        expect(Object.keys(table).sort()).toEqual(en);
        for (const [k, v] of Object.entries(table)) expect(v.trim(), `${area}.${k}`).not.toBe("");
      });
      it(`${area}: ${locale} uses the same {placeholders} as English`, () => {
        const en_ = texts.en as Record<string, string>;
        const table = texts[locale] as Record<string, string>;
        const ph = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        for (const k of en) expect(ph(table[k] ?? ""), `${area}.${k}`).toEqual(ph(en_[k] ?? ""));
      });
    }
  }

  // French sets a space before ":", ";", "!" and "?"; one apostrophe for the whole app (the straight one), so
  // texts written apart do not mix two (an owner walk-through found "Envoi:" and "l’historique" beside "l'onduleur").
  it("fr: a space before two-part punctuation, straight apostrophes only", () => {
    const bad: string[] = [];
    for (const [area, texts] of Object.entries(areas)) {
      for (const [k, v] of Object.entries(texts.fr as Record<string, string>)) {
        // "05:30" is a time, not a sentence's colon.
        if (/[^\s\d]:(\s|$)|[^\s]([;!?])(\s|$)|\u2019/.test(v)) bad.push(`${area}.${k}: ${v}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("apiresponse has a text for every result code of the contract", () => {
    const keys = Object.keys(areas.apiresponse.en);
    expect(keys.sort()).toEqual(ALL_RESULT_CODES.map(String).sort());
  });

  it("every key is used somewhere in the app source", () => {
    const all = Object.values(sources).join("\n");
    expect(all.length).toBeGreaterThan(1000); // the glob found the source
    const unused: string[] = [];
    for (const [area, texts] of Object.entries(areas)) {
      for (const k of Object.keys(texts.en)) {
        const key = `${area}.${k}`;
        if (DYNAMIC_PREFIXES.some((p) => key.startsWith(p))) continue;
        if (!all.includes(`"${key}"`) && !all.includes(`'${key}'`) && !all.includes(`\`${key}\``))
          unused.push(key);
      }
    }
    expect(unused).toEqual([]);
  });

  // The build renames every other key in the code's string literals (scripts/pack-locales.mjs): a key built at run
  // time outside DYNAMIC_PREFIXES would be missing from the device build's texts.
  it("builds keys at run time only under the dynamic prefixes", () => {
    const all = Object.values(sources).join("\n");
    const names = Object.keys(areas).join("|");
    const built = [...all.matchAll(new RegExp(`[\`"'](?:${names})\\.\\w*(?:\\$\\{|["']\\s*\\+)`, "g"))].map(
      (m) => m[0],
    );
    expect(built.length).toBeGreaterThan(0); // the pattern finds `apiresponse.${code}`
    expect(built.filter((b) => !DYNAMIC_PREFIXES.some((p) => b.slice(1).startsWith(p)))).toEqual([]);
  });
});
