/**
 * What a simulated inverter of each family reports about itself: the device info of API.md §3.5 with a part number
 * that the model table (§4.5) maps back to the same model and max power, and the 141 raw grid-profile bytes (§3.6).
 */
import type { InverterFamily } from "@dtu/api/inverterType";
import type { DeviceInfo } from "@dtu/api/live";

interface ModelRow {
  /** First three bytes of the part number (big-endian). */
  prefix: number;
  name: string;
  maxPower: number;
}

/** API.md §4.5, first the exact 4-byte entries, then the 3-byte prefixes. */
const EXACT: Record<number, ModelRow> = {
  0x10101015: { prefix: 0x101010, name: "HM-300", maxPower: 210 },
};
const PREFIXES: ModelRow[] = [
  { prefix: 0x101010, name: "HM-300", maxPower: 300 },
  { prefix: 0x101020, name: "HM-350", maxPower: 350 },
  { prefix: 0x101030, name: "HM-400", maxPower: 400 },
  { prefix: 0x101040, name: "HM-400", maxPower: 400 },
  { prefix: 0x101110, name: "HM-600", maxPower: 600 },
  { prefix: 0x101120, name: "HM-700", maxPower: 700 },
  { prefix: 0x101130, name: "HM-800", maxPower: 800 },
  { prefix: 0x101140, name: "HM-800", maxPower: 800 },
  { prefix: 0x101210, name: "HM-1200", maxPower: 1200 },
  { prefix: 0x100230, name: "MI-1500 Gen3", maxPower: 1500 },
  { prefix: 0x101230, name: "HM-1500", maxPower: 1500 },
  { prefix: 0x102021, name: "HMS-350", maxPower: 350 },
  { prefix: 0x102041, name: "HMS-400", maxPower: 400 },
  { prefix: 0x101051, name: "HMS-450", maxPower: 450 },
  { prefix: 0x101071, name: "HMS-500", maxPower: 500 },
  { prefix: 0x102071, name: "HMS-500 v2", maxPower: 500 },
  { prefix: 0x102111, name: "HMS-600", maxPower: 600 },
  { prefix: 0x102141, name: "HMS-800", maxPower: 800 },
  { prefix: 0x101151, name: "HMS-900", maxPower: 900 },
  { prefix: 0x102151, name: "HMS-900", maxPower: 900 },
  { prefix: 0x102171, name: "HMS-1000", maxPower: 1000 },
  { prefix: 0x101171, name: "HMS-1000", maxPower: 1000 },
  { prefix: 0x102241, name: "HMS-1600", maxPower: 1600 },
  { prefix: 0x101251, name: "HMS-1800", maxPower: 1800 },
  { prefix: 0x102251, name: "HMS-1800", maxPower: 1800 },
  { prefix: 0x101271, name: "HMS-2000", maxPower: 2000 },
  { prefix: 0x102271, name: "HMS-2000", maxPower: 2000 },
  { prefix: 0x103311, name: "HMT-1800", maxPower: 1800 },
  { prefix: 0x103331, name: "HMT-2250", maxPower: 2250 },
];

/** The model table lookup of API.md §4.5: exact 4 bytes first, then the first 3 bytes; unknown → "" / 0. */
export function modelOf(partNumber: number): { name: string; maxPower: number } {
  const exact = EXACT[partNumber >>> 0];
  if (exact) return { name: exact.name, maxPower: exact.maxPower };
  const prefix = (partNumber >>> 8) & 0xffffff;
  const row = PREFIXES.find((r) => r.prefix === prefix);
  return row ? { name: row.name, maxPower: row.maxPower } : { name: "", maxPower: 0 };
}

interface FamilyProfile {
  /** Part-number prefix of the model this family simulates. */
  prefix: number;
  /** Firmware build version (raw 16-bit, shown as major.minor.patch) and bootloader. */
  fwBuild: number;
  fwBootloader: number;
  fwDate: string;
  hw: [number, number];
  /** Panel size in Wp per string when the channel has no configured max power. */
  panelWp: number;
  /** Rated MPP voltage of that panel. */
  vmp: number;
}

/** One plausible model per family (issue 2 §6): a typical panel is oversized ~10–20 % against the inverter share. */
const FAMILIES: Record<InverterFamily, FamilyProfile> = {
  "HM-1CH": {
    prefix: 0x101040,
    fwBuild: 10012,
    fwBootloader: 104,
    fwDate: "2021-11-09 10:12:00",
    hw: [1, 0],
    panelWp: 440,
    vmp: 34.2,
  },
  "HM-2CH": {
    prefix: 0x101140,
    fwBuild: 10012,
    fwBootloader: 104,
    fwDate: "2022-03-17 09:41:00",
    hw: [1, 0],
    panelWp: 440,
    vmp: 34.2,
  },
  "HM-4CH": {
    prefix: 0x101230,
    fwBuild: 10011,
    fwBootloader: 104,
    fwDate: "2021-12-02 14:27:00",
    hw: [1, 1],
    panelWp: 410,
    vmp: 33.8,
  },
  "HMS-1CH": {
    prefix: 0x101071,
    fwBuild: 10016,
    fwBootloader: 105,
    fwDate: "2023-02-21 08:55:00",
    hw: [1, 0],
    panelWp: 550,
    vmp: 41.6,
  },
  "HMS-1CHv2": {
    prefix: 0x102071,
    fwBuild: 10018,
    fwBootloader: 105,
    fwDate: "2023-06-14 13:05:00",
    hw: [2, 0],
    panelWp: 550,
    vmp: 41.6,
  },
  "HMS-2CH": {
    prefix: 0x102141,
    fwBuild: 10017,
    fwBootloader: 105,
    fwDate: "2023-04-03 16:20:00",
    hw: [1, 0],
    panelWp: 440,
    vmp: 41.2,
  },
  "HMS-4CH": {
    prefix: 0x102271,
    fwBuild: 10016,
    fwBootloader: 105,
    fwDate: "2022-12-12 11:48:00",
    hw: [1, 2],
    panelWp: 550,
    vmp: 41.8,
  },
  "HMT-4CH": {
    prefix: 0x103311,
    fwBuild: 10007,
    fwBootloader: 106,
    fwDate: "2023-01-30 07:33:00",
    hw: [1, 0],
    panelWp: 500,
    vmp: 42.4,
  },
  "HMT-6CH": {
    prefix: 0x103331,
    fwBuild: 10007,
    fwBootloader: 106,
    fwDate: "2023-01-30 07:33:00",
    hw: [1, 0],
    panelWp: 420,
    vmp: 42.4,
  },
};

