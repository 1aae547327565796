import { uiLimits } from "@dtu/api/limits";
import type { DtuConfig } from "@dtu/api/settings";
import { checkNumber, parseNumber, type Problem, type Problems } from "../../components/ui/validation";

/**
 * The CMT frequency band in the device's wire unit. v23.11.16 speaks kHz with the fixed SEED range; later
 * firmware (`cmt_country` present) speaks Hz with a per-country table (API.md §9.10). Never mix the two.
 */
export interface Band {
  /** Wire units per MHz (the field shows MHz). */
  perMhz: number;
  /** Wire units per kHz (the step is explained in kHz). */
  perKhz: number;
  min: number;
  max: number;
  step: number;
  legalMin: number;
  legalMax: number;
}

interface CountryDef {
  freq_min: number;
  freq_max: number;
  freq_legal_min: number;
  freq_legal_max: number;
}

function isCountryDef(v: unknown): v is CountryDef {
  if (typeof v !== "object" || v === null) return false;
  const o = v as Record<string, unknown>;
  return ["freq_min", "freq_max", "freq_legal_min", "freq_legal_max"].every((k) => typeof o[k] === "number");
}

export function dtuBand(c: DtuConfig): Band {
  if (c.cmt_country !== undefined) {
    const defs = Array.isArray(c.country_def) ? (c.country_def as unknown[]) : [];
    const d = defs[c.cmt_country];
    const f = uiLimits.cmtFrequency;
    const e = uiLimits.cmtEuBand;
    // Without a usable table fall back to the Europe numbers of the firmware, converted to Hz.
    const def: CountryDef = isCountryDef(d)
      ? d
      : {
          freq_min: f.min * 1000,
          freq_max: f.max * 1000,
          freq_legal_min: e.min * 1000,
          freq_legal_max: e.max * 1000,
        };
    return {
      perMhz: 1_000_000,
      perKhz: 1000,
      min: def.freq_min,
      max: def.freq_max,
      step: c.cmt_chan_width ?? f.step * 1000,
      legalMin: def.freq_legal_min,
      legalMax: def.freq_legal_max,
    };
  }
  return {
    perMhz: 1000,
    perKhz: 1,
    ...uiLimits.cmtFrequency,
    legalMin: uiLimits.cmtEuBand.min,
    legalMax: uiLimits.cmtEuBand.max,
  };
}

/** Form values as typed; the frequency in MHz. */
export interface DtuDraft {
  serial: string;
  pollinterval: string;
  nrf_palevel: string;
  cmt_palevel: string;
  frequencyMhz: string;
}
export type DtuField = keyof DtuDraft;

export function dtuDraft(c: DtuConfig, band: Band): DtuDraft {
  return {
    serial: c.serial,
    pollinterval: String(c.pollinterval),
    nrf_palevel: String(c.nrf_palevel),
    cmt_palevel: String(c.cmt_palevel),
    frequencyMhz: String(c.cmt_frequency / band.perMhz),
  };
}

/** The typed MHz value in the wire unit, or undefined when it is not an exact whole number of wire units. */
export function frequencyWire(mhz: string, band: Band): number | undefined {
  const n = parseNumber(mhz);
  if (n === undefined) return undefined;
  const wire = Math.round(n * band.perMhz);
  return Math.abs(wire - n * band.perMhz) < 1e-6 ? wire : undefined;
}

/** True when the frequency is valid but outside the legal band: a warning only (SEED §2 DTU settings). */
export function outsideLegalBand(mhz: string, band: Band): boolean {
  const w = frequencyWire(mhz, band);
  return w !== undefined && w >= band.min && w <= band.max && (w < band.legalMin || w > band.legalMax);
}

function checkFrequency(mhz: string, band: Band): Problem | undefined {
  if (mhz.trim() === "") return { key: "check.required" };
  if (parseNumber(mhz) === undefined) return { key: "check.number" };
  const w = frequencyWire(mhz, band);
  if (w === undefined || w < band.min || w > band.max || w % band.step !== 0) {
    return {
      key: "dtu.frequencyRange",
      params: { min: band.min / band.perMhz, max: band.max / band.perMhz, step: band.step / band.perKhz },
    };
  }
  return undefined;
}

/** SEED §5 DTU: serial 1…199999999999, poll 1–86400 s, CMT power −10…20 dBm, frequency range and step. */
export function validateDtu(d: DtuDraft, band: Band): Problems<DtuField> {
  const s = d.serial.trim();
  return {
    serial:
      s !== "" && !/^\d+$/.test(s)
        ? { key: "dtu.serialDigits" }
        : checkNumber(s, { ...uiLimits.dtuSerial, integer: true }),
    pollinterval: checkNumber(d.pollinterval, { ...uiLimits.pollInterval, integer: true }),
    cmt_palevel: checkNumber(d.cmt_palevel, { ...uiLimits.cmtPaLevel, integer: true }),
    frequencyMhz: checkFrequency(d.frequencyMhz, band),
  };
}

/** API.md §9.0: the GET object with the edits, serial as a hex-digit string, numbers as JSON numbers. */
export function dtuBody(base: DtuConfig, d: DtuDraft, band: Band): DtuConfig {
  return {
    ...base,
    serial: String(Number(d.serial.trim())),
    pollinterval: Number(d.pollinterval),
    nrf_palevel: Number(d.nrf_palevel),
    cmt_palevel: Number(d.cmt_palevel),
    cmt_frequency: frequencyWire(d.frequencyMhz, band) ?? base.cmt_frequency,
  };
}
