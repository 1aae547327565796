/**
 * Active pins from pin_mapping.json (API.md §5.3, §3.11): the profile whose name equals `device.pinmapping`, each key
 * falling back to the compiled-in default of the gateway's "generic" build.
 */

export interface ActivePins {
  nrf24: { clk: number; cs: number; en: number; irq: number; miso: number; mosi: number };
  cmt: { clk: number; cs: number; fcs: number; sdio: number; gpio2: number; gpio3: number };
  eth: {
    enabled: boolean;
    phy_addr: number;
    power: number;
    mdc: number;
    mdio: number;
    type: number;
    clk_mode: number;
  };
  display: { type: number; data: number; clk: number; cs: number; reset: number };
  led: { led0: number; led1: number };
}

/**
 * Compiled defaults of the gateway's build. API.md §5.3 suggests nRF24 pins so that radio shows as configured; the
 * gateway also compiles in CMT2300A pins, because its default fleet has an HMS inverter on that radio.
 */
export function compiledPins(): ActivePins {
  return {
    nrf24: { clk: 18, cs: 5, en: 4, irq: 16, miso: 19, mosi: 23 },
    cmt: { clk: 14, cs: 27, fcs: 26, sdio: 12, gpio2: 25, gpio3: 33 },
    eth: { enabled: false, phy_addr: 0, power: -1, mdc: 23, mdio: 18, type: 0, clk_mode: 0 },
    display: { type: 0, data: 255, clk: 255, cs: 255, reset: 255 },
    led: { led0: -1, led1: -1 },
  };
}

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Raw) : {});
const pin = (v: unknown, d: number): number => (typeof v === "number" && Number.isInteger(v) ? v : d);

/** Resolves the active pins for the configured profile name; `profiles` is the parsed pin_mapping.json or null. */
export function activePins(profiles: unknown[] | null, name: string): ActivePins {
  const pins = compiledPins();
  const profile = (profiles ?? []).map(obj).find((p) => p.name === name);
  if (!profile) return pins;
  for (const group of Object.keys(pins) as (keyof ActivePins)[]) {
    const source = obj(profile[group]);
    const target = pins[group] as Record<string, number | boolean>;
    for (const key of Object.keys(target)) {
      const current = target[key];
      if (typeof current === "boolean") {
        if (typeof source[key] === "boolean") target[key] = source[key];
      } else {
        target[key] = pin(source[key], current as number);
      }
    }
  }
  return pins;
}

export function nrfConfigured(p: ActivePins): boolean {
  return Object.values(p.nrf24).every((v) => v >= 0);
}

export function cmtConfigured(p: ActivePins): boolean {
  return p.cmt.clk >= 0 && p.cmt.cs >= 0 && p.cmt.fcs >= 0 && p.cmt.sdio >= 0;
}