export function familyProfile(family: InverterFamily): FamilyProfile {
  return FAMILIES[family];
}

/** The simulated part number: family prefix plus a revision byte derived from the serial (never the 0x15 quirk). */
export function partNumberOf(family: InverterFamily, serial: bigint): number {
  const revision = 0x01 + Number(serial % 7n);
  return ((FAMILIES[family].prefix << 8) | revision) >>> 0;
}

/** Nominal model (name, max W) of the simulated inverter; consistent with `modelOf(partNumberOf(...))`. */
export function modelOfFamily(family: InverterFamily, serial: bigint): { name: string; maxPower: number } {
  return modelOf(partNumberOf(family, serial));
}

const pad2 = (n: number): string => String(n).padStart(2, "0");

/** Device info once read (API.md §3.5). */
export function deviceInfoOf(family: InverterFamily, serial: bigint): DeviceInfo {
  const f = FAMILIES[family];
  const part = partNumberOf(family, serial);
  const model = modelOf(part);
  return {
    valid_data: true,
    fw_bootloader_version: f.fwBootloader,
    fw_build_version: f.fwBuild,
    hw_part_number: part,
    hw_version: `${pad2(f.hw[0])}.${pad2(f.hw[1])}`,
    hw_model_name: model.name,
    max_power: model.maxPower,
    fw_build_datetime: f.fwDate,
  };
}

/**
 * Before the first reception the firmware reports zeros and an unset build stamp (API.md §3.5: "the date is
 * garbage"); an all-zero time prints as the epoch.
 */
export const EMPTY_DEVICE_INFO: DeviceInfo = {
  valid_data: false,
  fw_bootloader_version: 0,
  fw_build_version: 0,
  hw_part_number: 0,
  hw_version: "00.00",
  hw_model_name: "",
  max_power: 0,
  fw_build_datetime: "1970-01-01 00:00:00",
};

export const GRID_PROFILE_LENGTH = 141;

/**
 * 141 grid-profile bytes (API.md §3.6) laid out like an inverter's: profile id and version, then sections of
 * (id, version, big-endian 16-bit values) with the item lists and scales of the public grid-profile tables (the web app
 * decodes them, issue 13), for a 230 V / 50 Hz EN 50549-1 grid (three-phase: 400 V nominal), zero-filled to the
 * fixed length. The active power section carries a per-model ramp so the profiles of different models differ.
 */
export function gridProfileOf(family: InverterFamily, serial: bigint): number[] {
  const maxPower = modelOfFamily(family, serial).maxPower;
  const threePhase = family.startsWith("HMT");
  const bytes: number[] = [];
  const section = (id: number, version: number, values: number[]): void => {
    bytes.push(id, version);
    for (const v of values) bytes.push((v >> 8) & 0xff, v & 0xff);
  };
  // Profile 0x0A00 = EN 50549-1:2019, version 2.0.1.
  bytes.push(0x0a, 0x00, 0x20, 0x01);
  // Voltage v0x0A: nominal, LV1 + trip (0.1 s), HV1 + trip, LV2 + trip (0.01 s), 10-min mean (all 0.1 V).
  section(0x00, 0x0a, [threePhase ? 4000 : 2300, 1840, 30, 2645, 1, 1035, 30, 2530]);
  // Frequency v0x00 (0.01 Hz; trips 0.1 s), island detection on, reconnection v0x03 (0.1 s, 0.1 V, 0.01 Hz).
  section(0x10, 0x00, [5000, 4750, 1, 5150, 1]);
  section(0x20, 0x00, [1]);
  section(0x30, 0x03, [600, 2530, 1955, 5010, 4750]);
  // Ramp rates (0.01 %/s), frequency-watt v0x00, volt-watt v0x00, active power control v0x02.
  section(0x40, 0x00, [20, 20]);
  section(0x50, 0x00, [1, 5020, 400, 16]);
  section(0x60, 0x00, [0, 2530, 2645, 500]);
  section(0x70, 0x02, [1, Math.round(100_000 / Math.max(1, maxPower))]);
  // Volt-var v0x00 (off): V1 207 V → Q1 +44 %Pn, V2/V3 220/248 V, V4 253 V → Q4 −44 %Pn (a signed item: the bytes
  // carry two's complement, which `section` writes as is).
  section(0x80, 0x00, [0, 2070, 440, 2200, 2480, 2530, -440]);
  // Fixed power factor 1.00.
  section(0x90, 0x00, [1, 100]);
  const out = bytes.slice(0, GRID_PROFILE_LENGTH);
  while (out.length < GRID_PROFILE_LENGTH) out.push(0);
  return out;
}
