import { describe, expect, it } from "vitest";
import { apMac, chipIdFromMac, createIdentity, resolveHostname } from "../../src/device/identity.ts";
import { activePins, cmtConfigured, compiledPins, nrfConfigured } from "../../src/device/pins.ts";
import { generatedDtuSerial } from "../../src/config/defaults.ts";
import { serialToWire } from "../../src/wire/coerce.ts";
import { parseIp } from "../../src/routes/network.ts";

describe("identity from the MAC (API.md §4.9)", () => {
  it("derives chip id, AP SSID, AP MAC and the DTU serial", () => {
    expect(chipIdFromMac("24:6F:28:3A:5F:1C")).toBe(3825436);
    const id = createIdentity(
      {
        mac: "24:6F:28:3A:5F:1C",
        ip: "10.0.0.2",
        bssid: "00:11:22:33:44:55",
        rssi: -50,
        gitHash: "v23.11.16",
      },
      () => "OpenDTU-%06X",
    );
    expect(id.apSsid).toBe("OpenDTU-3825436");
    expect(id.hostname()).toBe("OpenDTU-3A5F1C");
    expect(apMac("24:6F:28:3A:5F:FF")).toBe("24:6F:28:3A:60:00");
    expect(serialToWire(generatedDtuSerial(3825436))).toBe("199980125436");
    expect(() => chipIdFromMac("nope")).toThrow();
  });

  it("sanitises hostnames like the firmware", () => {
    expect(resolveHostname("my dtu_1+a!b?c*d", 1)).toBe("my-dtu-1-a-b-c-d");
    expect(resolveHostname("dtü.home", 1)).toBe("dthome");
    expect(resolveHostname("x".repeat(40), 1)).toHaveLength(31);
    expect(resolveHostname("solar--", 1)).toBe("solar");
    expect(resolveHostname("...", 0x3a5f1c)).toBe("OpenDTU-3A5F1C");
    expect(resolveHostname("pv-%06X", 0xab)).toBe("pv-0000AB");
  });
});

describe("pins (API.md §5.3)", () => {
  it("takes the named profile, keys it lacks from the compiled defaults", () => {
    const profiles = [{ name: "A", nrf24: { miso: 1, cs: "x" }, display: { type: 2 } }, { name: "B" }];
    const pins = activePins(profiles, "A");
    expect(pins.nrf24).toEqual({ ...compiledPins().nrf24, miso: 1 });
    expect(pins.display).toEqual({ type: 2, data: 255, clk: 255, cs: 255, reset: 255 });
    expect(activePins(profiles, "missing")).toEqual(compiledPins());
    expect(activePins(null, "A")).toEqual(compiledPins());
    const none = activePins([{ name: "N", nrf24: { miso: -1 }, cmt: { sdio: -1 } }], "N");
    expect(nrfConfigured(none)).toBe(false);
    expect(cmtConfigured(none)).toBe(false);
  });
});

describe("IP text check (API.md §3.17)", () => {
  it("three dots, digits only, octets ≤ 255, empty octet 0", () => {
    expect(parseIp("192.168.1.2")).toBe("192.168.1.2");
    expect(parseIp("1..2.3")).toBe("1.0.2.3");
    expect(parseIp("...")).toBe("0.0.0.0");
    expect(parseIp("")).toBeNull();
    expect(parseIp("1.2.3")).toBeNull();
    expect(parseIp("1.2.3.256")).toBeNull();
    expect(parseIp(" 1.2.3.4")).toBeNull();
  });
});
