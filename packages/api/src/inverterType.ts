/**
 * Inverter type from the serial (API.md §4.1): the type class, the type name shown as `type` in
 * /api/inverter/list (and as the Home Assistant model, MQTT.md §5.1), and the number of DC inputs.
 */
export type InverterFamily =
  "HMT-4CH" | "HMT-6CH" | "HMS-4CH" | "HMS-2CH" | "HMS-1CH" | "HMS-1CHv2" | "HM-4CH" | "HM-2CH" | "HM-1CH";

export interface InverterType {
  family: InverterFamily;
  typeName: string;
  dcInputs: number;
  radio: "nRF24" | "CMT2300A";
}

/**
 * `serial` is the hex-digit string of the wire; null for an unsupported ("Unknown") type. Rules are checked in the
 * table's order, first match wins (API.md §4.1).
 */
export function inverterType(serial: string): InverterType | null {
  if (!/^[0-9a-fA-F]{1,16}$/.test(serial)) return null;
  const value = BigInt("0x" + serial);
  const p = Number((value >> 32n) & 0xffffn);
  const middle = (p >> 4) & 0xff;
  if (p === 0x1361)
    return { family: "HMT-4CH", typeName: "HMT-1600/1800/2000-4T", dcInputs: 4, radio: "CMT2300A" };
  if (p === 0x1382)
    return { family: "HMT-6CH", typeName: "HMT-1800/2250-6T", dcInputs: 6, radio: "CMT2300A" };
  if (p === 0x1164)
    return { family: "HMS-4CH", typeName: "HMS-1600/1800/2000", dcInputs: 4, radio: "CMT2300A" };
  if (p === 0x1144)
    return { family: "HMS-2CH", typeName: "HMS-600/700/800/900/1000-2T", dcInputs: 2, radio: "CMT2300A" };
  if (p === 0x1124)
    return { family: "HMS-1CH", typeName: "HMS-300/350/400/450/500-1T", dcInputs: 1, radio: "CMT2300A" };
  if (p === 0x1125) return { family: "HMS-1CHv2", typeName: "HMS-500-1T v2", dcInputs: 1, radio: "CMT2300A" };
  if (middle === 0x16 || p === 0x1062)
    return { family: "HM-4CH", typeName: "HM-1000/1200/1500-4T", dcInputs: 4, radio: "nRF24" };
  if (middle === 0x14 || p === 0x1042)
    return { family: "HM-2CH", typeName: "HM-600/700/800-2T", dcInputs: 2, radio: "nRF24" };
  if (middle === 0x12 || p === 0x1022)
    return { family: "HM-1CH", typeName: "HM-300/350/400-1T", dcInputs: 1, radio: "nRF24" };
  return null;
}
