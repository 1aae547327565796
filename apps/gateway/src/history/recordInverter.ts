/**
 * One inverter's reading into the history (issue 14 §3): its AC series and each DC string's, each with power, raw
 * sample and energy (seriesWrites.ts). The energy caps keep a swapped inverter's or a reset counter's jump from being
 * credited: 1.5 × the modules' power, or a credible maximum when the modules are unknown.
 */
import type { InverterReading } from "./reading.ts";
import type { SeriesWrites } from "./seriesWrites.ts";
import { INVERTER_CH, type Writer } from "./store.ts";

/** Highest credible power when the module size is unknown: above the largest Hoymiles models (HMT-2250). */
const INVERTER_CAP_W = 3000;
const STRING_CAP_W = 1000;

/** Writes the reading of `r` at `at` (ms) on local day `day`; returns the inverter's energy credits. */
export function recordInverter(
  writer: Writer,
  writes: SeriesWrites,
  r: InverterReading,
  at: number,
  day: string,
): { day: string; wh: number }[] {
  const tSec = Math.floor(at / 1000);
  const sid = writer.seriesId(r.serial, INVERTER_CH, r.name);
  const state = (r.reachable ? 1 : 0) | (r.producing ? 2 : 0);
  writes.sample(sid, tSec, day, r.power, {
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
  const credits = writes.energy(sid, at, day, r.yieldTotalWh, r.yieldDayWh, cap);
  for (const s of r.strings) {
    const ssid = writer.seriesId(r.serial, s.ch, `${r.name} / ${s.name}`);
    writes.sample(ssid, tSec, day, s.power, {
      p: s.power,
      u: s.voltage,
      i: s.current,
      yd: s.yieldDayWh,
      yt: s.yieldTotalWh,
      temp: null,
      state: null,
      lim: null,
    });
    writes.energy(
      ssid,
      at,
      day,
      s.yieldTotalWh,
      s.yieldDayWh,
      s.maxPower > 0 ? s.maxPower * 1.5 : STRING_CAP_W,
    );
  }
  return credits;
}
