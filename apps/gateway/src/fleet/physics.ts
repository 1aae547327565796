/**
 * The power model (issue 2 §6): a pure function of the sun's position, the weather noise and the inverter's state.
 * Plane-of-array irradiance from a clear-sky model and each string's orientation, dimmed by passing clouds; module
 * power with a temperature coefficient, clipped at the module size; AC output after a load-dependent efficiency,
 * clipped by the model's max power and the active limit. Values are rounded to the decimals the wire uses.
 */
import type { InverterFamily } from "@dtu/api/inverterType";
import { smoothNoise, unit, wobble } from "./random.ts";

export interface StringSetup {
  /** Module size in Wp (the channel's configured max power, else the family's typical panel). */
  panelWp: number;
  /** Panel azimuth in degrees (0 north, 180 south) and tilt from horizontal. */
  azimuth: number;
  tilt: number;
  /** Per-string yield factor (soiling, mismatch, cable losses), ~0.9–1.02. */
  variation: number;
  vmp: number;
  key: number;
}

export interface InverterSetup {
  family: InverterFamily;
  /** Model max AC power in W. */
  maxPower: number;
  strings: StringSetup[];
  key: number;
  /** Simulated string faults (faults.ts): factor of each string's power, 1 where absent. */
  faults?: readonly number[];
}

export interface Weather {
  elevation: number;
  azimuth: number;
  /** Fraction of clear-sky irradiance that gets through, 0.2–1. */
  clearness: number;
  /** Ambient air temperature in °C. */
  ambient: number;
}

export interface DcSample {
  power: number;
  voltage: number;
  current: number;
}

export interface Sample {
  /** The inverter has DC supply (it is awake and would answer and log events). */
  awake: boolean;
  dc: DcSample[];
  ac: {
    power: number;
    voltage: number;
    current: number;
    powerDc: number;
    frequency: number;
    powerFactor: number;
    reactivePower: number;
    efficiency: number;
  };
  temperature: number;
}

/** Elevation (°) below which the modules deliver too little voltage to keep the inverter running. */
export const WAKE_ELEVATION = -1;

const rad = (deg: number): number => (deg * Math.PI) / 180;
const round = (v: number, d: number): number => {
  const f = 10 ** d;
  return Math.round(v * f) / f;
};

/** Plane-of-array irradiance in W/m² for a string (clear sky, before clouds). */
export function planeIrradiance(
  s: Pick<StringSetup, "azimuth" | "tilt">,
  elevation: number,
  azimuth: number,
): number {
  if (elevation <= 0) return 0;
  const sinE = Math.sin(rad(elevation));
  // Kasten–Young air mass and a Meinel-style clear-sky direct normal irradiance.
  const airMass = 1 / (sinE + 0.50572 * (elevation + 6.07995) ** -1.6364);
  const dni = 1353 * 0.7 ** (airMass ** 0.678);
  const cosIncidence =
    sinE * Math.cos(rad(s.tilt)) +
    Math.cos(rad(elevation)) * Math.sin(rad(s.tilt)) * Math.cos(rad(azimuth - s.azimuth));
  const diffuse = 0.11 * dni * ((1 + Math.cos(rad(s.tilt))) / 2);
  return Math.max(0, dni * Math.max(0, cosIncidence) + diffuse);
}

/**
 * Passing clouds: a day-level cloudiness (some days clear, some overcast) and two octaves of smooth noise (fronts
 * over ~20 minutes, single clouds over ~3 minutes). Returns the fraction of light that gets through.
 */
export function clearness(seed: number, atMs: number): number {
  const minutes = atMs / 60_000;
  const day = Math.floor(atMs / 86_400_000);
  const cloudiness = unit(seed, 7, day) ** 1.5; // skewed towards clear days
  const n = 0.65 * smoothNoise(seed ^ 0x51, minutes / 20) + 0.35 * smoothNoise(seed ^ 0x52, minutes / 3);
  const threshold = 1 - cloudiness * 0.9;
  const cover = Math.min(1, Math.max(0, (n - threshold + 0.1) / 0.2));
  return 1 - 0.78 * cover * (0.6 + 0.4 * cloudiness);
}

