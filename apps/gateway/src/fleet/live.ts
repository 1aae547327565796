/**
 * Builds the live document of API.md §3.1 from what the DTU has read, with the key order of the wire: inverter keys
 * `serial … events`, channel properties `name, Power, Voltage, Current, Power DC, YieldDay, YieldTotal, Frequency,
 * Temperature, PowerFactor, ReactivePower, Efficiency, Irradiation`.
 */
import type { Channel, LiveData, LiveInverter } from "@dtu/api/live";
import type { ConfigChannel } from "../config/types.ts";
import type { Sample } from "./physics.ts";

export interface ReadStats {
  sample: Sample;
  /** Per DC channel, as reported by the inverter (Wh, integer). */
  yieldDayWh: number[];
  /** Per DC channel, kWh with 3 decimals, without the configured offset. */
  yieldTotalKwh: number[];
}

export interface InverterView {
  serial: string;
  name: string;
  order: number;
  dataAge: number;
  pollEnabled: boolean;
  /** Configured `poll_enable` (totals of yields use it, API.md §3.1 `total`). */
  pollConfigured: boolean;
  reachable: boolean;
  /** zero_runtime active and unreachable (API.md §4.3). */
  zeroRuntime: boolean;
  limitRelative: number;
  /** Max power from device info, 0 when unknown. */
  maxPower: number;
  channels: ConfigChannel[];
  dcCount: number;
  stats: ReadStats | null;
  events: number;
}

const f = (v: number, u: string, d: number): { v: number; u: string; d: number } => ({ v, u, d });
const r = (v: number, d: number): number => Math.round(v * 10 ** d) / 10 ** d;

function inverterDoc(x: InverterView): {
  doc: LiveInverter;
  acPower: number;
  yieldDay: number;
  yieldTotal: number;
} {
  const s = x.stats;
  const run = (v: number | undefined): number => (s && !x.zeroRuntime ? (v ?? 0) : 0);
  const dc: Record<string, Channel> = {};
  let yieldDay = 0;
  let yieldTotal = 0;
  for (let i = 0; i < x.dcCount; i++) {
    const cfg = x.channels[i] ?? { name: "", max_power: 0, yield_total_offset: 0 };
    const d = s?.sample.dc[i];
    const power = run(d?.power);
    const dayWh = s ? (s.yieldDayWh[i] ?? 0) : 0;
    // The offset is applied once data has been received (API.md §4.3).
    const totalKwh = s ? r((s.yieldTotalKwh[i] ?? 0) + cfg.yield_total_offset, 3) : 0;
    yieldDay += dayWh;
    yieldTotal += totalKwh;
    const ch: Channel = {
      name: { u: cfg.name },
      Power: f(power, "W", 1),
      Voltage: f(run(d?.voltage), "V", 1),
      Current: f(run(d?.current), "A", 2),
      YieldDay: f(dayWh, "Wh", 0),
      YieldTotal: f(totalKwh, "kWh", 3),
    };
    // Irradiation only for strings with a configured max power (API.md §3.1).
    if (cfg.max_power > 0)
      ch["Irradiation"] = { v: r((power / cfg.max_power) * 100, 3), u: "%", d: 3, max: cfg.max_power };
    dc[String(i)] = ch;
  }
  const ac = s?.sample.ac;
  const acPower = run(ac?.power);
  const doc: LiveInverter = {
    serial: x.serial,
    name: x.name,
    order: x.order,
    data_age: x.dataAge,
    poll_enabled: x.pollEnabled,
    reachable: x.reachable,
    producing: x.pollEnabled && acPower > 0,
    limit_relative: x.limitRelative,
    limit_absolute: x.maxPower > 0 ? r((x.limitRelative * x.maxPower) / 100, 3) : -1,
    AC: {
      "0": {
        Power: f(acPower, "W", 1),
        Voltage: f(run(ac?.voltage), "V", 1),
        Current: f(run(ac?.current), "A", 2),
        "Power DC": f(run(ac?.powerDc), "W", 1),
        YieldDay: f(yieldDay, "Wh", 0),
        YieldTotal: f(r(yieldTotal, 3), "kWh", 3),
        Frequency: f(run(ac?.frequency), "Hz", 2),
        PowerFactor: f(run(ac?.powerFactor), "", 3),
        ReactivePower: f(run(ac?.reactivePower), "var", 1),
        Efficiency: f(run(ac?.efficiency), "%", 3),
      },
    },
    DC: dc,
    INV: { "0": { Temperature: f(run(s?.sample.temperature), "°C", 1) } },
    events: x.events,
  };
  return { doc, acPower, yieldDay, yieldTotal };
}

export function liveDocument(
  inverters: InverterView[],
  hints: { time_sync: boolean; radio_problem: boolean; default_password: boolean },
): LiveData {
  let power = 0;
  let powerContributors = 0;
  let day = 0;
  let total = 0;
  let yieldContributors = 0;
  const docs = inverters.map((x) => {
    const { doc, acPower, yieldDay, yieldTotal } = inverterDoc(x);
    // Power: effective polling; yields: configured poll_enable (API.md §3.1 `total`).
    if (x.pollEnabled) {
      power += acPower;
      powerContributors++;
    }
    if (x.pollConfigured) {
      day += yieldDay;
      total += yieldTotal;
      yieldContributors++;
    }
    return doc;
  });
  return {
    inverters: docs,
    total: {
      Power: f(r(power, 1), "W", powerContributors ? 1 : 0),
      YieldDay: f(day, "Wh", 0),
      YieldTotal: f(r(total, 3), "kWh", yieldContributors ? 3 : 0),
    },
    hints,
  };
}
