import { describe, expect, it } from "vitest";
import type { ApiResult } from "@dtu/api/codes";
import { CONFIG, ROOF, SHED } from "./fixtures";
import { refusedField, validateZeroExport, zeroExportBody, zeroExportDraft } from "./settings";

describe("zero export settings draft", () => {
  it("lists the configured inverters, then the ones live data knows, and sends them back in that order", () => {
    const d = zeroExportDraft(CONFIG, [ROOF.toUpperCase(), SHED]);
    expect(d.serials).toEqual([ROOF, SHED]);
    expect(d["inverters.1.enabled"]).toBe(false);
    expect(validateZeroExport(d)).toEqual(expect.not.objectContaining({ target_w: expect.anything() }));
    expect(zeroExportBody({ ...d, max_total_w: "800", fallback_w: "" })).toEqual({
      enabled: false,
      target_w: 20,
      deadband_w: 0,
      max_total_w: 800,
      fallback_w: null,
      inverters: [
        { serial: ROOF, enabled: true, min_w: 50, max_w: 800 },
        { serial: SHED, enabled: false, min_w: 0, max_w: 2250 },
      ],
    });
  });

  it("refuses what the gateway would refuse, at its field", () => {
    const d = {
      ...zeroExportDraft(CONFIG, []),
      target_w: "-20000",
      deadband_w: "2.5",
      max_total_w: "x",
      "inverters.0.min_w": "900",
    };
    const p = validateZeroExport(d);
    expect(p.target_w?.key).toBe("check.range");
    expect(p.deadband_w?.key).toBe("check.integer");
    expect(p.max_total_w?.key).toBe("check.number");
    expect(p.fallback_w).toBeUndefined();
    expect(p["inverters.0.max_w"]?.key).toBe("zeroexport.minAboveMax");
  });

  it("puts the gateway's refusal at the field it names", () => {
    const refusal: ApiResult & { field: string } = {
      type: "danger" as const,
      message: "inverters.0.max_w: Invalid value",
      field: "inverters.0.max_w",
    };
    expect(refusedField(refusal)).toEqual({
      field: "inverters.0.max_w",
      problem: { key: "zeroexport.refused", params: { message: refusal.message } },
    });
    // A rule over one whole inverter (its min above its max) names the entry: shown at its maximum.
    const entry = { ...refusal, field: `${refusal.field.split(".")[0]}.1` };
    expect(refusedField(entry)?.field).toBe("inverters.1.max_w");
    expect(refusedField({ type: "success", message: "ok" })).toBeUndefined();
  });
});