/** Air temperature: a seasonal swing (by hemisphere) plus a daily swing peaking mid-afternoon solar time. */
export function ambientTemperature(latitude: number, longitude: number, atMs: number): number {
  const date = new Date(atMs);
  const dayOfYear = (atMs - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000;
  const season = -Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365) * (latitude >= 0 ? 1 : -1);
  const solarHour = (date.getUTCHours() + date.getUTCMinutes() / 60 + longitude / 15 + 24) % 24;
  const daily = Math.sin((2 * Math.PI * (solarHour - 9)) / 24);
  const climate = 25 - Math.abs(latitude) * 0.3;
  return climate + 9 * season + 5 * daily;
}

export interface OutputState {
  on: boolean;
  /** Active limit in percent of the model's max power. */
  limitPercent: number;
}

/** A string's maximum power point before the inverter takes its share: power, MPP and open-circuit voltage. */
interface StringPoint {
  power: number;
  vmp: number;
  voc: number;
}

/** The grid as the inverter measures it: voltage (line voltage L1–L2 for HMT) and frequency. */
interface Grid {
  voltage: number;
  frequency: number;
}

/** What an inverter measures while asleep: nothing but the air temperature. */
function asleep(setup: InverterSetup, weather: Weather, awake: boolean): Sample {
  return {
    awake,
    dc: setup.strings.map(() => ({ power: 0, voltage: 0, current: 0 })),
    ac: {
      power: 0,
      voltage: 0,
      current: 0,
      powerDc: 0,
      frequency: 0,
      powerFactor: 0,
      reactivePower: 0,
      efficiency: 0,
    },
    temperature: round(weather.ambient, 1),
  };
}

/** Per string: irradiance, cell temperature, MPP power and voltage. */
function stringPoints(setup: InverterSetup, weather: Weather, minutes: number): StringPoint[] {
  return setup.strings.map((s, i) => {
    const poa = planeIrradiance(s, weather.elevation, weather.azimuth) * weather.clearness;
    const cell = weather.ambient + (poa / 800) * 25;
    const raw =
      s.panelWp * (poa / 1000) * (1 - 0.0037 * (cell - 25)) * s.variation * (setup.faults?.[i] ?? 1);
    const power = Math.min(s.panelWp, Math.max(0, raw));
    // MPP voltage drops with heat and (logarithmically) with low light; at dawn the open-circuit voltage is low.
    const light = Math.max(poa, 2) / 1000;
    const vmp =
      s.vmp *
      (1 + 0.045 * Math.log(light)) *
      (1 - 0.0033 * (cell - 25)) *
      (1 + 0.004 * wobble(s.key, minutes));
    return { power, vmp: Math.max(0, vmp), voc: Math.max(0, vmp * 1.2) };
  });
}

function gridAt(setup: InverterSetup, threePhase: boolean, minutes: number): Grid {
  return {
    voltage: threePhase
      ? 400 + 6 * wobble(setup.key ^ 0x61, minutes / 7)
      : 230.5 + 3.5 * wobble(setup.key ^ 0x61, minutes / 7),
    frequency: 50 + 0.025 * wobble(setup.key ^ 0x62, minutes / 2),
  };
}

/** Power factor and reactive power at this AC power (signed for HMS-4CH and HMT, unsigned for the others). */
function reactive(
  setup: InverterSetup,
  power: number,
  relLoad: number,
  threePhase: boolean,
  minutes: number,
): { powerFactor: number; reactivePower: number } {
  const powerFactor = round(
    Math.min(
      1,
      0.993 + 0.007 * Math.min(1, relLoad * 2) - 0.001 * Math.abs(wobble(setup.key ^ 0x64, minutes)),
    ),
    3,
  );
  const reactiveMagnitude = power * Math.tan(Math.acos(powerFactor));
  // Signed for HMS-4CH and HMT, unsigned for the others (API.md §4.3).
  const signed = setup.family === "HMS-4CH" || threePhase;
  const reactivePower = round(
    signed && wobble(setup.key ^ 0x65, minutes / 9) < 0 ? -reactiveMagnitude : reactiveMagnitude,
    1,
  );
  return { powerFactor, reactivePower };
}

/** The moment's readings of a producing inverter: the strings' power within its limit, the AC side. */
interface Producing {
  setup: InverterSetup;
  weather: Weather;
  state: OutputState;
  strings: StringPoint[];
  dcAvailable: number;
  grid: Grid;
  voltageOf: (i: number, v: number[]) => number;
  threePhase: boolean;
  minutes: number;
}

