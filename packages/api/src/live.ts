/** Live data and the per-inverter read endpoints (API.md §3.1–§3.8, later shapes §9.2–§9.6). */
import * as v from "valibot";

/** One measured property: value, unit, decimals (API.md §3.1 "Channel objects"). */
export const Field = v.object({ v: v.number(), u: v.string(), d: v.number() });
export type Field = v.InferOutput<typeof Field>;

/** Irradiation carries the configured max power of the string. */
export const IrradiationField = v.object({ v: v.number(), u: v.string(), d: v.number(), max: v.number() });

export const FIELD_NAMES = [
  "Power",
  "Voltage",
  "Current",
  "Power DC",
  "YieldDay",
  "YieldTotal",
  "Frequency",
  "Temperature",
  "PowerFactor",
  "ReactivePower",
  "Efficiency",
  "Irradiation",
] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

/** A channel: property name → field; DC channels also hold `name: {u}` (API.md §3.1). */
export const Channel = v.record(
  v.string(),
  v.union([
    v.object({ v: v.number(), u: v.string(), d: v.number(), max: v.optional(v.number()) }),
    v.object({ u: v.string() }),
  ]),
);
export type Channel = v.InferOutput<typeof Channel>;

/** Channel number ("0", "1", …) → channel. DC is 0-based here (API.md trap 7). */
export const ChannelMap = v.record(v.string(), Channel);
export type ChannelMap = v.InferOutput<typeof ChannelMap>;

export const RadioStats = v.object({
  tx_request: v.number(),
  tx_re_request: v.number(),
  rx_success: v.number(),
  rx_fail_nothing: v.number(),
  rx_fail_partial: v.number(),
  rx_fail_corrupt: v.number(),
  rssi: v.optional(v.number()),
});

export const LiveInverter = v.object({
  serial: v.string(),
  name: v.string(),
  order: v.number(),
  data_age: v.number(),
  poll_enabled: v.boolean(),
  reachable: v.boolean(),
  producing: v.boolean(),
  limit_relative: v.number(),
  limit_absolute: v.number(),
  /** Absent in the summary form of later firmware (API.md §9.2). */
  AC: v.optional(ChannelMap),
  DC: v.optional(ChannelMap),
  INV: v.optional(ChannelMap),
  events: v.optional(v.number()),
  /** Later firmware only (API.md §9.2). */
  data_age_ms: v.optional(v.number()),
  radio_stats: v.optional(RadioStats),
});
export type LiveInverter = v.InferOutput<typeof LiveInverter>;

export const LiveTotal = v.object({ Power: Field, YieldDay: Field, YieldTotal: Field });
export type LiveTotal = v.InferOutput<typeof LiveTotal>;

export const LiveHints = v.object({
  /** true means the clock is NOT synchronised (API.md §3.1 hints). */
  time_sync: v.boolean(),
  radio_problem: v.boolean(),
  default_password: v.boolean(),
  pin_mapping_issue: v.optional(v.boolean()),
});
export type LiveHints = v.InferOutput<typeof LiveHints>;

/** GET /api/livedata/status and every /livedata socket message. */
export const LiveData = v.object({
  inverters: v.array(LiveInverter),
  total: LiveTotal,
  hints: LiveHints,
});
export type LiveData = v.InferOutput<typeof LiveData>;

export const EventEntry = v.object({
  message_id: v.number(),
  message: v.string(),
  start_time: v.number(),
  end_time: v.number(),
});
export const EventLog = v.object({ count: v.number(), events: v.array(EventEntry) });
export type EventLog = v.InferOutput<typeof EventLog>;

export const DeviceInfo = v.object({
  valid_data: v.boolean(),
  fw_bootloader_version: v.number(),
  fw_build_version: v.number(),
  hw_part_number: v.number(),
  hw_version: v.string(),
  hw_model_name: v.string(),
  max_power: v.number(),
  fw_build_datetime: v.string(),
  pdl_supported: v.optional(v.boolean()),
});
export type DeviceInfo = v.InferOutput<typeof DeviceInfo>;

/** v23.11.16: raw bytes (always 141). Later firmware: decoded form (API.md §9.5). */
export const GridProfile = v.object({
  raw: v.optional(v.array(v.number())),
  name: v.optional(v.string()),
  version: v.optional(v.string()),
  sections: v.optional(
    v.array(
      v.object({
        name: v.string(),
        items: v.array(v.object({ n: v.string(), u: v.string(), v: v.number() })),
      }),
    ),
  ),
});
export type GridProfile = v.InferOutput<typeof GridProfile>;

export const CommandStatus = v.picklist(["Ok", "Pending", "Failure", "Unknown"]);
export type CommandStatus = v.InferOutput<typeof CommandStatus>;

export const LimitStatusEntry = v.object({
  limit_relative: v.number(),
  max_power: v.number(),
  limit_set_status: CommandStatus,
});
export const LimitStatus = v.record(v.string(), LimitStatusEntry);
export type LimitStatus = v.InferOutput<typeof LimitStatus>;

export const PowerStatus = v.record(v.string(), v.object({ power_set_status: CommandStatus }));
export type PowerStatus = v.InferOutput<typeof PowerStatus>;

/**
 * limit_type of POST /api/limit/config: 0 absolute, 1 relative, +256 persistent (API.md §3.7); from v25.9.11 the
 * persistent kinds are 2/3 (§9.7).
 */
export type LimitType = 0 | 1 | 2 | 3 | 256 | 257;
export interface LimitConfigRequest {
  serial: string;
  limit_value: number;
  limit_type: LimitType;
}
export type PowerConfigRequest = { serial: string; power: boolean } | { serial: string; restart: true };

/** An empty object answers an unknown `inv` (API.md §3.4–§3.6). */
export const EmptyObject = v.strictObject({});
