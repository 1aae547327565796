/** The "why" of a decision in plain words (English; the screen has its own translations), for logs and the status. */
import type { ZeroExportWhy, ZeroExportWhyCode } from "@dtu/api/zeroexport";
import type { Why, WhyParams } from "./types.ts";

const TEXTS: Record<ZeroExportWhyCode, (p: WhyParams) => string> = {
  export: (p) => `export ${-Number(p.grid_w)} W (target ${p.target_w} W): cut ${p.cut_w} W`,
  import_excess: (p) =>
    `import ${p.grid_w} W for two readings (target ${p.target_w} W): raise ${p.missing_w} W`,
  above_max: (p) => `limit above this inverter's maximum of ${p.max_w} W`,
  cap_total: (p) => `total ${p.total_w} W above the cap of ${p.max_total_w} W`,
  fallback_meter_stale: (p) => `meter silent for ${p.silent_s} s: fallback limit`,
  fallback_meter_error: (p) => `meter error (${p.error}): fallback limit`,
  fallback_stopping: () => "the gateway stops: fallback limit",
  check: (p) => `commissioning check: lower by ${p.cut_w} W`,
  check_restore: () => "commissioning check done: limit restored",
  off: () => "zero export is off",
  in_band: (p) => `grid ${p.grid_w} W within ${p.target_w} ± ${p.deadband_w} W`,
  waiting_clock: () => "waiting for the device's time",
  waiting_meter: () => "waiting for the first meter reading",
  meter_late: (p) => `no meter reading for ${p.silent_s} s: no new command until one comes`,
  waiting_facts: (p) => `waiting for inverter ${p.serial}'s rating, limit and output`,
  settling: (p) => `grid ${p.grid_w} W: waiting for the inverters' response to the last commands`,
  nothing_to_change: (p) => `grid ${p.grid_w} W: every inverter is at its min, max or sun limit`,
  paused_foreign_limit: (p) =>
    `paused: inverter ${p.serial}'s limit was changed by someone else (${p.limit_w} W, sent ${p.sent_w} W)`,
  no_command_access: (p) =>
    `the device does not let the gateway send commands (${p.access}): nothing is sent`,
  dtu_unreachable: () => "the DTU does not answer: nothing can be sent",
};

export const describeWhy = (w: Why): ZeroExportWhy => ({ ...w, message: TEXTS[w.code](w.params) });
