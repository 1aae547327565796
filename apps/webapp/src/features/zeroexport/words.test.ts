import { describe, expect, it } from "vitest";
import type { ZeroExportWhyCode } from "@dtu/api/zeroexport";
import { makeI18n } from "../../lib/i18n";
import { NAMES, NOW, STATES, status, why } from "./fixtures";
import { logLine, reasonText, WORDED_CODES, type WordsContext } from "./words";

const ctx = (locale: "en" | "de" | "fr" = "en"): WordsContext => ({
  i18n: makeI18n(locale),
  names: NAMES,
  now: NOW,
});

describe("zero export in words", () => {
  it.each(STATES)("%s / %s: the reason as a sentence of our own", (_state, reason, text) => {
    expect(reasonText(reason, ctx())).toMatch(text);
  });

  it("has its own words for every code of the contract, in every language (never the gateway's English)", () => {
    const codes = new Set<ZeroExportWhyCode>(STATES.map(([, r]) => r.code));
    expect([...codes].sort()).toEqual([...WORDED_CODES].sort());
    for (const locale of ["en", "de", "fr"] as const)
      for (const [, reason] of STATES) {
        const text = reasonText(reason, ctx(locale));
        expect(text, `${locale} ${reason.code}`).not.toContain("gateway words");
        expect(text, `${locale} ${reason.code}`).not.toMatch(/\{\w+\}/);
      }
  });

  it("says when the meter fell silent, in the page's clock", () => {
    const r = why("fallback_meter_stale", { silent_s: 45 });
    expect(reasonText(r, ctx())).toMatch(/since 12:02/);
    expect(reasonText(r, ctx("de"))).toMatch(/Zähler still seit 12:02/);
  });

  it("shows the gateway's own words for a code it does not know (a newer gateway)", () => {
    const r = { code: "brand_new", params: {}, message: "something new" } as unknown as ReturnType<
      typeof why
    >;
    expect(reasonText(r, ctx())).toBe("something new");
  });

  it("words a command: name, from → to, why", () => {
    const [entry] = status("active", why("in_band")).log;
    expect(entry && logLine(entry, ctx())).toBe("House roof 600 → 420 W: export 170 W");
    expect(entry && logLine(entry, ctx("de"))).toBe("House roof 600 → 420 W: Einspeisung 170 W");
    expect(entry && logLine({ ...entry, from_w: null, serial: "999" }, ctx("fr"))).toBe(
      "999 – → 420 W : injection 170 W",
    );
  });

  it("groups thousands as the page's language does", () => {
    const r = why("cap_total", { total_w: 1850, max_total_w: 1600 });
    expect(reasonText(r, ctx("de"))).toMatch(/1\.850 W über der Obergrenze von 1\.600 W/);
  });
});
