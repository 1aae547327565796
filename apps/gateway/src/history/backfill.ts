/**
 * First start of the simulated gateway (issue 14 §4): a fresh history.db gets the last 30 days from the fleet's own
 * sun and weather model (fleet/physics.ts, time/sun.ts), so a new user sees a month of charts at once. One sample per
 * 5-minute slot, energy as power × 5 min. Only for a database without any series: never over recorded data. With
 * the simulated house (issue 31 §8) its meter too: per slot the house's load minute by minute minus the slot's
 * production, integrated into import and export as the live recording does (grid.ts), so History shows them at once.
 */
import { inverterType } from "@dtu/api/inverterType";
import type { ConfigJson } from "../config/types.ts";
import { familyProfile, modelOfFamily } from "../fleet/models.ts";
import {
  ambientTemperature,
  clearness,
  sample,
  stringSetup,
  type InverterSetup,
  type Sample,
} from "../fleet/physics.ts";
import { hash, seededRandom } from "../fleet/random.ts";
import { offsetAt } from "../time/posixTz.ts";
import { solarPosition } from "../time/sun.ts";
import { addDays, dayOf, dayStart } from "./days.ts";
import type { History } from "./index.ts";
import { INVERTER_CH, SLOT_S, TOTAL_SERIAL } from "./store.ts";

interface Modelled {
  /** Hex serial as the series have it. */
  serial: string;
  setup: InverterSetup;
  /** Series ids: the inverter, then its strings. */
  sids: number[];
  /** Its latest producing sample (Unix s of the slot). */
  last?: { tSec: number; sample: Sample };
}

function isEmpty(h: History): boolean {
  return (h.db.prepare("SELECT count(*) AS n FROM series").get() as { n: number }).n === 0;
}

type Writer = History["writer"];
type Place = { latitude: number; longitude: number };
type SunPosition = { elevation: number; azimuth: number };

/** The configured inverters the model knows, with their strings' setup and their series (created here). */
function modelFleet(config: ConfigJson, seed: number, writer: Writer): Modelled[] {
  const southern = config.ntp.latitude < 0;
  const fleet: Modelled[] = [];
  for (const cfg of config.inverters) {
    const serial = BigInt(cfg.serial).toString(16);
    const type = inverterType(serial);
    if (!type) continue;
    const profile = familyProfile(type.family);
    const key = hash(seed, Number(BigInt(cfg.serial) & 0xffffffffn), Number(BigInt(cfg.serial) >> 32n));
    const strings = Array.from({ length: type.dcInputs }, (_, i) => {
      const wp = cfg.channel[i]?.max_power ?? 0;
      return stringSetup(key, i, wp > 0 ? wp : profile.panelWp, profile.vmp, southern);
    });
    const sids = [writer.seriesId(serial, INVERTER_CH, cfg.name)];
    strings.forEach((_, i) => {
      const label = cfg.channel[i]?.name || `${i + 1}`;
      sids.push(writer.seriesId(serial, i, `${cfg.name} / ${label}`));
    });
    fleet.push({
      serial,
      setup: {
        family: type.family,
        maxPower: modelOfFamily(type.family, BigInt(cfg.serial)).maxPower,
        key,
        strings,
      },
      sids,
    });
  }
  return fleet;
}

/** The sun's position every 30 minutes, linearly interpolated between (the exact search costs ~0.4 ms a call). */
function sunOnGrid(place: Place): (at: number) => SunPosition {
  const GRID_MS = 1_800_000;
  const grid = new Map<number, SunPosition>();
  const gridAt = (k: number): SunPosition => {
    let p = grid.get(k);
    if (!p) grid.set(k, (p = solarPosition(place, k * GRID_MS)));
    return p;
  };
  return (at) => {
    const k = Math.floor(at / GRID_MS);
    const [a, b, f] = [gridAt(k), gridAt(k + 1), (at - k * GRID_MS) / GRID_MS];
    let dAz = b.azimuth - a.azimuth;
    if (dAz > 180) dAz -= 360;
    if (dAz < -180) dAz += 360;
    return {
      elevation: a.elevation + (b.elevation - a.elevation) * f,
      azimuth: (a.azimuth + dAz * f + 360) % 360,
    };
  };
}

/**
 * The simulated house's load (W, all phases) at a local date and minute of that day (src/meter/house/model.ts; the
 * history cannot import the meter's folder, so the caller hands it in).
 */
export type HouseLoad = (date: string, minute: number) => number;

