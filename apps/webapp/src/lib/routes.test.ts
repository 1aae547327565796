import { describe, expect, it } from "vitest";
import { loginUrl, paths, safeReturnUrl } from "./routes";

describe("routes", () => {
  it("lists every route of SEED §2 once", () => {
    const all = Object.values(paths);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(18);
  });
  it("round-trips a returnUrl through the login URL", () => {
    const url = loginUrl("/firmware/upgrade?x=1");
    expect(safeReturnUrl(url.slice(url.indexOf("?")))).toBe("/firmware/upgrade?x=1");
  });
  it("accepts only local paths as returnUrl", () => {
    expect(safeReturnUrl("")).toBe("/");
    expect(safeReturnUrl("?returnUrl=https://evil.example")).toBe("/");
    expect(safeReturnUrl("?returnUrl=//evil.example")).toBe("/");
  });
});
