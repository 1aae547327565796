/** A small DevicePort stand-in for the meter tests: a snapshot of inverters with given AC power, a zone, a clock. */
import type { LiveInverter } from "@dtu/api/live";
import type { MeterDevice } from "../../src/meter/device.ts";
import type { PortSnapshot } from "../../src/port/contract.ts";
import { parsePosixTz } from "../../src/time/posixTz.ts";

function inverter(serial: string, watts: number): LiveInverter {
  const f = (v: number, u: string) => ({ v, u, d: 1 });
  return {
    serial,
    name: `inv ${serial}`,
    order: 0,
    data_age: 0,
    poll_enabled: true,
    reachable: true,
    producing: watts > 0,
    limit_relative: 100,
    limit_absolute: 800,
    AC: { "0": { Power: f(watts, "W"), Voltage: f(230, "V") } },
  };
}

export function snapshotWith(watts: number[], at = 0): PortSnapshot {
  return {
    at,
    reachable: true,
    since: 0,
    hints: null,
    total: null,
    inverters: watts.map((w, i) => ({ live: inverter(`11648234567${i}`, w), read: true, readAt: at })),
    version: 1,
  };
}

export interface FakeDevice extends MeterDevice {
  time: number;
  watts: number[];
}

/** A device whose clock and production the test sets; simulated (has a model) unless `real`. */
export function fakeDevice(opts: { id?: string; real?: boolean; zone?: string } = {}): FakeDevice {
  const zone = parsePosixTz(opts.zone ?? "UTC0");
  const dev: FakeDevice = {
    id: opts.id ?? "199980000001",
    time: Date.UTC(2026, 10, 28, 12, 0),
    watts: [0],
    now: () => dev.time,
    snapshot: () => snapshotWith(dev.watts, dev.time),
    place: { zone: () => zone },
    simulated: !opts.real,
  };
  return dev;
}
