import { emptySlot, firmwareDefaults } from "../../src/config/defaults.ts";
import type { ConfigInverter, ConfigJson } from "../../src/config/types.ts";
import { createDeviceClock } from "../../src/time/index.ts";

export const BERLIN = "CET-1CEST,M3.5.0,M10.5.0/3";

/** A host clock the test moves by hand. */
export function fakeHost(iso: string): { now(): number; set(iso: string): void; advance(ms: number): void } {
  let t = Date.parse(iso);
  return {
    now: () => t,
    set: (x) => void (t = Date.parse(x)),
    advance: (ms) => void (t += ms),
  };
}

/** Chip id whose last five digits give the DTU serial 199980125436 (API.md §4.9). */
const CHIP_ID = 3825436;

export function slot(serialHex: string, patch: Partial<ConfigInverter> = {}): ConfigInverter {
  return {
    ...emptySlot(),
    serial: serialHex ? parseInt(serialHex, 16) : 0,
    name: serialHex ? `Inverter ${serialHex.slice(-4)}` : "",
    ...patch,
  };
}

/** The firmware's default config.json (API.md §5.1) with the given inverter slots (padded to 10). */
export function configWith(inverters: ConfigInverter[], poll = 5): ConfigJson {
  const config = firmwareDefaults(CHIP_ID);
  config.dtu.poll_interval = poll;
  config.inverters.splice(0, inverters.length, ...inverters);
  return config;
}

export function clockAt(iso: string, timezone = BERLIN) {
  const host = fakeHost(iso);
  const clock = createDeviceClock({ clock: host, timezone });
  return { host, clock };
}
