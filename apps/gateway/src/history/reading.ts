/**
 * What the recorder keeps of one inverter, read from a live-data inverter object in any of its shapes: 2022's flat
 * channels (`"0"`, `"1"`…, turned into the current shape by the conversion the web app uses), v23.11.16 (inverter
 * values in `AC/0`) and v24.2.12+ (moved to `INV/0`, API.md §9.2: read `INV` first, then `AC`). Summary objects (no
 * `AC`) carry no measurements and give null: the recorder waits for the detail.
 */
import type { ChannelMap, LiveInverter } from "@dtu/api/live";
import { normalizeInverter } from "@dtu/api/liveShapes";

export interface StringReading {
  /** DC channel index as on the wire (0-based). */
  ch: number;
  name: string;
  power: number;
  voltage: number;
  current: number;
  yieldDayWh: number | null;
  yieldTotalWh: number | null;
  /** Configured module power (the Irradiation field's `max`), 0 when unknown. */
  maxPower: number;
}

export interface InverterReading {
  serial: string;
  name: string;
  reachable: boolean;
  producing: boolean;
  /** Seconds since the DTU last read this inverter (API.md §3.1 data_age). */
  dataAge: number;
  limitRelative: number;
  power: number;
  voltage: number;
  current: number;
  temperature: number | null;
  yieldDayWh: number | null;
  yieldTotalWh: number | null;
  strings: StringReading[];
}

type Fieldish = { v?: number; u?: string; max?: number } | undefined;

function field(map: ChannelMap | undefined, ch: string, name: string): Fieldish {
  const f = map?.[ch]?.[name] as Fieldish;
  return f && typeof f.v === "number" && Number.isFinite(f.v) ? f : undefined;
}

/** Energy in Wh whatever the unit on the wire (YieldTotal is kWh, YieldDay Wh; API.md §4.3). */
function wh(f: Fieldish): number | null {
  if (!f || f.v === undefined) return null;
  return f.u === "kWh" ? f.v * 1000 : f.v;
}

export function readingOf(received: LiveInverter): InverterReading | null {
  const inv = normalizeInverter(received);
  if (!inv.AC || typeof inv.serial !== "string") return null;
  const level = (name: string): Fieldish => field(inv.INV, "0", name) ?? field(inv.AC, "0", name);
  const strings: StringReading[] = Object.keys(inv.DC ?? {})
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0)
    .sort((a, b) => a - b)
    .map((ch) => {
      const key = String(ch);
      const label = (inv.DC?.[key]?.name as { u?: string } | undefined)?.u;
      return {
        ch,
        name: label && label.trim() !== "" ? label : `${ch + 1}`,
        power: field(inv.DC, key, "Power")?.v ?? 0,
        voltage: field(inv.DC, key, "Voltage")?.v ?? 0,
        current: field(inv.DC, key, "Current")?.v ?? 0,
        yieldDayWh: wh(field(inv.DC, key, "YieldDay")),
        yieldTotalWh: wh(field(inv.DC, key, "YieldTotal")),
        maxPower: field(inv.DC, key, "Irradiation")?.max ?? 0,
      };
    });
  return {
    serial: inv.serial,
    name: inv.name,
    reachable: inv.reachable,
    producing: inv.producing,
    dataAge: inv.data_age,
    limitRelative: inv.limit_relative,
    power: field(inv.AC, "0", "Power")?.v ?? 0,
    voltage: field(inv.AC, "0", "Voltage")?.v ?? 0,
    current: field(inv.AC, "0", "Current")?.v ?? 0,
    temperature: level("Temperature")?.v ?? null,
    yieldDayWh: wh(level("YieldDay")),
    yieldTotalWh: wh(level("YieldTotal")),
    strings,
  };
}
