/**
 * The structure of Hoymiles grid profiles (facts from the public OpenDTU parser tables; labels are ours, in
 * locales/grid.ts). Bytes: 2 profile id, 2 version, then sections: id, version, and per item a big-endian 16-bit
 * value divided by the item's divisor: unsigned, except the items of `SIGNED`. Which items a section holds depends on its id and version.
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
 * Items 0x01, 0x02, … in order: label key in locales/grid.ts (a trailing "T" = that threshold's
 * trip time), unit ("b" an on/off flag, "-" none), divisor, and the number the label carries (LV1 …). Item 0xFF
 * ("unknown value") and ids past the list have no label.
 */
export const ITEMS: readonly string[] = [
  "nv V 10",
  "lv V 10 1",
  "lvT s 10 1",
  "hv V 10 1",
  "hvT s 10 1",
  "lv V 10 2",
  "lvT s 100 2",
  "hv V 10 2",
  "hvT s 100 2",
  "ahv V 10",
  "hv V 10 3",
  "hvT s 100 3",
  "nf Hz 100",
  "lf Hz 100 1",
  "lfT s 10 1",
  "hf Hz 100 1",
  "hfT s 10 1",
  "lf Hz 100 2",
  "lfT s 10 2",
  "hf Hz 100 2",
  "hfT s 10 2",
  "on b 1",
  "rt s 10",
  "rvMax V 10",
  "rvMin V 10",
  "rfMax Hz 100",
  "rfMin Hz 100",
  "ramp %/s 100",
  "softRamp %/s 100",
  "on b 1",
  "fStart Hz 100",
  "slope %Pn/Hz 10",
  "recRamp %Pn/s 100",
  "recMax Hz 10",
  "recMin Hz 100",
  "on b 1",
  "vStart V 10",
  "vEnd V 10",
  "slope %Pn/V 100",
  "on b 1",
  "pRamp %Pn/s 100",
  "on b 1",
  "vPoint V 10 1",
  "qPoint %Pn 10 1",
  "vPoint V 10 2",
  "vPoint V 10 3",
  "vPoint V 10 4",
  "qPoint %Pn 10 4",
  "settle s 10",
  "on b 1",
  "pf - 100",
  "on b 1",
  "q %Sn 1",
  "on b 1",
  "pStart %Pn 10",
  "pfRated - 100",
  "lv V 10 3",
  "lvT s 100 3",
  "mcLow V 10",
  "mcHigh V 10",
  "settle s 10",
  "lfT s 100 2",
  "hfT s 100 2",
  "srt s 10",
  "sit s 10",
];

/**
 * Items that carry a sign (two's complement): the volt-var reactive set points Q1 and Q4 (0x2c, 0x30: Q4 is
 * negative, under-excited, in the usual curves), the fixed power factor (0x33) and the power factor at rated power
 * (0x38), negative when under-excited, and the fixed reactive power (0x35). The firmware's own parser reads every
 * item as int16; the others are limits, times and rates that are never negative.
 */
export const SIGNED: readonly number[] = [0x2c, 0x30, 0x33, 0x35, 0x38];