/** Each series' energy and peak of the day being written, into `daily` at the day's end (`flush`); the meter's too. */
function dayTotals(writer: Writer) {
  const sums = new Map<number, { wh: number; peak: number }>();
  let grid: { importWh: number; exportWh: number } | null = null;
  /** Each series' energy on the day of its latest sample, up to it (the last raw reading's yield day). */
  const dayWh = new Map<number, number>();
  return {
    dayWh,
    add(sid: number, w: number): void {
      const v = sums.get(sid) ?? { wh: 0, peak: 0 };
      v.wh += (w * SLOT_S) / 3600;
      v.peak = Math.max(v.peak, w);
      sums.set(sid, v);
      dayWh.set(sid, Math.round(v.wh));
    },
    grid(importWh: number, exportWh: number): void {
      grid ??= { importWh: 0, exportWh: 0 };
      grid.importWh += importWh;
      grid.exportWh += exportWh;
    },
    flush(day: string): void {
      for (const [sid, v] of sums) writer.daily(sid, day, v.wh, v.peak);
      sums.clear();
      if (grid) writer.gridDay(day, grid.importWh, grid.exportWh);
      grid = null;
    },
  };
}
type DayTotals = ReturnType<typeof dayTotals>;

interface SlotRun {
  fleet: Modelled[];
  totalSid: number;
  seed: number;
  place: Place;
  tz: ReturnType<History["zone"]>;
  writer: Writer;
  totals: DayTotals;
  house: HouseLoad | null;
  minuteOf: (t: number) => number;
}

/**
 * The local minute of the day at Unix second `t`, its zone's offset looked up once per hour (daylight-saving changes
 * fall on whole hours; the lookup costs ~5 µs, 8640 slots' worth was a tenth of the backfill).
 */
function localMinutes(tz: SlotRun["tz"]): (t: number) => number {
  let hour = NaN;
  let offset = 0;
  return (t) => {
    if (Math.floor(t / 3600) !== hour) {
      hour = Math.floor(t / 3600);
      offset = offsetAt(tz, t);
    }
    return ((((t + offset) % 86_400) + 86_400) % 86_400) / 60;
  };
}

/**
 * The simulated meter over one slot: the house's load at the middle of each minute (its kettle and hob run for
 * minutes) minus the slot's production, import and export integrated minute by minute (a kettle at noon imports
 * while the rest of the slot exports).
 */
function writeGridSlot(run: SlotRun, house: HouseLoad, slot: number, day: string, productionW: number): void {
  const minute = run.minuteOf(slot * SLOT_S);
  let importWh = 0;
  let exportWh = 0;
  for (let m = 0; m < SLOT_S / 60; m++) {
    const p = house(day, minute + m + 0.5) - productionW;
    importWh += Math.max(p, 0) / 60;
    exportWh += Math.max(-p, 0) / 60;
  }
  run.writer.gridSlot(slot, SLOT_S, importWh, exportWh);
  run.totals.grid(importWh, exportWh);
}

/** Every 5-minute slot from `fromSlot` up to `toSlot`: coverage, each series' power, the days' energy and peak. */
function writeSlots(run: SlotRun, fromSlot: number, toSlot: number): void {
  const { fleet, writer, totals, place } = run;
  const sunAt = sunOnGrid(place);
  let day = "";
  for (let slot = fromSlot; slot < toSlot; slot++) {
    const at = (slot * SLOT_S + SLOT_S / 2) * 1000;
    const d = dayOf(run.tz, slot * SLOT_S * 1000);
    if (d !== day) {
      totals.flush(day);
      day = d;
    }
    writer.up(slot * SLOT_S);
    const weather = {
      ...sunAt(at),
      clearness: clearness(run.seed, at),
      ambient: ambientTemperature(place.latitude, place.longitude, at),
    };
    let total = 0;
    for (const m of fleet) {
      const s = sample(m.setup, weather, { on: true, limitPercent: 100 }, at);
      if (s.ac.power <= 0) continue;
      m.last = { tSec: slot * SLOT_S, sample: s };
      total += s.ac.power;
      writer.slot(m.sids[0] ?? 0, slot, s.ac.power);
      totals.add(m.sids[0] ?? 0, s.ac.power);
      s.dc.forEach((dc, i) => {
        const sid = m.sids[i + 1];
        if (sid === undefined) return;
        writer.slot(sid, slot, dc.power);
        totals.add(sid, dc.power);
      });
    }
    if (total > 0) totals.add(run.totalSid, total);
    if (run.house) writeGridSlot(run, run.house, slot, d, total);
  }
  totals.flush(day);
}

/**
 * Each series' last sample as a raw reading (what /api/history/last gives, issue 25) with its day's yield so far and
 * the fleet's lifetime counters (not modelled here: null without them).
 */
