/**
 * The household meter (issue 31 §4): our extension, not on the device. One meter per device, read by the gateway
 * (a Shelly, a Tasmota reader, any HTTP JSON URL, an MQTT topic, or the simulated house of a simulated device).
 * Sign: positive = import from the grid, negative = export. Powers in W, energies in Wh, times in ms.
 * Valibot schemas in ./meterSchemas.ts (apart, so the web app can import these types without valibot).
 */
import type { EndpointDef } from "./endpoints.ts";

export const METER_KINDS = ["shelly", "tasmota", "http", "mqtt", "sim"] as const;
export type MeterKind = (typeof METER_KINDS)[number];
export type MeterUnit = "W" | "kW";

/** Poll period bounds (issue 31 §1: every second by default, 250 ms at least). */
export const METER_INTERVAL = { min: 250, max: 60_000, default: 1000 } as const;

/** The meter's settings as GET /api/meter/config answers them: the password is write-only. */
export interface MeterConfigView {
  enabled: boolean;
  kind: MeterKind;
  /** http/https (shelly, tasmota, http) or mqtt/mqtts (mqtt); "" when unused (sim). */
  url: string;
  username: string;
  password_set: boolean;
  /** Where the power is in the answer (`a.b[1].c`); for Tasmota inside `StatusSNS`; for MQTT in the payload. */
  path: string;
  /** Tasmota/HTTP: a second path of the export power (OBIS 2.7.0): power = value at `path` − value here. */
  path_export: string;
  unit: MeterUnit;
  /** The meter counts export as positive: the gateway turns the sign round. */
  invert: boolean;
  interval_ms: number;
  /** MQTT only. */
  topic: string;
}

/**
 * The POST's `data` (admin): any subset of the fields; the password as text ("" removes it), absent or null keeps
 * the stored one. Merged over the current settings; the first bad field refuses the whole POST.
 */
export type MeterConfigPost = Partial<Omit<MeterConfigView, "password_set">> & { password?: string | null };

type None = Record<string, never>;

/** Why a read failed, as codes the web app words in en/de/fr; each with its parameters. */
export interface MeterErrorParams {
  /** Connection refused (nothing listens there). */
  refused: None;
  host_not_found: None;
  /** No answer within `seconds`. */
  timeout: { seconds: number };
  /** Another network failure, in the system's words. */
  network: { reason: string };
  http_status: { status: number };
  /** The meter refused the user name or password. */
  auth_refused: None;
  redirect_loop: None;
  /** The answer was over `max_bytes` (only that much is read). */
  too_large: { max_bytes: number };
  /** The answer is not JSON (e.g. an HTML page). */
  not_json: None;
  /** Nothing at that path of the answer. */
  no_value: { path: string };
  /** Found something at the path that is not a number (`value`: its first characters). */
  not_number: { path: string; value: string };
  /** The answer is JSON but none of the known shapes of that kind of meter. */
  not_meter: { kind: MeterKind };
  /** MQTT: the broker refused or dropped the connection. */
  broker: { reason: string };
  /** MQTT: connected, but no message on the topic yet. */
  no_message: { topic: string };
  /** The simulated house: only a simulated device has one. */
  no_sim: None;
}
export type MeterErrorCode = keyof MeterErrorParams;

export type MeterError = {
  [C in MeterErrorCode]: { code: C; params: MeterErrorParams[C]; message: string };
}[MeterErrorCode];

/**
 * `ok`: a fresh value; `stale`: no good read for max(3 intervals, 10 s), the last value is not shown as now;
 * `error`: the last read failed (the last good value is younger than the stale limit); `off`: no meter.
 */
export type MeterState = "ok" | "stale" | "error" | "off";

/** Today's energy so far (the device's local day), Home Assistant's definitions; null where not known. */
export interface MeterToday {
  import_wh: number | null;
  export_wh: number | null;
  production_wh: number | null;
  /** production + import − export. */
  home_wh: number | null;
  /** (production − export) / production, in %; null without production. */
  self_consumption_pct: number | null;
  /** 1 − import / home, in %; null without home use. */
  autarky_pct: number | null;
}

export interface MeterStatus {
  state: MeterState;
  /** The last good value's total power; null when off or never read. Check `state`/`age_ms` before calling it now. */
  power_w: number | null;
  /** Per phase (L1, L2, L3) where the meter gives them. */
  phases_w: number[] | null;
  /** Age of `power_w`. */
  age_ms: number | null;
  error: MeterError | null;
  today: MeterToday;
}

/** Refusals of a config field (MeterResult with `field`) and the other answers of POST /api/meter/config. */
export interface MeterResultParams {
  saved: None;
  not_written: None;
  data_missing: None;
  data_json: None;
  data_object: None;
  unknown_field: None;
  /** `type`: "boolean", "number" or "string". */
  wrong_type: { type: string };
  kind: { kinds: string };
  unit: None;
  interval_range: { min: number; max: number };
  too_long: { max: number };
  control_chars: None;
  required: None;
  bad_url: None;
  url_scheme: { schemes: string };
  url_credentials: None;
  bad_path: None;
  bad_topic: None;
  /** A simulated house needs a simulated device. */
  no_sim: None;
}
export type MeterResultCode = keyof MeterResultParams;

export type MeterResult = {
  [C in MeterResultCode]: {
    type: "success" | "danger";
    message: string;
    /** The refused field. */
    field?: string;
    code: C;
    params: MeterResultParams[C];
  };
}[MeterResultCode];

/** POST /api/meter/test: one read with the config in the body (merged over the stored one, not saved). */
export interface MeterTestResult {
  ok: boolean;
  power_w: number | null;
  phases_w: number[] | null;
  /** What was found at the path (as text, cut to 80 characters), null when nothing. */
  found: string | null;
  /** What the read took. */
  ms: number;
  error: MeterError | null;
}

/** The refusals of the test's body are those of the config POST. */
export type MeterTestAnswer = MeterTestResult | MeterResult;

/** POST /api/sim/house (simulated device only, admin): `{ "load_w": N }` holds the house at N W, null: the model. */
export interface SimHousePost {
  load_w: number | null;
}
export interface SimHouseResult {
  type: "success" | "danger";
  message: string;
  /** The held load now, null when the model runs. */
  load_w: number | null;
}
/** The highest load the house can be held at (W). */
export const SIM_HOUSE_MAX_W = 100_000;

export const meterEndpoints = {
  configGet: { method: "GET", path: "/api/meter/config", auth: "admin" } as EndpointDef<
    MeterConfigView,
    never
  >,
  configPost: { method: "POST", path: "/api/meter/config", auth: "admin" } as EndpointDef<
    MeterResult,
    MeterConfigPost
  >,
  status: { method: "GET", path: "/api/meter/status", auth: "read" } as EndpointDef<MeterStatus, never>,
  test: { method: "POST", path: "/api/meter/test", auth: "admin" } as EndpointDef<
    MeterTestAnswer,
    MeterConfigPost
  >,
  simHouse: { method: "POST", path: "/api/sim/house", auth: "admin" } as EndpointDef<
    SimHouseResult,
    SimHousePost
  >,
};
export type MeterEndpointName = keyof typeof meterEndpoints;