function producing(p: Producing): Sample {
  const { setup, weather, state, strings, dcAvailable, grid, voltageOf, threePhase, minutes } = p;
  const cap = setup.maxPower * (Math.min(100, Math.max(0, state.limitPercent)) / 100);
  const load = dcAvailable / setup.maxPower;
  const efficiency = 0.962 - 0.035 * Math.exp(-12 * load) + 0.0015 * wobble(setup.key ^ 0x63, minutes / 5);
  let ac = dcAvailable * efficiency;
  let scale = 1;
  if (ac > cap) {
    // Clipping: the MPP trackers move towards open circuit, all strings deliver proportionally less.
    scale = cap / ac;
    ac = cap;
  }
  const vmps = strings.map((s) => s.vmp * (1 + 0.12 * (1 - scale)));
  const dc = strings.map((s, i) => {
    const power = round(s.power * scale, 1);
    const voltage = round(voltageOf(i, vmps), 1);
    return { power, voltage, current: voltage > 0 ? round(power / voltage, 2) : 0 };
  });
  const powerDc = round(
    dc.reduce((a, s) => a + s.power, 0),
    1,
  );
  const power = round(ac, 1);
  const relLoad = ac / setup.maxPower;
  const { powerFactor, reactivePower } = reactive(setup, power, relLoad, threePhase, minutes);
  // HMT: line voltage L1–L2 and the current of phase 1 (API.md §4.2).
  const current = threePhase ? power / (Math.sqrt(3) * grid.voltage) : power / grid.voltage;
  const temperature = weather.ambient + 4 + 30 * relLoad + 0.3 * wobble(setup.key ^ 0x66, minutes / 4);
  return {
    awake: true,
    dc,
    ac: {
      power,
      voltage: round(grid.voltage, 1),
      current: round(current, 2),
      powerDc,
      frequency: round(grid.frequency, 2),
      powerFactor,
      reactivePower,
      efficiency: powerDc > 0 ? round((power / powerDc) * 100, 3) : 0,
    },
    temperature: round(temperature, 1),
  };
}

/** Everything the inverter measures at `atMs`. */
export function sample(setup: InverterSetup, weather: Weather, state: OutputState, atMs: number): Sample {
  const minutes = atMs / 60_000;
  const awake = weather.elevation > WAKE_ELEVATION;
  const threePhase = setup.family.startsWith("HMT");
  const zero = asleep(setup, weather, awake);
  if (!awake) return zero;

  const strings = stringPoints(setup, weather, minutes);
  // Shared voltages: HM-4CH and HMT measure one voltage per MPPT pair (API.md §4.3).
  const pairs = setup.family === "HM-4CH" || threePhase;
  const voltageOf = (i: number, v: number[]): number => (pairs ? (v[i - (i % 2)] ?? 0) : (v[i] ?? 0));

  const dcAvailable = strings.reduce((a, s) => a + s.power, 0);
  const grid = gridAt(setup, threePhase, minutes);
  if (!state.on || dcAvailable < 0.5) {
    // Off, or too little light: no power, modules at open-circuit voltage, grid still measured.
    const voc = strings.map((s) => s.voc);
    return {
      ...zero,
      dc: strings.map((_, i) => ({ power: 0, voltage: round(voltageOf(i, voc), 1), current: 0 })),
      ac: { ...zero.ac, voltage: round(grid.voltage, 1), frequency: round(grid.frequency, 2) },
    };
  }
  return producing({ setup, weather, state, strings, dcAvailable, grid, voltageOf, threePhase, minutes });
}

/** Orientation and variation of each string, reproducible per inverter and channel. */
export function stringSetup(
  key: number,
  channel: number,
  panelWp: number,
  vmp: number,
  southern: boolean,
): StringSetup {
  // One roof direction per inverter (within ±50° of the equator-facing direction), strings within ±12° of it.
  const roof = (southern ? 0 : 180) + (unit(key, 1) - 0.5) * 100;
  return {
    panelWp,
    azimuth: roof + (unit(key, 2, channel) - 0.5) * 24,
    tilt: 20 + unit(key, 3, channel) * 20,
    variation: 0.9 + unit(key, 4, channel) * 0.12,
    vmp,
    key: (key ^ (channel * 0x9e37)) >>> 0,
  };
}
