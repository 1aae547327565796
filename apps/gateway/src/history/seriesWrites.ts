/**
 * The recorder's writes of one series (issue 14 §3): its power into the 5-minute slot and the day's peak, a raw
 * sample at most every `rawEveryS`, and its energy step (energy.ts) with the new base, written together in the
 * batch's transaction (recorder.ts).
 */
import { energyStep, type EnergyBase } from "./energy.ts";
import type { RawRow, Writer } from "./store.ts";

export interface SeriesWrites {
  /** Power, peak and (when due) a raw sample of series `sid` at `tSec` on local day `day`. */
  sample(sid: number, tSec: number, day: string, power: number, raw: RawRow): void;
  /** The energy credits of a new lifetime total, written with the new base; returns them. */
  energy(
    sid: number,
    at: number,
    day: string,
    total: number | null,
    yieldDay: number | null,
    capW: number,
  ): { day: string; wh: number }[];
}

export function seriesWrites(
  writer: Writer,
  bases: Map<number, EnergyBase>,
  rawEveryS: number,
): SeriesWrites {
  const lastRaw = new Map<number, number>();
  return {
    sample(sid, tSec, day, power, raw) {
      writer.power(sid, tSec, power);
      writer.daily(sid, day, 0, power);
      if (tSec - (lastRaw.get(sid) ?? -Infinity) >= rawEveryS) {
        writer.raw(sid, tSec, raw);
        lastRaw.set(sid, tSec);
      }
    },
    energy(sid, at, day, total, yieldDay, capW) {
      const step = energyStep(
        bases.get(sid) ?? null,
        { t: at, day, totalWh: total ?? 0, yieldDayWh: yieldDay },
        capW,
      );
      for (const c of step.credits) writer.daily(sid, c.day, c.wh, 0);
      if (step.base && step.base !== bases.get(sid)) {
        bases.set(sid, step.base);
        writer.base(sid, step.base);
      }
      return step.credits;
    },
  };
}
