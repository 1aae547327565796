/**
 * /zones.json against the firmware's table (v23.11.16): exactly its zone NAMES (firmware-zone-names.json, the list
 * the generator reads), with our rules from current tz data. Where countries changed their rules after the firmware's
 * 2023 table (Mexico dropped DST, Egypt and Greenland brought it back, Jordan and Syria stayed on summer time,
 * Kazakhstan unified to +05, Paraguay, Fiji, Iran without DST, …), ours are kept; this list names every zone whose
 * clock differs (not only its abbreviation). Europe/Dublin is the same clock written the other way (negative DST).
 */
import { describe, expect, it } from "vitest";
import names from "../../scripts/firmware-zone-names.json" with { type: "json" };
import zones from "../../src/generated/zones.json" with { type: "json" };

const table = zones as Record<string, string>;

/** Zones whose rule differs from the firmware's beyond abbreviations: the firmware's rule, and ours. */
const CHANGED: Record<string, { firmware: string; ours: string }> = {
  "Africa/Cairo": { firmware: "EET-2", ours: "EET-2EEST,M4.5.5/0,M10.5.4/24" },
  "America/Asuncion": { firmware: "<-04>4<-03>,M10.1.0/0,M3.4.0/0", ours: "PYT3" },
  "America/Bahia_Banderas": { firmware: "CST6CDT,M4.1.0,M10.5.0", ours: "CST6" },
  "America/Chihuahua": { firmware: "MST7MDT,M4.1.0,M10.5.0", ours: "CST6" },
  "America/Godthab": { firmware: "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", ours: "WGT2WGST,M3.5.0/-1,M10.5.0/0" },
  "America/Mazatlan": { firmware: "MST7MDT,M4.1.0,M10.5.0", ours: "MST7" },
  "America/Merida": { firmware: "CST6CDT,M4.1.0,M10.5.0", ours: "CST6" },
  "America/Mexico_City": { firmware: "CST6CDT,M4.1.0,M10.5.0", ours: "CST6" },
  "America/Monterrey": { firmware: "CST6CDT,M4.1.0,M10.5.0", ours: "CST6" },
  "America/Nuuk": { firmware: "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", ours: "WGT2WGST,M3.5.0/-1,M10.5.0/0" },
  "America/Ojinaga": { firmware: "MST7MDT,M3.2.0,M11.1.0", ours: "CST6CDT,M3.2.0,M11.1.0" },
  "America/Scoresbysund": {
    firmware: "<-01>1<+00>,M3.5.0/0,M10.5.0/1",
    ours: "WGT2WGST,M3.5.0/-1,M10.5.0/0",
  },
  "Antarctica/Casey": { firmware: "<+11>-11", ours: "AWST-8" },
  "Antarctica/Vostok": { firmware: "<+06>-6", ours: "MAWT-5" },
  "Asia/Almaty": { firmware: "<+06>-6", ours: "<+05>-5" },
  "Asia/Amman": { firmware: "EET-2EEST,M2.5.4/24,M10.5.5/1", ours: "<+03>-3" },
  "Asia/Damascus": { firmware: "EET-2EEST,M3.5.5/0,M10.5.5/0", ours: "<+03>-3" },
  "Asia/Gaza": { firmware: "EET-2EEST,M3.4.4/48,M10.5.5/1", ours: "EET-2EEST,M3.5.0/-22,M10.5.0/-22" },
  "Asia/Hebron": { firmware: "EET-2EEST,M3.4.4/48,M10.5.5/1", ours: "EET-2EEST,M3.5.0/-22,M10.5.0/-22" },
  "Asia/Tehran": { firmware: "<+0330>-3:30<+0430>,J79/24,J263/24", ours: "IRST-3:30" },
  "Europe/Dublin": { firmware: "IST-1GMT0,M10.5.0,M3.5.0/1", ours: "GMT0IST,M3.5.0/1,M10.5.0" },
  "Pacific/Fiji": { firmware: "<+12>-12<+13>,M11.2.0,M1.2.3/99", ours: "FJT-12" },
};

/** A rule with its abbreviations blanked: what the clock does. */
const clockOf = (rule: string): string => rule.replace(/<[^>]*>|[A-Za-z]{3,}/g, "X");

describe("/zones.json names and rules (issue 16 §5)", () => {
  it("holds exactly the firmware's zone names", () => {
    expect(names).toHaveLength(461);
    expect(Object.keys(table)).toEqual([...names].sort());
  });

  it("has the Etc/* names a device may have saved and none of the aliases the firmware lacks", () => {
    const etc = Object.keys(table).filter((n) => n.startsWith("Etc/"));
    expect(etc).toHaveLength(35);
    for (const n of [
      "Etc/GMT+0",
      "Etc/GMT-14",
      "Etc/GMT+12",
      "Etc/Zulu",
      "Etc/UCT",
      "Etc/Greenwich",
      "Etc/GMT0",
    ]) {
      expect(table[n], n).toBeDefined();
    }
    expect(table["Etc/GMT+5"]).toBe("<-05>5");
    expect(table["Etc/GMT-14"]).toBe("<+14>-14");
    for (const alias of ["US/Eastern", "America/Buenos_Aires", "Africa/Asmera", "America/Ciudad_Juarez"]) {
      expect(table[alias], alias).toBeUndefined();
    }
  });

  it("keeps our newer rules where the countries changed theirs, and lists each such zone", () => {
    expect(Object.keys(CHANGED)).toHaveLength(22);
    for (const [zone, { firmware, ours }] of Object.entries(CHANGED)) {
      expect(table[zone], zone).toBe(ours);
      expect(clockOf(ours), zone).not.toBe(clockOf(firmware));
    }
    expect(table["America/Mexico_City"]).toBe("CST6");
    expect(table["Africa/Cairo"]).toMatch(/^EET-2EEST,/);
  });
});
