/**
 * Valibot schemas of the meter answers (types in ./meter.ts), for tests and run-time checks; apart from meter.ts so
 * the web app can import the types without valibot. `satisfies` ties each schema to its type: a drift fails to
 * compile.
 */
import * as v from "valibot";
import {
  METER_KINDS,
  type MeterConfigPost,
  type MeterConfigView,
  type MeterError,
  type MeterErrorCode,
  type MeterResult,
  type MeterResultCode,
  type MeterStatus,
  type MeterTestResult,
  type SimHouseResult,
} from "./meter.ts";

const Kind = v.picklist(METER_KINDS);
const S = v.string();
const N = v.number();

/** Each code's parameters (a code added to MeterErrorParams and not here does not compile). */
const ERROR_PARAMS = {
  refused: {},
  host_not_found: {},
  timeout: { seconds: N },
  network: { reason: S },
  http_status: { status: N },
  auth_refused: {},
  redirect_loop: {},
  too_large: { max_bytes: N },
  not_json: {},
  no_value: { path: S },
  not_number: { path: S, value: S },
  not_meter: { kind: Kind },
  broker: { reason: S },
  no_message: { topic: S },
  no_sim: {},
} satisfies Record<MeterErrorCode, v.ObjectEntries>;
export const METER_ERROR_CODES = Object.keys(ERROR_PARAMS) as MeterErrorCode[];

const RESULT_PARAMS = {
  saved: {},
  not_written: {},
  data_missing: {},
  data_json: {},
  data_object: {},
  unknown_field: {},
  wrong_type: { type: S },
  kind: { kinds: S },
  unit: {},
  interval_range: { min: N, max: N },
  too_long: { max: N },
  control_chars: {},
  required: {},
  bad_url: {},
  url_scheme: { schemes: S },
  url_credentials: {},
  bad_path: {},
  bad_topic: {},
  no_sim: {},
} satisfies Record<MeterResultCode, v.ObjectEntries>;
export const METER_RESULT_CODES = Object.keys(RESULT_PARAMS) as MeterResultCode[];

/** One object schema per code, told apart by `code`, each with its own parameters. */
function byCode(params: Record<string, v.ObjectEntries>, rest: v.ObjectEntries) {
  return v.variant(
    "code",
    Object.entries(params).map(([code, entries]) =>
      v.object({ code: v.literal(code), params: v.object(entries), ...rest }),
    ),
  );
}
const Unit = v.picklist(["W", "kW"]);
const num = v.nullable(v.number());

export const MeterConfigViewSchema = v.object({
  enabled: v.boolean(),
  kind: Kind,
  url: v.string(),
  username: v.string(),
  password_set: v.boolean(),
  path: v.string(),
  path_export: v.string(),
  unit: Unit,
  invert: v.boolean(),
  interval_ms: v.number(),
  topic: v.string(),
}) satisfies v.GenericSchema<unknown, MeterConfigView>;

/** The POST's `data` (types only checked; the gateway checks bounds and gives the refusal's words). */
export const MeterConfigPostSchema = v.partial(
  v.object({
    ...v.omit(MeterConfigViewSchema, ["password_set"]).entries,
    password: v.nullable(v.string()),
  }),
) satisfies v.GenericSchema<unknown, MeterConfigPost>;

// valibot cannot infer the union from the mapped list: the cast names it; the maps above hold codes and params.
export const MeterErrorSchema = byCode(ERROR_PARAMS, { message: S }) as unknown as v.GenericSchema<
  unknown,
  MeterError
>;

export const MeterStatusSchema = v.object({
  state: v.picklist(["ok", "stale", "error", "off"]),
  power_w: num,
  phases_w: v.nullable(v.array(v.number())),
  age_ms: num,
  error: v.nullable(MeterErrorSchema),
  today: v.object({
    import_wh: num,
    export_wh: num,
    production_wh: num,
    home_wh: num,
    self_consumption_pct: num,
    autarky_pct: num,
  }),
}) satisfies v.GenericSchema<unknown, MeterStatus>;

export const MeterResultSchema = byCode(RESULT_PARAMS, {
  type: v.picklist(["success", "danger"]),
  message: S,
  field: v.optional(S),
}) as unknown as v.GenericSchema<unknown, MeterResult>;

export const MeterTestResultSchema = v.object({
  ok: v.boolean(),
  power_w: num,
  phases_w: v.nullable(v.array(v.number())),
  found: v.nullable(v.string()),
  ms: v.number(),
  error: v.nullable(MeterErrorSchema),
}) satisfies v.GenericSchema<unknown, MeterTestResult>;

export const SimHouseResultSchema = v.object({
  type: v.picklist(["success", "danger"]),
  message: v.string(),
  load_w: num,
}) satisfies v.GenericSchema<unknown, SimHouseResult>;

/** The answer schema of each meter endpoint (a refusal of the test answers MeterResultSchema). */
export const meterResponseSchemas = {
  configGet: MeterConfigViewSchema,
  configPost: MeterResultSchema,
  status: MeterStatusSchema,
  test: v.union([MeterTestResultSchema, MeterResultSchema]),
  simHouse: SimHouseResultSchema,
};
