import type { MessageKey } from "../../../lib/i18n";

/**
 * The structure of Hoymiles grid profiles (facts from the public OpenDTU parser tables; labels are ours, in
 * locales/grid.ts). Bytes: 2 profile id, 2 version, then sections: id, version, and per item a big-endian 16-bit
 * value divided by the item's divisor: unsigned, except items with a negative divisor (two's complement). Which items a section holds depends on its id and version.
 */

/** Profile id (two bytes, hex) → the grid code's name; standard identifiers, not translated. */
export const PROFILES: Record<string, string> = {
  "0200": "US - NA_IEEE1547_240V",
  "0300": "DE - DE_VDE4105_2018",
  "0301": "DE - DE_VDE4105_2011",
  "0a00": "XX - EN 50549-1:2019",
  "0c00": "AT - AT_TOR_Erzeuger_default",
  "0d04": "XX - NF_EN_50549-1:2019",
  "1000": "ES - ES_RD1699",
  "1200": "PL - EU_EN50438",
  "2900": "NL - NL_NEN-EN50549-1_2019",
  "3700": "CH - CH_NA EEA-NE7-CH2020",
};

/** Section names (locales/grid.ts) by section id / 16, written out: the device build renames only literal keys. */
export const SECTION_KEYS = [
  "grid.s0",
  "grid.s1",
  "grid.s2",
  "grid.s3",
  "grid.s4",
  "grid.s5",
  "grid.s6",
  "grid.s7",
  "grid.s8",
  "grid.s9",
  "grid.s10",
  "grid.s11",
] as const satisfies readonly MessageKey[];

/** Section id + version (hex) → its item ids (hex, two digits each), in byte order. */
export const SECTIONS: Record<string, string> = {
  "0000": "0102030405",
  "0001": "01020304050809",
  "0002": "01020304050607",
  "0003": "0102030506070809",
  "0008": "0102030405ff",
  "000a": "010203040506070a",
  "000b": "0102030405060708090a",
  "000c": "0102030405060708090b0c0a",
  "0035": "010203040506070809393a3b3c",
  "1000": "0d0e0f1011",
  "1003": "0d0e0f1011123e143f",
  "2000": "16",
  "3003": "1718191a1b",
  "3007": "1718191a1b4041",
  "4000": "1c1d",
  "5000": "1e1f2021",
  "5001": "1e1f202122",
  "5008": "1e1f20212223",
  "5011": "1e1f20213d",
  "6000": "24252627",
  "6004": "24252627",
  "7000": "28",
  "7002": "2829",
  "8000": "2a2b2c2d2e2f30",
  "8001": "2a2b2c2d2e2f3031",
  "9000": "3233",
  a002: "3435",
  b000: "363738",
};

/**
 * Items 0x01, 0x02, … in order: label key in locales/grid.ts (written out: the device build renames only literal
 * keys), then unit ("t" seconds, the trip time of that threshold; "b" an on/off flag; "-" none), divisor, and the
 * number the label carries (LV1 …). Item 0xFF
 * ("unknown value") and ids past the list have no label. A negative divisor marks a signed item: the volt-var
 * reactive set points Q1 and Q4 (Q4 is negative, under-excited, in the usual curves), the fixed power factor and the
 * power factor at rated power (negative when under-excited) and the fixed reactive power. The firmware's own parser
 * reads every item as int16; the others are limits, times and rates that are never negative.
 */
export const ITEMS: readonly (readonly [MessageKey, string])[] = [
  ["grid.nv", "V 10"],
  ["grid.lv", "V 10 1"],
  ["grid.lv", "t 10 1"],
  ["grid.hv", "V 10 1"],
  ["grid.hv", "t 10 1"],
  ["grid.lv", "V 10 2"],
  ["grid.lv", "t 100 2"],
  ["grid.hv", "V 10 2"],
  ["grid.hv", "t 100 2"],
  ["grid.ahv", "V 10"],
  ["grid.hv", "V 10 3"],
  ["grid.hv", "t 100 3"],
  ["grid.nf", "Hz 100"],
  ["grid.lf", "Hz 100 1"],
  ["grid.lf", "t 10 1"],
  ["grid.hf", "Hz 100 1"],
  ["grid.hf", "t 10 1"],
  ["grid.lf", "Hz 100 2"],
  ["grid.lf", "t 10 2"],
  ["grid.hf", "Hz 100 2"],
  ["grid.hf", "t 10 2"],
  ["grid.on", "b 1"],
  ["grid.rt", "s 10"],
  ["grid.rvMax", "V 10"],
  ["grid.rvMin", "V 10"],
  ["grid.rfMax", "Hz 100"],
  ["grid.rfMin", "Hz 100"],
  ["grid.ramp", "%/s 100"],
  ["grid.softRamp", "%/s 100"],
  ["grid.on", "b 1"],
  ["grid.fStart", "Hz 100"],
  ["grid.slope", "%Pn/Hz 10"],
  ["grid.recRamp", "%Pn/s 100"],
  ["grid.recMax", "Hz 10"],
  ["grid.recMin", "Hz 100"],
  ["grid.on", "b 1"],
  ["grid.vStart", "V 10"],
  ["grid.vEnd", "V 10"],
  ["grid.slope", "%Pn/V 100"],
  ["grid.on", "b 1"],
  ["grid.pRamp", "%Pn/s 100"],
  ["grid.on", "b 1"],
  ["grid.vPoint", "V 10 1"],
  ["grid.qPoint", "%Pn -10 1"],
  ["grid.vPoint", "V 10 2"],
  ["grid.vPoint", "V 10 3"],
  ["grid.vPoint", "V 10 4"],
  ["grid.qPoint", "%Pn -10 4"],
  ["grid.settle", "s 10"],
  ["grid.on", "b 1"],
  ["grid.pf", "- -100"],
  ["grid.on", "b 1"],
  ["grid.q", "%Sn -1"],
  ["grid.on", "b 1"],
  ["grid.pStart", "%Pn 10"],
  ["grid.pfRated", "- -100"],
  ["grid.lv", "V 10 3"],
  ["grid.lv", "t 100 3"],
  ["grid.mcLow", "V 10"],
  ["grid.mcHigh", "V 10"],
  ["grid.settle", "s 10"],
  ["grid.lf", "t 100 2"],
  ["grid.hf", "t 100 2"],
  ["grid.srt", "s 10"],
  ["grid.sit", "s 10"],
];
