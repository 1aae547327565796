/** A small stand-in for the simulated fleet (the real one lives in src/fleet): enough for the web server's tests. */
import type { LiveData } from "@dtu/api/live";
import { inverterType } from "@dtu/api/inverterType";
import { sampleDeviceInfo } from "@dtu/api/samples";
import type { Fleet, FleetDeps } from "../../src/device/contracts.ts";
import type { ConfigJson } from "../../src/config/types.ts";
import { serialToWire } from "../../src/wire/coerce.ts";

export interface FakeFleet extends Fleet {
  calls: string[];
  config: ConfigJson;
  bump(): void;
}

const f = (v: number, u: string, d: number) => ({ v, u, d });

export function createFakeFleet(deps: FleetDeps): FakeFleet {
  let version = 1;
  const calls: string[] = [];
  const fleet: FakeFleet = {
    calls,
    config: deps.config,
    bump: () => void version++,
    liveData(): LiveData {
      const inverters = fleet.config.inverters
        .map((slot, i) => ({ slot, i }))
        .filter(({ slot }) => slot.serial !== 0 && inverterType(serialToWire(slot.serial)) !== null)
        .map(({ slot }) => {
          const type = inverterType(serialToWire(slot.serial));
          const dc: Record<string, Record<string, { v: number; u: string; d: number } | { u: string }>> = {};
          for (let c = 0; c < (type?.dcInputs ?? 1); c++) {
            dc[String(c)] = {
              name: { u: slot.channel[c]?.name ?? "" },
              Power: f(100, "W", 1),
              Voltage: f(30, "V", 1),
              Current: f(3.33, "A", 2),
              YieldDay: f(500, "Wh", 0),
              YieldTotal: f(100.5, "kWh", 3),
            };
          }
          return {
            serial: serialToWire(slot.serial),
            name: slot.name,
            order: slot.order,
            data_age: 1,
            poll_enabled: true,
            reachable: true,
            producing: true,
            limit_relative: 100,
            limit_absolute: 800,
            AC: {
              "0": {
                Power: f(190, "W", 1),
                Voltage: f(230, "V", 1),
                Current: f(0.82, "A", 2),
                "Power DC": f(200, "W", 1),
                YieldDay: f(1000, "Wh", 0),
                YieldTotal: f(201, "kWh", 3),
                Frequency: f(50, "Hz", 2),
                PowerFactor: f(1, "", 3),
                ReactivePower: f(0, "var", 1),
                Efficiency: f(95, "%", 3),
              },
            },
            DC: dc,
            INV: { "0": { Temperature: f(30, "°C", 1) } },
            events: 0,
          };
        });
      return {
        inverters,
        total: { Power: f(190, "W", 1), YieldDay: f(1000, "Wh", 0), YieldTotal: f(201, "kWh", 3) },
        hints: { time_sync: false, radio_problem: false, default_password: true },
      };
    },
    statsVersion: () => version,
    limitStatus: () =>
      Object.fromEntries(
        fleet
          .liveData()
          .inverters.map((i) => [
            i.serial,
            { limit_relative: 100, max_power: 800, limit_set_status: "Ok" as const },
          ]),
      ),
    powerStatus: () =>
      Object.fromEntries(
        fleet.liveData().inverters.map((i) => [i.serial, { power_set_status: "Ok" as const }]),
      ),
    eventLog: (serial) =>
      fleet.has(serial)
        ? { count: 1, events: [{ message_id: 1, message: "Inverter start", start_time: 100, end_time: 0 }] }
        : null,
    deviceInfo: (serial) => (fleet.has(serial) ? { ...sampleDeviceInfo } : null),
    gridProfile: (serial) => (fleet.has(serial) ? { raw: new Array<number>(141).fill(0) } : null),
    lastUpdate: (serial) => (fleet.has(serial) ? deps.clock.now() - 2000 : 0),
    has: (serial) => fleet.liveData().inverters.some((i) => i.serial === serial),
    setLimit: (serial, value, type) => void calls.push(`limit ${serial} ${value} ${type}`),
    setPower: (serial, on) => void calls.push(`power ${serial} ${on}`),
    restart: (serial) => void calls.push(`restart ${serial}`),
    reconfigure: (config) => {
      fleet.config = config;
      calls.push("reconfigure");
    },
    tick: () => undefined,
    reboot: () => void calls.push("reboot"),
    sun: () => ({
      available: true,
      sunrise: deps.clock.now() - 3600_000,
      sunset: deps.clock.now() + 3600_000,
      isDayPeriod: true,
    }),
    persist: async () => undefined,
  };
  return fleet;
}
