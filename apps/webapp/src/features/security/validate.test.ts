import { describe, expect, it } from "vitest";
import { hasProblems } from "../../components/ui/validation";
import { validateSecurity } from "./validate";

describe("validateSecurity (SEED §5)", () => {
  it("accepts 8 and 64 characters when both entries agree", () => {
    for (const pw of ["a".repeat(8), "b".repeat(64)]) {
      expect(hasProblems(validateSecurity({ password: pw, repeat: pw, allow_readonly: true }))).toBe(false);
    }
  });
  it("refuses 7 and 65 characters", () => {
    expect(
      validateSecurity({ password: "1234567", repeat: "1234567", allow_readonly: false }).password,
    ).toEqual({
      key: "check.minLength",
      params: { min: 8 },
    });
    const long = "x".repeat(65);
    expect(validateSecurity({ password: long, repeat: long, allow_readonly: false }).password?.key).toBe(
      "check.maxLength",
    );
  });
  it("refuses a repeat that differs", () => {
    const p = validateSecurity({ password: "secret-one", repeat: "secret-two", allow_readonly: false });
    expect(p.repeat).toEqual({ key: "security.notEqual" });
    expect(p.password).toBeUndefined();
  });
});
