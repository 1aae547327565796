/**
 * The simulated meter's answers in the shapes of three real meters (issue 31 §1 `--meter-port`), pure: a Shelly
 * Pro 3EM (Gen2 RPC `EM.GetStatus`, `Shelly.GetDeviceInfo`, triphase profile), a Shelly 3EM (Gen1 `/status`,
 * `/shelly`) and a Tasmota SML reader (`Status 10`). Field names and units as those devices give them; voltage,
 * current and power factor are plausible values made from the power, the energy counters those the server keeps.
 */

export interface GridNow {
  /** Per phase L1–L3, W, + import. */
  phases_w: number[];
  power_w: number;
  /** Energy counters since the server started, Wh. */
  import_wh: number;
  export_wh: number;
  /** Per phase, Wh. */
  phase_import_wh: number[];
  phase_export_wh: number[];
  /** Host ms. */
  at: number;
}

export const MAC = "C8F09E8AE9A4";
const VOLTS = [230.4, 231.1, 229.7];
const r1 = (x: number): number => Math.round(x * 10) / 10;
const r3 = (x: number): number => Math.round(x * 1000) / 1000;
const pf = (w: number): number => (Math.abs(w) < 5 ? 0 : w >= 0 ? 0.96 : -0.99);

function phase(g: GridNow, i: number) {
  const w = g.phases_w[i] ?? 0;
  const volts = VOLTS[i] ?? 230;
  const factor = pf(w);
  const apparent = factor === 0 ? Math.abs(w) : Math.abs(w / factor);
  return { w: r1(w), volts, current: r3(apparent / volts), apparent: r1(apparent), pf: factor };
}

export function shellyEmStatus(g: GridNow) {
  const out: Record<string, number | null | number[]> = { id: 0 };
  let current = 0;
  let apparent = 0;
  ["a", "b", "c"].forEach((p, i) => {
    const x = phase(g, i);
    current += x.current;
    apparent += x.apparent;
    Object.assign(out, {
      [`${p}_current`]: x.current,
      [`${p}_voltage`]: x.volts,
      [`${p}_act_power`]: x.w,
      [`${p}_aprt_power`]: x.apparent,
      [`${p}_pf`]: x.pf,
      [`${p}_freq`]: 50,
    });
  });
  return {
    ...out,
    n_current: null,
    total_current: r3(current),
    total_act_power: r1(g.power_w),
    total_aprt_power: r1(apparent),
    user_calibrated_phase: [],
  };
}

export function shellyDeviceInfo() {
  return {
    name: null,
    id: `shellypro3em-${MAC.toLowerCase()}`,
    mac: MAC,
    slot: 0,
    model: "SPEM-003CEBEU",
    gen: 2,
    fw_id: "20241011-114455/1.4.4-g6d2a586",
    ver: "1.4.4",
    app: "Pro3EM",
    auth_en: false,
    auth_domain: null,
    profile: "triphase",
  };
}

export function shellyGen1Status(g: GridNow) {
  const emeters = [0, 1, 2].map((i) => {
    const x = phase(g, i);
    return {
      power: x.w,
      pf: Math.abs(x.pf),
      current: x.current,
      voltage: x.volts,
      is_valid: true,
      total: r1(g.phase_import_wh[i] ?? 0),
      total_returned: r1(g.phase_export_wh[i] ?? 0),
    };
  });
  return {
    time: new Date(g.at).toISOString().slice(11, 16),
    unixtime: Math.floor(g.at / 1000),
    has_update: false,
    mac: MAC,
    emeters,
    total_power: r1(g.power_w),
    fs_mounted: true,
  };
}

export function shellyGen1Info() {
  return {
    type: "SHEM-3",
    mac: MAC,
    auth: false,
    fw: "20230913-114244/v1.14.0-gcb84623",
    longid: 1,
    num_outputs: 1,
    num_meters: 0,
    num_emeters: 3,
  };
}

/** Tasmota `Status 10` of an SML reader: power in W, counters in kWh (OBIS 1.8.0 / 2.8.0), import/export power. */
export function tasmotaStatus10(g: GridNow) {
  return {
    StatusSNS: {
      Time: new Date(g.at).toISOString().slice(0, 19),
      SML: {
        total_in: r3(g.import_wh / 1000),
        total_out: r3(g.export_wh / 1000),
        curr_w: Math.round(g.power_w),
        power_in: Math.max(0, Math.round(g.power_w)),
        power_out: Math.max(0, -Math.round(g.power_w)),
      },
    },
  };
}
