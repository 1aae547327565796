/**
 * What the controller's decisions are made from and what they give (pure; issue 32 §2). Powers in W, meter sign:
 * positive = import, negative = export; times in host milliseconds.
 */
import type { ZeroExportConfig, ZeroExportState, ZeroExportWhyCode } from "@dtu/api/zeroexport";

export interface MeterSample {
  at: number;
  grid_w: number;
}

export interface MeterView {
  /** Oldest first; the controller looks at the last few (and the last 30 for the automatic band). */
  samples: readonly MeterSample[];
  /** The meter's reading interval (ms). */
  interval_ms: number;
  /** The meter's own error now (a refused login, an unreadable answer); null when it reads fine. */
  error: string | null;
}

/** One inverter as the controller sees it: the device's facts plus what this controller sent it. */
export interface InverterView {
  serial: string;
  /** Max power from device info; null while unknown. */
  rating_w: number | null;
  /** The limit as the device reports it (limit_relative × rating); null while unknown. */
  limit_w: number | null;
  /** Measured AC output; null while never read. */
  output_w: number | null;
  /** When `output_w` was measured; null while never read. */
  read_at: number | null;
  reachable: boolean;
  /** A command of this controller to it is on its way (queued, on the air, not answered). */
  pending: boolean;
  /** The last limit this controller sent it, and the limit it replaced; null when none. */
  commanded_w: number | null;
  commanded_from_w: number | null;
  last_command_at: number | null;
  /** Its measured response time (command to output moved), from the commissioning check; null = not measured. */
  response_ms: number | null;
  /** When this controller sent it commands (any age; only the last hour counts). */
  command_times: readonly number[];
}

export interface ControllerInput {
  now: number;
  /** The device's clock is set (API.md §3.1 hints.time_sync false). */
  clock_known: boolean;
  meter: MeterView;
  inverters: readonly InverterView[];
  settings: ZeroExportConfig;
}

export type WhyParams = Record<string, number | string>;

export interface Why {
  code: ZeroExportWhyCode;
  params: WhyParams;
}

/** An absolute non-persistent limit (API.md §3.7 type 0), the only kind the controller sends. */
export interface LimitOrder {
  serial: string;
  from_w: number | null;
  to_w: number;
  type: 0;
  why: Why;
}

export interface Decision {
  state: ZeroExportState;
  reason: Why;
  /** The band in use (settings, or automatic from the meter's noise). */
  deadband_w: number;
  orders: LimitOrder[];
}
