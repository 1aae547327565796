import { inverterType } from "@dtu/api/inverterType";
import { DeviceInfo } from "@dtu/api/live";
import { parseStrict } from "@dtu/api/strict";
import { describe, expect, it } from "vitest";
import { alarmText, localeOf } from "../../src/fleet/alarms.ts";
import { deviceInfoOf, gridProfileOf, modelOf, modelOfFamily, partNumberOf } from "../../src/fleet/models.ts";

const SERIALS: Record<string, string> = {
  "112182123456": "HM-400",
  "114182123456": "HM-800",
  "116182123456": "HM-1500",
  "112412345678": "HMS-500",
  "112512345678": "HMS-500 v2",
  "114412345678": "HMS-800",
  "116482345678": "HMS-2000",
  "136112345678": "HMT-1800",
  "138212345678": "HMT-2250",
};

describe("model table (API.md §4.5)", () => {
  it("matches exact 4 bytes first, then 3-byte prefixes", () => {
    expect(modelOf(0x10101015)).toEqual({ name: "HM-300", maxPower: 210 });
    expect(modelOf(0x10101001)).toEqual({ name: "HM-300", maxPower: 300 });
    expect(modelOf(0x10114002)).toEqual({ name: "HM-800", maxPower: 800 });
    expect(modelOf(0x10227105)).toEqual({ name: "HMS-2000", maxPower: 2000 });
    expect(modelOf(0x12345678)).toEqual({ name: "", maxPower: 0 });
  });

  it.each(Object.entries(SERIALS))("device info of %s is consistent with its type (%s)", (serial, model) => {
    const type = inverterType(serial);
    expect(type).not.toBeNull();
    const family = type!.family; // non-null: asserted above
    const info = parseStrict(DeviceInfo, deviceInfoOf(family, BigInt("0x" + serial)));
    expect(info.valid_data).toBe(true);
    expect(info.hw_model_name).toBe(model);
    expect(modelOf(info.hw_part_number)).toEqual({ name: info.hw_model_name, maxPower: info.max_power });
    expect(info.hw_part_number).toBe(partNumberOf(family, BigInt("0x" + serial)));
    expect(info.max_power).toBe(modelOfFamily(family, BigInt("0x" + serial)).maxPower);
    expect(info.hw_version).toMatch(/^\d\d\.\d\d$/);
    expect(info.fw_build_datetime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(info.fw_build_version).toBeGreaterThan(10000);
  });

  it("grid profile is 141 bytes, not all zero, and carries the model's power", () => {
    const a = gridProfileOf("HM-2CH", 0x114182123456n);
    const b = gridProfileOf("HMS-4CH", 0x116482345678n);
    for (const p of [a, b]) {
      expect(p).toHaveLength(141);
      expect(p.every((x) => Number.isInteger(x) && x >= 0 && x <= 255)).toBe(true);
      expect(p.some((x) => x !== 0)).toBe(true);
    }
    expect(a).not.toEqual(b);
  });
});

describe("alarm texts (API.md §3.4, §4.6)", () => {
  it("selects language case-insensitively with English fallback", () => {
    expect(localeOf("DE")).toBe("de");
    expect(localeOf("fr")).toBe("fr");
    expect(localeOf("es")).toBe("en");
    expect(localeOf(undefined)).toBe("en");
    expect(alarmText(1, false, "en")).toBe("Inverter start");
    expect(alarmText(1, false, "de")).toBe("Wechselrichter gestartet");
    expect(alarmText(1, false, "fr")).toBe("Démarrage de l'onduleur");
    // No translation for this id: English text.
    expect(alarmText(150, false, "de")).toBe("DCI exceeded");
  });

  it("unknown ids and HMT overrides", () => {
    expect(alarmText(250, false, "en")).toBe("Unknown");
    expect(alarmText(250, false, "de")).toBe("Unbekannt");
    expect(alarmText(250, false, "fr")).toBe("Inconnu");
    expect(alarmText(171, false, "en")).toBe("Unknown");
    expect(alarmText(171, true, "en")).toBe("Grid: Abnormal phase difference between phase to phase");
    expect(alarmText(217, false, "en")).toBe("PV-2: Input overvoltage");
    expect(alarmText(217, true, "en")).toBe("PV-5: No input");
    // Ids above 255 never reach the client at this firmware.
    expect(alarmText(5070, false, "en")).toBe("Unknown");
  });
});
