/* eslint-disable max-lines-per-function -- issue 30 §7: split pending */
/**
 * The recorder (issue 14 §1, §3): turns live readings into history rows. Fed by the simulated fleet (sim.ts) or by
 * the proxy's device port (src/port/real/); the clock is injected, so tests drive it through midnights and
 * daylight-saving days. Per call, one transaction: coverage of the 5-minute slot, then per inverter and DC string a
 * raw sample (at most one per `rawEveryS`), the slot aggregate, the day's peak and the energy credit with its base.
 * Readings of unreachable inverters carry stale values and are not recorded (the slot still counts as covered, so
 * the curve reads 0 W there, not a gap).
 */
import type { PosixTz } from "../time/posixTz.ts";
import { dayOf } from "./days.ts";
import { energyStep, type EnergyBase } from "./energy.ts";
import type { InverterReading } from "./reading.ts";
import {
  INVERTER_CH,
  TOTAL_SERIAL,
  loadBases,
  transaction,
  type HistoryDb,
  type RawRow,
  type Writer,
} from "./store.ts";

export interface RecorderOptions {
  db: HistoryDb;
  writer: Writer;
  zone: () => PosixTz;
  /** Raw samples kept (days, default 14) and their minimum spacing (s, default 10). */
  rawDays?: number;
  rawEveryS?: number;
}

/** 5-minute aggregates are kept two years; daily rows forever. */
const AGG_KEEP_S = 2 * 366 * 86_400;
/** Highest credible power when the module size is unknown: above the largest Hoymiles models (HMT-2250). */
const INVERTER_CAP_W = 3000;
const STRING_CAP_W = 1000;
/** Two readings of one inverter closer than this are one sample (the socket may repeat a frame). */
const MIN_SPACING_MS = 4000;

export interface Recorder {
  record(atMs: number, readings: InverterReading[]): void;
}

export function createRecorder(opts: RecorderOptions): Recorder {
  const { db, writer } = opts;
  const rawKeepS = (opts.rawDays ?? 14) * 86_400;
  const rawEveryS = opts.rawEveryS ?? 10;
  const bases: Map<number, EnergyBase> = loadBases(db);
  const lastRaw = new Map<number, number>();
  const lastSeen = new Map<string, number>();
  /** Latest AC power per inverter, for the fleet's peak (0 once unreachable). */
  const latest = new Map<string, number>();
  let prunedHour = -1;

  /** Energy step of one series: credits written with the new base; returns the credits. */
  function energy(
    sid: number,
    at: number,
    day: string,
    total: number | null,
    yd: number | null,
    cap: number,
  ) {
    const step = energyStep(bases.get(sid) ?? null, { t: at, day, totalWh: total ?? 0, yieldDayWh: yd }, cap);
    for (const c of step.credits) writer.daily(sid, c.day, c.wh, 0);
    if (step.base && step.base !== bases.get(sid)) {
      bases.set(sid, step.base);
      writer.base(sid, step.base);
    }
    return step.credits;
  }

  function series(sid: number, tSec: number, day: string, power: number, raw: RawRow): void {
    writer.power(sid, tSec, power);
    writer.daily(sid, day, 0, power);
    if (tSec - (lastRaw.get(sid) ?? -Infinity) >= rawEveryS) {
      writer.raw(sid, tSec, raw);
      lastRaw.set(sid, tSec);
    }
  }

  const tx = transaction(db, (at: number, readings: InverterReading[]) => {
    const tSec = Math.floor(at / 1000);
    const day = dayOf(opts.zone(), at);
    writer.up(tSec);
    const totalSid = writer.seriesId(TOTAL_SERIAL, INVERTER_CH, "Total");
    const fleetCredits = new Map<string, number>();
    for (const r of readings) {
      if (!r.reachable) {
        latest.set(r.serial, 0);
        continue;
      }
      if (at - (lastSeen.get(r.serial) ?? -Infinity) < MIN_SPACING_MS) continue;
      lastSeen.set(r.serial, at);
      latest.set(r.serial, r.power);
      const sid = writer.seriesId(r.serial, INVERTER_CH, r.name);
      const state = (r.reachable ? 1 : 0) | (r.producing ? 2 : 0);
      series(sid, tSec, day, r.power, {
        p: r.power,
        u: r.voltage,
        i: r.current,
        yd: r.yieldDayWh,
        yt: r.yieldTotalWh,
        temp: r.temperature,
        state,
        lim: r.limitRelative,
      });
      const modules = r.strings.reduce((a, s) => a + s.maxPower, 0);
      const cap = modules > 0 ? Math.max(modules * 1.5, 100) : INVERTER_CAP_W;
      for (const c of energy(sid, at, day, r.yieldTotalWh, r.yieldDayWh, cap)) {
        fleetCredits.set(c.day, (fleetCredits.get(c.day) ?? 0) + c.wh);
      }
      for (const s of r.strings) {
        const ssid = writer.seriesId(r.serial, s.ch, `${r.name} / ${s.name}`);
        series(ssid, tSec, day, s.power, {
          p: s.power,
          u: s.voltage,
          i: s.current,
          yd: s.yieldDayWh,
          yt: s.yieldTotalWh,
          temp: null,
          state: null,
          lim: null,
        });
        energy(ssid, at, day, s.yieldTotalWh, s.yieldDayWh, s.maxPower > 0 ? s.maxPower * 1.5 : STRING_CAP_W);
      }
    }
    let fleetPower = 0;
    for (const w of latest.values()) fleetPower += w;
    writer.daily(totalSid, day, 0, fleetPower);
    for (const [d, wh] of fleetCredits) writer.daily(totalSid, d, wh, 0);
    const hour = Math.floor(tSec / 3600);
    if (hour !== prunedHour) {
      prunedHour = hour;
      writer.prune(tSec - rawKeepS, tSec - AGG_KEEP_S);
    }
  });

  return {
    record(atMs, readings) {
      try {
        tx(atMs, readings);
      } catch (err) {
        // The transaction was rolled back (disk full, …): the energy bases go back to what the file holds, so the
        // next reading that is written credits the whole span since the last written one.
        writer.forgetIds();
        bases.clear();
        for (const [sid, b] of loadBases(db)) bases.set(sid, b);
        throw err;
      }
    },
  };
}