function writeLastReadings(
  fleet: readonly Modelled[],
  dayWh: ReadonlyMap<number, number>,
  totals: (serial: string) => readonly number[] | null,
  writer: Writer,
): void {
  for (const m of fleet) {
    if (!m.last) continue;
    const { tSec, sample: s } = m.last;
    const [inv = 0, ...strs] = m.sids;
    const yt = totals(m.serial);
    const none = { temp: null, state: null, lim: null };
    const ac = { p: s.ac.power, u: s.ac.voltage, i: s.ac.current, yd: dayWh.get(inv) ?? null };
    const sum = yt ? yt.reduce((a, b) => a + b, 0) : null;
    writer.raw(inv, tSec, { ...none, ...ac, yt: sum, temp: s.temperature, state: 3, lim: 100 });
    strs.forEach((sid, i) => {
      const dc = s.dc[i];
      if (!dc) return;
      const yd = dayWh.get(sid) ?? null;
      writer.raw(sid, tSec, {
        ...none,
        p: dc.power,
        u: dc.voltage,
        i: dc.current,
        yd,
        yt: yt?.[i] ?? null,
      });
    });
  }
}

/** `totals`: the fleet's lifetime yield (Wh) per string of an inverter (hex serial), for the last reading. */
type Totals = (serial: string) => readonly number[] | null;

/**
 * The modelled days up to `nowMs` at the configured place, in one transaction with `before` (run first). `house`:
 * the simulated house, when the device's meter is it (its import and export are then modelled too).
 */
function writeModelled(
  h: History,
  config: ConfigJson,
  nowMs: number,
  days: number,
  totals: Totals,
  house: HouseLoad | null,
  before = () => {},
) {
  const tz = h.zone();
  // The fleet's own seed (fleet/index.ts): backfilled strings face where the live ones do and the clouds are the
  // same, so what the alert rules learn from these days fits the live fleet (alerts/usual.ts).
  const seed = Math.floor(seededRandom(hash(config.dtu.serial))() * 4294967296) >>> 0;
  const place = { latitude: config.ntp.latitude, longitude: config.ntp.longitude };
  const { writer } = h;

  const write = h.db.transaction(() => {
    before();
    const fleet = modelFleet(config, seed, writer);
    const totalSid = writer.seriesId(TOTAL_SERIAL, INVERTER_CH, "Total");
    const first = addDays(dayOf(tz, nowMs), -days);
    const fromSlot = Math.ceil(dayStart(tz, first) / 1000 / SLOT_S);
    const toSlot = Math.floor(nowMs / 1000 / SLOT_S);
    const sums = dayTotals(writer);
    const minuteOf = localMinutes(tz);
    writeSlots({ fleet, totalSid, seed, place, tz, writer, totals: sums, house, minuteOf }, fromSlot, toSlot);
    writeLastReadings(fleet, sums.dayWh, totals, writer);
    writer.meta("backfilled", `${first}..${dayOf(tz, nowMs)}`);
  });
  write();
}

/** The history, the configuration, the time, the number of days, the fleet's lifetime yields and the house. */
type BackfillArgs = [
  h: History,
  config: ConfigJson,
  nowMs: number,
  days?: number,
  totals?: Totals,
  house?: HouseLoad | null,
];

/** Returns the number of days written (0 when the database already had data). */
export function backfill(
  ...[h, config, nowMs, days = 30, totals = () => null, house = null]: BackfillArgs
): number {
  if (!isEmpty(h) || config.inverters.length === 0) return 0;
  writeModelled(h, config, nowMs, days, totals, house);
  return days;
}

/**
 * The modelled days again, at the place the configuration has now (issue 34 §6: the owner moved the location before
 * a real day was recorded, so every day in the file is of the old place). What the file holds before the 5-minute
 * slot being recorded goes (the few hours recorded since the first start were made at the old place too); the
 * series keep their ids, so the recorder writes on as before. Returns the number of days written.
 */
export function rebackfill(
  ...[h, config, nowMs, days = 30, totals = () => null, house = null]: BackfillArgs
): number {
  if (config.inverters.length === 0) return 0;
  const slot = Math.floor(nowMs / 1000 / SLOT_S);
  writeModelled(h, config, nowMs, days, totals, house, () => {
    h.db.prepare("DELETE FROM agg5 WHERE slot < ?").run(slot);
    // The house's modelled grid of those days too (schema 3): it was drawn against the old place's production.
    h.db.prepare("DELETE FROM grid5 WHERE slot < ?").run(slot);
    h.db.prepare("DELETE FROM grid_daily").run();
    h.db.prepare("DELETE FROM up WHERE slot < ?").run(slot);
    h.db.prepare("DELETE FROM raw WHERE t < ?").run(slot * SLOT_S);
    h.db.prepare("DELETE FROM daily").run();
  });
  return days;
}
