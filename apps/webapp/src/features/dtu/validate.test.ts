import { parseStrict } from "@dtu/api/strict";
import { describe, expect, it } from "vitest";
import { sampleDtuConfigLater, sampleDtuConfigLegacy } from "@dtu/api/samples";
import { DtuConfig } from "@dtu/api/settings";
import { hasProblems } from "../../components/ui/validation";
import { dtuBand, dtuBody, dtuDraft, outsideLegalBand, validateDtu } from "./validate";

const legacy: DtuConfig = sampleDtuConfigLegacy;
const later: DtuConfig = sampleDtuConfigLater;

describe("validateDtu (SEED §5)", () => {
  const band = dtuBand(legacy);
  const d = dtuDraft(legacy, band);

  it("accepts the loaded values and the bounds", () => {
    expect(hasProblems(validateDtu(d, band))).toBe(false);
    const edges = { serial: "1", pollinterval: "86400", cmt_palevel: "-10", frequencyMhz: "860.25" };
    expect(hasProblems(validateDtu({ ...d, ...edges }, band))).toBe(false);
    expect(hasProblems(validateDtu({ ...d, serial: "199999999999", frequencyMhz: "923.5" }, band))).toBe(
      false,
    );
  });
  it("refuses the serial 0, above 199999999999 or with other characters", () => {
    expect(validateDtu({ ...d, serial: "0" }, band).serial?.key).toBe("check.range");
    expect(validateDtu({ ...d, serial: "200000000000" }, band).serial?.key).toBe("check.range");
    expect(validateDtu({ ...d, serial: "12AB" }, band).serial?.key).toBe("dtu.serialDigits");
    expect(validateDtu({ ...d, serial: "" }, band).serial?.key).toBe("check.required");
  });
  it("refuses poll interval 0 and 86401, CMT power −11 and 21", () => {
    const poll = { key: "check.range", params: { min: 1, max: 86400 } };
    expect(validateDtu({ ...d, pollinterval: "0" }, band).pollinterval).toEqual(poll);
    expect(validateDtu({ ...d, pollinterval: "86401" }, band).pollinterval).toEqual(poll);
    const power = { key: "check.range", params: { min: -10, max: 20 } };
    expect(validateDtu({ ...d, cmt_palevel: "-11" }, band).cmt_palevel).toEqual(power);
    expect(validateDtu({ ...d, cmt_palevel: "21" }, band).cmt_palevel).toEqual(power);
  });
  it("refuses frequencies off the 250 kHz step or outside 860.25–923.5 MHz", () => {
    for (const f of ["860", "923.75", "865.1", "865.125"]) {
      expect(validateDtu({ ...d, frequencyMhz: f }, band).frequencyMhz?.key, f).toBe("dtu.frequencyRange");
    }
  });
  it("warns only outside the EU band 863–870 MHz", () => {
    expect(outsideLegalBand("865", band)).toBe(false);
    expect(outsideLegalBand("862.75", band)).toBe(true);
    expect(outsideLegalBand("870.25", band)).toBe(true);
    expect(hasProblems(validateDtu({ ...d, frequencyMhz: "870.25" }, band))).toBe(false);
  });
  it("posts kHz, the serial as a string and numbers as numbers", () => {
    const body = dtuBody(legacy, { ...d, serial: "00123", frequencyMhz: "866.25", nrf_palevel: "3" }, band);
    expect(body).toEqual({ ...legacy, serial: "123", cmt_frequency: 866250, nrf_palevel: 3 });
  });
  it("with cmt_country (API.md §9.10) shows MHz from Hz and posts Hz", () => {
    const b = dtuBand(later);
    const dl = dtuDraft(later, b);
    expect(dl.frequencyMhz).toBe("866.25");
    expect(hasProblems(validateDtu(dl, b))).toBe(false);
    expect(dtuBody(later, { ...dl, frequencyMhz: "868" }, b).cmt_frequency).toBe(868000000);
    expect(validateDtu({ ...dl, frequencyMhz: "868.1" }, b).frequencyMhz).toEqual({
      key: "dtu.frequencyRange",
      params: { min: 860.25, max: 923.5, step: 250 },
    });
  });
});

it("the fixture is an answer the contract accepts (strict DtuConfig schema)", () => {
  expect(() => parseStrict(DtuConfig, legacy)).not.toThrow();
  expect(() => parseStrict(DtuConfig, later)).not.toThrow();
});
