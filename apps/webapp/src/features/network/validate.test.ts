import { parseStrict } from "@dtu/api/strict";
import { describe, expect, it } from "vitest";
import { sampleNetworkConfig } from "@dtu/api/samples";
import { NetworkConfig } from "@dtu/api/settings";
import { hasProblems } from "../../components/ui/validation";
import { networkBody, networkDraft, validateNetwork } from "./validate";

const base: NetworkConfig = { ...sampleNetworkConfig, password: "pw" };

describe("validateNetwork (SEED §5)", () => {
  it("accepts the defaults and the limits themselves", () => {
    expect(hasProblems(validateNetwork(networkDraft(base)))).toBe(false);
    const d = {
      ...networkDraft(base),
      ssid: "s".repeat(32),
      password: "p".repeat(63),
      hostname: "h".repeat(31),
    };
    expect(hasProblems(validateNetwork({ ...d, aptimeout: "0" }))).toBe(false);
    expect(hasProblems(validateNetwork({ ...d, aptimeout: "99999" }))).toBe(false);
  });
  it("refuses lengths the device refuses (API.md §3.17): SSID 32, WiFi password 63, host name 31", () => {
    const d = networkDraft(base);
    expect(validateNetwork({ ...d, ssid: "s".repeat(33) }).ssid?.key).toBe("check.maxLength");
    expect(validateNetwork({ ...d, password: "p".repeat(64) }).password?.key).toBe("check.maxLength");
    expect(validateNetwork({ ...d, hostname: "h".repeat(32) }).hostname?.key).toBe("check.maxLength");
  });
  it("needs a WiFi name while WiFi is used, and always a host name", () => {
    const d = { ...networkDraft(base), ssid: "", hostname: "" };
    expect(validateNetwork(d)).toMatchObject({
      ssid: { key: "check.required" },
      hostname: { key: "check.required" },
    });
    expect(validateNetwork(d, false).ssid).toBeUndefined();
  });
  it("refuses an AP timeout outside 0–99999, fractional or empty", () => {
    const d = networkDraft(base);
    const range = { key: "check.range", params: { min: 0, max: 99999 } };
    const cases = [
      ["-1", range],
      ["100000", range],
      ["1.5", { key: "check.integer" }],
      ["", { key: "check.required" }],
      ["abc", { key: "check.number" }],
    ] as const;
    for (const [v, problem] of cases) {
      expect(validateNetwork({ ...d, aptimeout: v }).aptimeout, v).toEqual(problem);
    }
  });
  it("checks the static address fields as dotted quads, only with DHCP off", () => {
    const d = { ...networkDraft(base), ipaddress: "192.168.1" };
    expect(validateNetwork(d).ipaddress).toBeUndefined();
    expect(validateNetwork({ ...d, dhcp: false }).ipaddress?.key).toBe("check.ip");
    for (const bad of ["256.1.1.1", "1.2.3.4.5", "a.b.c.d", "", "1.2.3. 4"])
      expect(validateNetwork({ ...d, dhcp: false, ipaddress: bad }).ipaddress, bad).toEqual({
        key: "check.ip",
      });
    for (const ok of ["192.168.1.10", "0.0.0.0", "255.255.255.0", "10..0.1"])
      expect(validateNetwork({ ...d, dhcp: false, ipaddress: ok }).ipaddress, ok).toBeUndefined();
  });
  it("posts the GET object back with the edits, later syslog keys untouched (API.md §9.0, §9.14)", () => {
    const later = { ...base, syslogenabled: true, sysloghostname: "log.lan", syslogport: 5514 };
    const body = networkBody(later, { ...networkDraft(later), ssid: "Other", aptimeout: "0" });
    expect(body).toEqual({ ...later, ssid: "Other", aptimeout: 0 });
  });
});

it("the fixture is an answer the contract accepts (strict NetworkConfig schema)", () => {
  expect(() => parseStrict(NetworkConfig, base)).not.toThrow();
});
