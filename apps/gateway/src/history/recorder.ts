/**
 * The recorder (issue 14 §1, §3): turns live readings into history rows. Fed by the simulated fleet (sim.ts) or by
 * the proxy's device port (src/port/real/); the clock is injected, so tests drive it through midnights and
 * daylight-saving days. Per call, one transaction: coverage of the 5-minute slot, then per inverter and DC string a
 * raw sample (at most one per `rawEveryS`), the slot aggregate, the day's peak and the energy credit with its base
 * (recordInverter.ts, seriesWrites.ts), then the fleet's day row. Readings of unreachable inverters carry stale values
 * and are not recorded (the slot still counts as covered, so the curve reads 0 W there, not a gap).
 */
import type { PosixTz } from "../time/posixTz.ts";
import { dayOf } from "./days.ts";
import type { EnergyBase } from "./energy.ts";
import type { InverterReading } from "./reading.ts";
import { recordInverter } from "./recordInverter.ts";
import { seriesWrites } from "./seriesWrites.ts";
import { INVERTER_CH, TOTAL_SERIAL, loadBases, transaction, type HistoryDb, type Writer } from "./store.ts";

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
/** Two readings of one inverter closer than this are one sample (the socket may repeat a frame). */
const MIN_SPACING_MS = 4000;

export interface Recorder {
  record(atMs: number, readings: InverterReading[]): void;
}

/** The fleet's day row: its peak from every inverter's latest power, its energy from the inverters' credits. */
function fleetDay(
  writer: Writer,
  totalSid: number,
  day: string,
  latest: ReadonlyMap<string, number>,
  credits: ReadonlyMap<string, number>,
): void {
  let fleetPower = 0;
  for (const w of latest.values()) fleetPower += w;
  writer.daily(totalSid, day, 0, fleetPower);
  for (const [d, wh] of credits) writer.daily(totalSid, d, wh, 0);
}

export function createRecorder(opts: RecorderOptions): Recorder {
  const { db, writer } = opts;
  const rawKeepS = (opts.rawDays ?? 14) * 86_400;
  const bases: Map<number, EnergyBase> = loadBases(db);
  const writes = seriesWrites(writer, bases, opts.rawEveryS ?? 10);
  const lastSeen = new Map<string, number>();
  /** Latest AC power per inverter, for the fleet's peak (0 once unreachable). */
  const latest = new Map<string, number>();
  let prunedHour = -1;

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
      for (const c of recordInverter(writer, writes, r, at, day)) {
        fleetCredits.set(c.day, (fleetCredits.get(c.day) ?? 0) + c.wh);
      }
    }
    fleetDay(writer, totalSid, day, latest, fleetCredits);
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
