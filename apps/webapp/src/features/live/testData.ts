/** Test documents shaped like API.md §3.1 (v23.11.16) and §9.2 (later firmware). Used by the unit tests only. */
import type { LiveData, LiveInverter } from "@dtu/api/live";

const f = (v: number, u: string, d: number) => ({ v, u, d });

export function inverter(serial: string, over: Partial<LiveInverter> = {}): LiveInverter {
  return {
    serial,
    name: `Inverter ${serial}`,
    order: 0,
    data_age: 2,
    poll_enabled: true,
    reachable: true,
    producing: true,
    limit_relative: 100,
    limit_absolute: 800,
    AC: { "0": { Power: f(412.3, "W", 1), YieldDay: f(1874, "Wh", 0), "Power DC": f(430.1, "W", 1) } },
    DC: {
      "0": {
        name: { u: "South" },
        Power: f(220.4, "W", 1),
        Irradiation: { v: 55.1, u: "%", d: 3, max: 400 },
      },
      "1": { name: { u: "" }, Power: f(211.5, "W", 1) },
    },
    INV: { "0": { Temperature: f(38.4, "°C", 1) } },
    events: 3,
    ...over,
  };
}

/** Later firmware's summary form: no AC, DC, INV, events (API.md §9.2). */
export function summary(serial: string, over: Partial<LiveInverter> = {}): LiveInverter {
  const { AC: _a, DC: _d, INV: _i, events: _e, ...rest } = inverter(serial, over);
  return rest;
}

export function doc(inverters: LiveInverter[], power = 412.3): LiveData {
  return {
    inverters,
    total: { Power: f(power, "W", 1), YieldDay: f(1874, "Wh", 0), YieldTotal: f(912.446, "kWh", 3) },
    hints: { time_sync: false, radio_problem: false, default_password: true },
  };
}
