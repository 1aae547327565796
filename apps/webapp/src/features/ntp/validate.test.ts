import { parseStrict } from "@dtu/api/strict";
import { describe, expect, it } from "vitest";
import { NtpConfig } from "@dtu/api/settings";
import { hasProblems } from "../../components/ui/validation";
import { ntpBody, ntpDraft, splitZone, validateNtp, zoneOptions, zoneValue } from "./validate";

const base: NtpConfig = {
  ntp_server: "pool.ntp.org",
  ntp_timezone: "CET-1CEST,M3.5.0,M10.5.0/3",
  ntp_timezone_descr: "Europe/Berlin",
  latitude: 51.1657,
  longitude: 10.4515,
  sunsettype: 1,
};

describe("NTP form rules (SEED §4, §5; API.md §9.15)", () => {
  const d = ntpDraft(base);
  it("splits an option value into name and rule", () => {
    const v = zoneValue("America/New_York", "EST5EDT,M3.2.0,M11.1.0");
    expect(splitZone(v)).toEqual({ name: "America/New_York", rule: "EST5EDT,M3.2.0,M11.1.0" });
  });
  it("sorts the zones by name and keeps an unknown stored zone", () => {
    const opts = zoneOptions({ "Europe/Paris": "P", "Africa/Abidjan": "GMT0" }, "Mars/Base", "M0");
    expect(opts.map(([, n]) => n)).toEqual(["Mars/Base", "Africa/Abidjan", "Europe/Paris"]);
    expect(zoneOptions({ "Europe/Paris": "P" }, "Europe/Paris", "P")).toHaveLength(1);
  });
  it("accepts any decimal inside ±90 / ±180, refuses outside", () => {
    expect(hasProblems(validateNtp({ ...d, latitude: "-90", longitude: "180" }, true))).toBe(false);
    expect(hasProblems(validateNtp({ ...d, latitude: "45.123456789", longitude: "-179.9999" }, true))).toBe(
      false,
    );
    expect(validateNtp({ ...d, latitude: "90.01" }, true).latitude?.key).toBe("check.range");
    expect(validateNtp({ ...d, longitude: "-180.5" }, true).longitude?.key).toBe("check.range");
    expect(validateNtp({ ...d, latitude: "" }, true).latitude?.key).toBe("check.required");
  });
  it("refuses what the device refuses (API.md §3.18): a server empty or over 31 characters, an empty rule", () => {
    expect(validateNtp({ ...d, ntp_server: "s".repeat(31) }, true).ntp_server).toBeUndefined();
    expect(validateNtp({ ...d, ntp_server: "s".repeat(32) }, true).ntp_server?.key).toBe("check.maxLength");
    expect(validateNtp({ ...d, ntp_server: "" }, true).ntp_server?.key).toBe("check.required");
    expect(validateNtp({ ...d, ntp_timezone: "" }, true).ntp_timezone?.key).toBe("check.required");
    // Later firmware gets no rule: nothing to check.
    expect(validateNtp({ ...d, ntp_timezone: "" }, false).ntp_timezone).toBeUndefined();
  });
  it("accepts every rule of the zone list, the longest (Pacific/Chatham, 39) included", () => {
    const chatham = "CHAST-12:45CHADT,M9.5.0/2:45,M4.1.0/3:45";
    expect(validateNtp({ ...d, ntp_timezone: chatham }, true).ntp_timezone).toBeUndefined();
    expect(validateNtp({ ...d, ntp_timezone: "x".repeat(51) }, true).ntp_timezone?.key).toBe(
      "check.maxLength",
    );
  });
  it("shows every mistake at once", () => {
    const p = validateNtp({ ...d, ntp_server: "", latitude: "91", longitude: "x" }, true);
    expect([p.ntp_server?.key, p.latitude?.key, p.longitude?.key]).toEqual([
      "check.required",
      "check.range",
      "check.number",
    ]);
  });
  it("posts name and rule to a device that sends the rule", () => {
    const body = ntpBody(base, {
      ...d,
      ntp_timezone_descr: "Asia/Tokyo",
      ntp_timezone: "JST-9",
      sunsettype: "3",
    });
    expect(body).toEqual({ ...base, ntp_timezone_descr: "Asia/Tokyo", ntp_timezone: "JST-9", sunsettype: 3 });
  });
  it("posts only the name to later firmware without ntp_timezone", () => {
    const { ntp_timezone: _rule, ...later } = base;
    const ld = { ...ntpDraft(later, { "Europe/Berlin": "CET-1" }), ntp_timezone_descr: "Asia/Tokyo" };
    expect(ld.ntp_timezone).toBe("CET-1");
    const body = ntpBody(later, ld);
    expect(body).toEqual({ ...later, ntp_timezone_descr: "Asia/Tokyo" });
    expect("ntp_timezone" in body).toBe(false);
  });
});

it("the fixture is an answer the contract accepts (strict NtpConfig schema)", () => {
  expect(() => parseStrict(NtpConfig, base)).not.toThrow();
});
