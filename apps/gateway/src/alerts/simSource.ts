/**
 * Simulated mode: the source is the fleet itself, read at each evaluation (live document, limit and power status,
 * event logs), the device clock and the configured location (config.ntp latitude/longitude, always known here).
 */
import type { ConfigJson } from "../config/types.ts";
import type { DeviceClock, Fleet } from "../device/contracts.ts";
import { zoneOf } from "../history/sim.ts";
import { solarElevation } from "../time/sun.ts";
import { sourceEvents, sourceInverter } from "./live.ts";
import type { AlertSource, SourceInverter } from "./source.ts";

const two = (n: number): string => String(n).padStart(2, "0");

/** What the adapter reads of the simulated gateway (the Gateway object, or a bare fleet in tests). */
export interface SimParts {
  fleet: Fleet;
  clock: DeviceClock;
  config: () => ConfigJson;
  hostname: () => string;
}

export function simSource(gw: SimParts): AlertSource {
  let last = new Map<string, SourceInverter>();
  const zone = zoneOf(() => gw.config().ntp.timezone);
  return {
    zone,
    snapshot() {
      const now = gw.clock.now();
      const live = gw.fleet.liveData();
      const limit = gw.fleet.limitStatus();
      const power = gw.fleet.powerStatus();
      const inverters = live.inverters.map((inv) => sourceInverter(inv, limit, power, last.get(inv.serial)));
      last = new Map(inverters.map((i) => [i.serial, i]));
      const p = gw.clock.localParts(now);
      const { latitude, longitude } = gw.config().ntp;
      return {
        now,
        dtuName: gw.hostname(),
        dtuSerial: String(gw.config().dtu.serial),
        localDay: `${p.year}-${two(p.month)}-${two(p.day)}`,
        localTime: `${two(p.hour)}:${two(p.minute)}`,
        inverters,
        dtuReachable: null,
        clockUnsynced: live.hints.time_sync,
        radioProblem: live.hints.radio_problem,
        elevation: solarElevation({ latitude, longitude }, now),
        dayMargin: null,
      };
    },
    eventLog: async (serial, language) => sourceEvents(gw.fleet.eventLog(serial, language)),
    close: () => undefined,
  };
}
