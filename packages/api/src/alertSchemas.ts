/**
 * Valibot schemas of the alert answers (types in ./alerts.ts), for tests and run-time checks; apart from alerts.ts so
 * the web app can import the types without valibot. `satisfies` ties each schema to its type: a drift fails to
 * compile.
 */
import * as v from "valibot";
import type { AlertCode, AlertConfigView, AlertList, AlertResult, AlertTestResult } from "./alerts.ts";

const Channel = v.picklist(["mqtt", "ntfy", "webhook", "email", "browser"]);
const Kind = v.picklist([
  "inverter_silent",
  "weak_string",
  "not_producing",
  "event_log",
  "dtu_silent",
  "radio",
  "clock",
  "command_failed",
  "meter_silent",
  "zeroexport_paused",
  "zeroexport_unreachable",
]);

/** Every code once (a code added to AlertCodeParams and not here does not compile). */
const CODES: Record<AlertCode, true> = {
  no_page: true,
  timeout: true,
  cancelled: true,
  conn_refused: true,
  host_not_found: true,
  dns_failed: true,
  conn_reset: true,
  conn_timeout: true,
  host_unreachable: true,
  cert_expired: true,
  cert_self_signed: true,
  cert_untrusted: true,
  cert_wrong_host: true,
  network: true,
  http_status: true,
  broker_refused: true,
  broker_offline: true,
  smtp_auth: true,
  smtp: true,
  setup_failed: true,
  saved: true,
  not_written: true,
  acknowledged: true,
  data_missing: true,
  data_too_large: true,
  data_json: true,
  data_object: true,
  alert_id: true,
  no_alert: true,
  not_object: true,
  not_list: true,
  not_setting: true,
  wrong_type: true,
  not_number: true,
  too_long: true,
  minutes_range: true,
  percent_range: true,
  ignore_ids: true,
  language: true,
  unknown_channel: true,
  must_bool: true,
  must_text: true,
  control_chars: true,
  required: true,
  bad_url: true,
  url_scheme: true,
  url_no_host: true,
  url_credentials: true,
  topic_chars: true,
  topic_slash: true,
  ntfy_topic: true,
  bad_host: true,
  bad_port: true,
  bad_security: true,
  bad_email: true,
  too_many_addresses: true,
  bad_recipient: true,
  bad_state: true,
  bad_date: true,
  from_after_to: true,
  no_browser: true,
  db_failed: true,
  db_unusable: true,
};
export const ALERT_CODE_LIST = Object.keys(CODES) as AlertCode[];

const Params = v.record(v.string(), v.union([v.string(), v.number()]));
/** Code and parameters: optional, an older gateway's answer (or an old record) has none. */
const coded = { code: v.optional(v.picklist(ALERT_CODE_LIST)), params: v.optional(Params) };

export const AlertSchema = v.object({
  id: v.number(),
  kind: Kind,
  severity: v.picklist(["critical", "warning", "info"]),
  serial: v.nullable(v.string()),
  name: v.string(),
  channel: v.nullable(v.number()),
  title: v.string(),
  detail: v.string(),
  facts: v.optional(
    v.object({
      minutes: v.optional(v.number()),
      string: v.optional(v.number()),
      string_name: v.optional(v.string()),
      share: v.optional(v.number()),
      usual: v.optional(v.number()),
      percent: v.optional(v.number()),
      command: v.optional(v.picklist(["limit", "power"])),
      event: v.optional(v.number()),
      message: v.optional(v.string()),
      time: v.optional(v.string()),
    }),
  ),
  started: v.number(),
  cleared: v.nullable(v.number()),
  acknowledged: v.boolean(),
  deliveries: v.array(
    v.object({ channel: Channel, at: v.number(), ok: v.boolean(), error: v.nullable(v.string()), ...coded }),
  ),
});

export const AlertListSchema = v.object({
  alerts: v.array(AlertSchema),
  storage: v.picklist(["database", "memory"]),
  problem: v.nullable(v.string()),
  problem_code: coded.code,
  problem_params: coded.params,
  language: v.picklist(["en", "de", "fr"]),
  language_set: v.boolean(),
  learning: v.nullable(v.object({ days: v.number(), of: v.number(), since: v.nullable(v.number()) })),
}) satisfies v.GenericSchema<unknown, AlertList>;

const onOff = { enabled: v.boolean() };
const minutes = { ...onOff, minutes: v.number() };

export const AlertConfigViewSchema = v.object({
  language: v.picklist(["en", "de", "fr"]),
  language_set: v.boolean(),
  rules: v.object({
    inverter_silent: v.object(minutes),
    weak_string: v.object({ ...minutes, percent: v.number() }),
    not_producing: v.object(minutes),
    event_log: v.object({ ...onOff, ignore_ids: v.array(v.number()) }),
    dtu_silent: v.object(minutes),
    meter_silent: v.object(minutes),
    zeroexport_paused: v.object(onOff),
    zeroexport_unreachable: v.object(minutes),
    radio: v.object(minutes),
    clock: v.object(minutes),
    command_failed: v.object(onOff),
    daily_summary: v.object(onOff),
  }),
  channels: v.object({
    mqtt: v.object({
      ...onOff,
      url: v.string(),
      username: v.string(),
      password_set: v.boolean(),
      topic: v.string(),
      hass: v.boolean(),
      hass_prefix: v.string(),
    }),
    ntfy: v.object({ ...onOff, url: v.string(), topic: v.string(), token_set: v.boolean() }),
    webhook: v.object({ ...onOff, url: v.string(), secret_set: v.boolean() }),
    email: v.object({
      ...onOff,
      host: v.string(),
      port: v.number(),
      security: v.picklist(["tls", "starttls", "none"]),
      username: v.string(),
      password_set: v.boolean(),
      from: v.string(),
      to: v.string(),
    }),
    browser: v.object(onOff),
  }),
}) satisfies v.GenericSchema<unknown, AlertConfigView>;

export const AlertResultSchema = v.object({
  type: v.picklist(["success", "warning", "danger"]),
  message: v.string(),
  field: v.optional(v.string()),
  ...coded,
}) satisfies v.GenericSchema<unknown, AlertResult>;

export const AlertTestResultSchema = v.object({
  results: v.array(v.object({ channel: Channel, ok: v.boolean(), error: v.nullable(v.string()), ...coded })),
}) satisfies v.GenericSchema<unknown, AlertTestResult>;
