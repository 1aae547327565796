/**
 * The inverter side (issue 2 §6): what the physical inverter keeps and does by itself, keyed by serial — energy
 * counters, wake and sleep with the sun, the day change, on/off and limits as applied, its own event list.
 */
import type { InverterType } from "@dtu/api/inverterType";
import type { ConfigInverter } from "../config/types.ts";
import { sunDay } from "../time/sun.ts";
import {
  EVENT_INVERTER_START,
  EVENT_PHASE_DIFFERENCE_HMT,
  GRID_EVENT_IDS,
  SHADOW_EVENT_BASE,
} from "./alarms.ts";
import { familyProfile, modelOfFamily } from "./models.ts";
import { outputState } from "./limits.ts";
import { sample, stringSetup, type InverterSetup, type Sample } from "./physics.ts";
import { hash, unit } from "./random.ts";
import type { FleetCore, InverterSide, Runtime } from "./state.ts";
import { dayKey, place, secondsOfDay, weatherAt } from "./world.ts";
import { serialToWire } from "../wire/serial.ts";

/** Mean time between simulated grid disturbances of one producing inverter. */
const GRID_EVENT_MEAN_MS = 3 * 3600_000;
const MAX_EVENTS = 15;

export function setupOf(
  core: FleetCore,
  serial: bigint,
  type: InverterType,
  cfg: ConfigInverter,
): InverterSetup {
  const profile = familyProfile(type.family);
  const key = hash(core.seed, Number(serial & 0xffffffffn), Number(serial >> 32n));
  const southern = core.config.ntp.latitude < 0;
  const faults = core.stringFaults.get(serialToWire(serial));
  return {
    ...(faults ? { faults } : {}),
    family: type.family,
    maxPower: modelOfFamily(type.family, serial).maxPower,
    key,
    strings: Array.from({ length: type.dcInputs }, (_, i) => {
      const configured = cfg.channel[i]?.max_power ?? 0;
      return stringSetup(key, i, configured > 0 ? configured : profile.panelWp, profile.vmp, southern);
    }),
  };
}

export function sampleOf(core: FleetCore, rt: Pick<Runtime, "setup" | "inv">, at: number): Sample {
  return sample(rt.setup, weatherAt(core, at), outputState(rt.setup, rt.inv, at), at);
}

export function addEvent(inv: InverterSide, id: number, start: number, end: number | null): void {
  if (inv.events.length >= MAX_EVENTS) return; // the inverter's list is full until its next start
  inv.events.push({ id, start, end });
}

/**
 * Morning start of the inverter (or a restart): new day list; a non-persistent limit is gone, the persistent one
 * applies (API.md §3.7 `limit_type`).
 */
export function inverterStart(inv: InverterSide, at: number, newDay: boolean): void {
  if (newDay) inv.events = [];
  inv.on = true;
  inv.limitPercent = inv.persistentLimitPercent;
  inv.ramp = null;
  addEvent(inv, EVENT_INVERTER_START, at, at);
}

/** Advance one inverter to `at` over `dt` ms: day change, wake/sleep, energy, random events. */
export function advanceSide(
  core: FleetCore,
  rt: Pick<Runtime, "setup" | "inv">,
  at: number,
  dt: number,
  withEvents: boolean,
): void {
  const inv = rt.inv;
  const today = dayKey(core, at);
  if (today !== inv.day) {
    // Yield day restarts at local midnight (device clock's zone).
    inv.day = today;
    inv.yieldDayWh = inv.yieldDayWh.map(() => 0);
  }
  const s = sample(rt.setup, weatherAt(core, at), outputState(rt.setup, inv, at), at);
  if (s.awake && !inv.awake) inverterStart(inv, at, true);
  inv.awake = s.awake;
  s.dc.forEach((d, i) => {
    const wh = (d.power * dt) / 3600_000;
    inv.yieldDayWh[i] = (inv.yieldDayWh[i] ?? 0) + wh;
    inv.yieldTotalWh[i] = (inv.yieldTotalWh[i] ?? 0) + wh;
  });
  const random = core.random;
  if (withEvents && s.ac.power > 0 && random() < dt / GRID_EVENT_MEAN_MS) {
    const hmt = rt.setup.family.startsWith("HMT");
    const pick = random();
    let id: number;
    if (pick < 0.7) id = GRID_EVENT_IDS[Math.floor(random() * GRID_EVENT_IDS.length)] ?? 11;
    else if (pick < 0.9 || !hmt)
      id = SHADOW_EVENT_BASE + Math.floor(random() * Math.min(4, rt.setup.strings.length));
    else id = EVENT_PHASE_DIFFERENCE_HMT;
    addEvent(inv, id, at, at + 1000 * (1 + Math.floor(random() * 120)));
  }
}

/** Inverter side for a serial: persisted counters, else plausible ones (energy since this morning estimated). */
export function sideFor(core: FleetCore, serial: bigint, setup: InverterSetup): InverterSide {
  const hex = serialToWire(serial);
  const existing = core.sides.get(hex);
  if (existing) return existing;
  const now = core.clock.now();
  const today = dayKey(core, now);
  const saved = core.saved;
  const stored = saved?.inverters[hex];
  const n = setup.strings.length;
  const pad = (a: number[]): number[] => Array.from({ length: n }, (_, i) => a[i] ?? 0);
  const side: InverterSide = {
    yieldDayWh: stored && stored.day === today ? pad(stored.yieldDayWh) : new Array<number>(n).fill(0),
    yieldTotalWh: stored
      ? pad(stored.yieldTotalWh)
      : setup.strings.map((s, i) => Math.round(s.panelWp * 1000 * (0.3 + 2.7 * unit(setup.key, 9, i)))),
    day: today,
    on: true,
    limitPercent: 100,
    persistentLimitPercent: 100,
    events: [],
    awake: false,
    ramp: null,
  };
  core.sides.set(hex, side);
  // The inverter kept running while the gateway was away (or since this morning for a new one): fill the gap.
  const midnight = now - secondsOfDay(core, now) * 1000;
  const from = stored && stored.day === today ? Math.max(midnight, saved?.savedAt ?? midnight) : midnight;
  const probe = { setup, inv: side };
  side.awake = sample(setup, weatherAt(core, from), outputState(setup, side, from), from).awake;
  for (let t = from + 300_000; t <= now; t += 300_000) advanceSide(core, probe, t, 300_000, false);
  if (side.awake && side.events.length === 0) {
    // Awake since before the gap (events are not persisted): date the start event at today's sunrise (or now in
    // polar edge cases).
    const rise = sunDay({ ...place(core), sunsetType: 0 }, core.tz, now).sunrise ?? now;
    side.events.push({ id: EVENT_INVERTER_START, start: Math.min(rise, now), end: Math.min(rise, now) });
  }
  return side;
}
