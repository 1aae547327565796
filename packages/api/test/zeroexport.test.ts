/** The zero-export config body (issue 32 §4): valid bodies pass, a refusal names the field. */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { DEFAULT_ZERO_EXPORT_CONFIG, ZeroExportConfig, zeroExportConfigProblem } from "../src/zeroexport.ts";

const good = {
  enabled: true,
  target_w: -600,
  deadband_w: 0,
  max_total_w: 800,
  fallback_w: null,
  inverters: [
    { serial: "114182123456", enabled: true, min_w: 40, max_w: 600 },
    { serial: "116482345678", enabled: false, min_w: 0, max_w: 2000 },
  ],
};

describe("zero-export config", () => {
  it("accepts the defaults and a full body", () => {
    expect(v.safeParse(ZeroExportConfig, DEFAULT_ZERO_EXPORT_CONFIG).success).toBe(true);
    expect(zeroExportConfigProblem(good)).toBeNull();
  });

  it("names the field of the first problem", () => {
    const cases: [unknown, string][] = [
      [{ ...good, target_w: "20" }, "target_w"],
      [{ ...good, target_w: 20.5 }, "target_w"],
      [{ ...good, deadband_w: -1 }, "deadband_w"],
      [{ ...good, max_total_w: 100_001 }, "max_total_w"],
      [{ ...good, fallback_w: 2251 }, "fallback_w"],
      [{ ...good, enabled: "yes" }, "enabled"],
      [{ ...good, inverters: [{ ...good.inverters[0], max_w: 3000 }] }, "inverters.0.max_w"],
      [{ ...good, inverters: [{ ...good.inverters[0], serial: "12 34" }] }, "inverters.0.serial"],
      [{ ...good, inverters: [{ ...good.inverters[0], min_w: 700 }] }, "inverters.0"],
      [{ ...good, target: 20 }, "target"],
      [{ ...good, inverters: [good.inverters[0], good.inverters[0]] }, "data"],
      [null, "data"],
    ];
    for (const [body, field] of cases)
      expect(zeroExportConfigProblem(body)?.field, JSON.stringify(body)).toBe(field);
    expect(
      zeroExportConfigProblem({ ...good, inverters: [{ ...good.inverters[0], min_w: 700 }] })?.message,
    ).toBe("min_w must not exceed max_w");
  });
});
