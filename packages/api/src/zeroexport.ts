/**
 * Zero export (issue 32 §4): the controller that holds the grid meter at a target with the inverters' limits. Our
 * extension, not on the device: `GET|POST /api/zeroexport/config`, `GET /api/zeroexport/status`. Powers in W; the
 * meter's sign: positive = import from the grid, negative = export. Times: Unix milliseconds.
 */
import * as v from "valibot";
import type { EndpointDef } from "./endpoints.ts";

/** Bounds the config accepts (a refusal names the field, see `zeroExportConfigProblem`). */
export const ZERO_EXPORT_BOUNDS = {
  /** |target_w|: a target beyond ±10 kW is a typo. */
  target_w: 10_000,
  deadband_w: 1_000,
  /** The largest limit the device takes (API.md §3.7: limit_value ≤ 2250 per inverter). */
  inverter_w: 2_250,
  total_w: 100_000,
  inverters: 32,
} as const;

const watts = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));

// Strict objects: a body with a key the config does not know (a typo) is refused, naming that key.
export const ZeroExportInverterConfig = v.pipe(
  v.strictObject({
    /** The inverter's serial as live data spells it (hex digits). */
    serial: v.pipe(v.string(), v.regex(/^[0-9A-Fa-f]{1,16}$/)),
    /** Takes part in the control. */
    enabled: v.boolean(),
    /** The controller never sets this inverter below `min_w` nor above `max_w`. */
    min_w: watts(ZERO_EXPORT_BOUNDS.inverter_w),
    max_w: watts(ZERO_EXPORT_BOUNDS.inverter_w),
  }),
  v.check((i) => i.min_w <= i.max_w, "min_w must not exceed max_w"),
);
export type ZeroExportInverterConfig = v.InferOutput<typeof ZeroExportInverterConfig>;

export const ZeroExportConfig = v.pipe(
  v.strictObject({
    /** Off by default. */
    enabled: v.boolean(),
    /** Where the meter is held: +20 (import) by default; negative caps export instead (e.g. −600). */
    target_w: v.pipe(
      v.number(),
      v.integer(),
      v.minValue(-ZERO_EXPORT_BOUNDS.target_w),
      v.maxValue(ZERO_EXPORT_BOUNDS.target_w),
    ),
    /** Half-width of the band around the target; 0 = automatic from the meter's noise, at least 10. */
    deadband_w: watts(ZERO_EXPORT_BOUNDS.deadband_w),
    /** Cap on the inverters' total limit (controlled) plus output (the others); null = none. No protection device. */
    max_total_w: v.nullable(watts(ZERO_EXPORT_BOUNDS.total_w)),
    /** Limit of every controlled inverter while the meter is silent or in error; null = each inverter's `min_w`. */
    fallback_w: v.nullable(watts(ZERO_EXPORT_BOUNDS.inverter_w)),
    inverters: v.pipe(v.array(ZeroExportInverterConfig), v.maxLength(ZERO_EXPORT_BOUNDS.inverters)),
  }),
  v.check(
    (c) => new Set(c.inverters.map((i) => i.serial.toLowerCase())).size === c.inverters.length,
    "an inverter is listed twice",
  ),
);
export type ZeroExportConfig = v.InferOutput<typeof ZeroExportConfig>;

export const DEFAULT_ZERO_EXPORT_CONFIG: ZeroExportConfig = {
  enabled: false,
  target_w: 20,
  deadband_w: 0,
  max_total_w: null,
  fallback_w: null,
  inverters: [],
};

/**
 * The first problem of a config body, named by its field path (`inverters.1.max_w`, or `inverters.1` for a rule over
 * the entry), or null when it is valid.
 */
export function zeroExportConfigProblem(body: unknown): { field: string; message: string } | null {
  const result = v.safeParse(ZeroExportConfig, body);
  if (result.success) return null;
  const issue = result.issues[0];
  return { field: v.getDotPath(issue) ?? "data", message: issue.message };
}

