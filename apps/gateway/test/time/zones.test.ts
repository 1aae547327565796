import { describe, expect, it } from "vitest";
import zones from "../../src/generated/zones.json" with { type: "json" };
import { offsetAt, parsePosixTz } from "../../src/time/posixTz.ts";

const table = zones as Record<string, string>;

describe("generated zones table", () => {
  it("holds the IANA zones, sorted", () => {
    const names = Object.keys(table);
    expect(names.length).toBeGreaterThan(400);
    expect(names.length).toBeLessThan(700);
    expect(names).toEqual([...names].sort());
  });

  it("spot checks against the rules tzdata itself writes", () => {
    expect(table["Europe/Berlin"]).toBe("CET-1CEST,M3.5.0,M10.5.0/3");
    expect(table["Etc/UTC"]).toBe("UTC0");
    expect(table["America/New_York"]).toBe("EST5EDT,M3.2.0,M11.1.0");
    expect(table["Australia/Sydney"]).toBe("AEST-10AEDT,M10.1.0,M4.1.0/3");
    expect(table["Asia/Kolkata"]).toBe("IST-5:30");
    expect(table["Asia/Jerusalem"]).toMatch(/,M3\.4\.4\/26,M10\.5\.0$/);
  });

  it("every rule parses with the device's POSIX parser and every rule length fits the 50-char config field", () => {
    for (const [name, rule] of Object.entries(table)) {
      expect(() => parsePosixTz(rule), name).not.toThrow();
      expect(rule.length, name).toBeLessThanOrEqual(50);
    }
  });

  it("rules agree with ICU on offsets through the current year", () => {
    const year = new Date().getUTCFullYear();
    const sample = [
      "Europe/Berlin",
      "America/New_York",
      "Australia/Sydney",
      "Asia/Kathmandu",
      "America/Santiago",
    ];
    for (const zone of sample) {
      const tz = parsePosixTz(table[zone] ?? "");
      const f = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
      for (let month = 0; month < 12; month++) {
        const at = Date.UTC(year, month, 15, 12);
        const text = f.formatToParts(new Date(at)).find((p) => p.type === "timeZoneName")?.value ?? "";
        const m = /GMT(?:([+-])(\d\d):(\d\d))?/.exec(text);
        const icu = m?.[1] ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60) : 0;
        expect(offsetAt(tz, at / 1000), `${zone} ${month + 1}`).toBe(icu);
      }
    }
  });
});