/** Why the controller did (or does not do) something: a code with its numbers, for the log and the status. */
export const ZeroExportWhyCode = v.picklist([
  // A command's reason.
  "export",
  "import_excess",
  "above_max",
  "cap_total",
  "fallback_meter_stale",
  "fallback_meter_error",
  "fallback_stopping",
  "check",
  "check_restore",
  // A state's reason.
  "off",
  "in_band",
  "waiting_clock",
  "waiting_meter",
  "meter_late",
  "waiting_facts",
  "settling",
  "nothing_to_change",
  // States of the running controller (added with the service, issue 32 §2–3).
  "paused_foreign_limit",
  "no_command_access",
  "dtu_unreachable",
]);
export type ZeroExportWhyCode = v.InferOutput<typeof ZeroExportWhyCode>;

export const ZeroExportWhy = v.object({
  code: ZeroExportWhyCode,
  params: v.record(v.string(), v.union([v.string(), v.number()])),
  /** The code in plain words (English), for logs and clients without their own text. */
  message: v.string(),
});
export type ZeroExportWhy = v.InferOutput<typeof ZeroExportWhy>;

export const ZeroExportState = v.picklist(["off", "waiting", "active", "fallback", "paused"]);
export type ZeroExportState = v.InferOutput<typeof ZeroExportState>;

export const ZeroExportStatus = v.object({
  state: ZeroExportState,
  reason: ZeroExportWhy,
  /** Last meter reading; null before the first. */
  grid_w: v.nullable(v.number()),
  target_w: v.number(),
  /** The band in use (the automatic one when `deadband_w` is 0). */
  deadband_w: v.number(),
  output_w: v.nullable(v.number()),
  limit_total_w: v.nullable(v.number()),
  commands_last_hour: v.number(),
  inverters: v.array(
    v.object({
      serial: v.string(),
      limit_w: v.nullable(v.number()),
      output_w: v.nullable(v.number()),
      pending: v.boolean(),
      /** Measured time from a command to the output's response (ms); null before the first measurement. */
      response_ms: v.nullable(v.number()),
    }),
  ),
  /** The last 200 commands, oldest first. */
  log: v.array(
    v.object({
      at: v.number(),
      serial: v.string(),
      from_w: v.nullable(v.number()),
      to_w: v.number(),
      grid_w: v.nullable(v.number()),
      why: ZeroExportWhy,
      result: v.picklist(["pending", "ok", "failure", "timeout", "refused", "unreachable"]),
    }),
  ),
});
export type ZeroExportStatus = v.InferOutput<typeof ZeroExportStatus>;

/** Answer of `POST /api/zeroexport/config` and `/resume`: a refusal (400) names its `field`. */
export interface ZeroExportResult {
  type: "success" | "danger";
  message: string;
  /** `saved`, `resumed`, `not_paused`, `data_json`, `invalid`, `not_written`. */
  code: string;
  /** The refused field's dot path (`inverters.1.max_w`, `data` for the whole body). */
  field?: string;
}

/** Answer of `POST /api/zeroexport/check` (the commissioning check, issue 32 §2). */
export interface ZeroExportCheckAnswer {
  /** The meter rose by about the cut within 15 s. */
  ok: boolean;
  serial: string | null;
  /** How far the limit was lowered (W) and how far the meter rose meanwhile (W). */
  cut_w: number;
  rise_w: number | null;
  /** Command to the meter showing the rise (ms); null when it did not. */
  response_ms: number | null;
  /** Plain words (English): what was found, or why the check could not run. */
  message: string;
  /** Inverters whose firmware is known to drop non-persistent limits (2.0.4): serial and firmware. */
  warnings: { serial: string; firmware: string; message: string }[];
}

export const zeroExportEndpoints = {
  configGet: { method: "GET", path: "/api/zeroexport/config", auth: "read" } as EndpointDef<
    ZeroExportConfig,
    never
  >,
  configPost: { method: "POST", path: "/api/zeroexport/config", auth: "admin" } as EndpointDef<
    ZeroExportResult,
    ZeroExportConfig
  >,
  status: { method: "GET", path: "/api/zeroexport/status", auth: "read" } as EndpointDef<
    ZeroExportStatus,
    never
  >,
  resume: { method: "POST", path: "/api/zeroexport/resume", auth: "admin" } as EndpointDef<
    ZeroExportResult,
    never
  >,
  check: { method: "POST", path: "/api/zeroexport/check", auth: "admin" } as EndpointDef<
    ZeroExportCheckAnswer,
    never
  >,
};
