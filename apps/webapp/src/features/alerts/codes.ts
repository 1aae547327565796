/**
 * The gateway's own texts in the owner's language (issue 23 leftovers): delivery and test errors, answers, refusals
 * and the storage problem come with a machine code and its parameters (packages/api/src/alerts.ts `AlertCodeParams`).
 * A known code shows the app's own words; an unknown one (an older or newer gateway) the gateway's English words.
 */
import type { AlertCode, AlertParams, AlertResult } from "@dtu/api/alerts";
import type { ApiResult } from "@dtu/api/codes";
import type { MessageKey, Translate } from "../../lib/i18n";

/** Literal keys, one per code: a code added to the contract without its text does not compile. */
const codeText: Record<AlertCode, MessageKey> = {
  no_page: "alerts.code_no_page",
  timeout: "alerts.code_timeout",
  cancelled: "alerts.code_cancelled",
  conn_refused: "alerts.code_conn_refused",
  host_not_found: "alerts.code_host_not_found",
  dns_failed: "alerts.code_dns_failed",
  conn_reset: "alerts.code_conn_reset",
  conn_timeout: "alerts.code_conn_timeout",
  host_unreachable: "alerts.code_host_unreachable",
  cert_expired: "alerts.code_cert_expired",
  cert_self_signed: "alerts.code_cert_self_signed",
  cert_untrusted: "alerts.code_cert_untrusted",
  cert_wrong_host: "alerts.code_cert_wrong_host",
  network: "alerts.code_network",
  http_status: "alerts.code_http_status",
  broker_refused: "alerts.code_broker_refused",
  broker_offline: "alerts.code_broker_offline",
  smtp_auth: "alerts.code_smtp_auth",
  smtp: "alerts.code_smtp",
  setup_failed: "alerts.code_setup_failed",
  saved: "alerts.code_saved",
  not_written: "alerts.code_not_written",
  acknowledged: "alerts.code_acknowledged",
  data_missing: "alerts.code_data_missing",
  data_too_large: "alerts.code_data_too_large",
  data_json: "alerts.code_data_json",
  data_object: "alerts.code_data_object",
  alert_id: "alerts.code_alert_id",
  no_alert: "alerts.code_no_alert",
  not_object: "alerts.code_not_object",
  not_list: "alerts.code_not_list",
  not_setting: "alerts.code_not_setting",
  wrong_type: "alerts.code_wrong_type",
  not_number: "alerts.code_not_number",
  too_long: "alerts.code_too_long",
  minutes_range: "alerts.code_minutes_range",
  percent_range: "alerts.code_percent_range",
  ignore_ids: "alerts.code_ignore_ids",
  language: "alerts.code_language",
  unknown_channel: "alerts.code_unknown_channel",
  must_bool: "alerts.code_must_bool",
  must_text: "alerts.code_must_text",
  control_chars: "alerts.code_control_chars",
  required: "alerts.code_required",
  bad_url: "alerts.code_bad_url",
  url_scheme: "alerts.code_url_scheme",
  url_no_host: "alerts.code_url_no_host",
  url_credentials: "alerts.code_url_credentials",
  topic_chars: "alerts.code_topic_chars",
  topic_slash: "alerts.code_topic_slash",
  ntfy_topic: "alerts.code_ntfy_topic",
  bad_host: "alerts.code_bad_host",
  bad_port: "alerts.code_bad_port",
  bad_security: "alerts.code_bad_security",
  bad_email: "alerts.code_bad_email",
  too_many_addresses: "alerts.code_too_many_addresses",
  bad_recipient: "alerts.code_bad_recipient",
  bad_state: "alerts.code_bad_state",
  bad_date: "alerts.code_bad_date",
  from_after_to: "alerts.rangeBackwards",
  no_browser: "alerts.code_no_browser",
  db_failed: "alerts.code_db_failed",
  db_unusable: "alerts.code_db_unusable",
};

/** The text key of a code this app knows; undefined for any other. */
export function codeKey(code: unknown): MessageKey | undefined {
  return typeof code === "string" && Object.hasOwn(codeText, code) ? codeText[code as AlertCode] : undefined;
}

/** The translation of a known code with its parameters, else `english` (the gateway's own words). */
export function codedText(
  t: Translate,
  coded: { code?: unknown; params?: AlertParams },
  english: string,
): string {
  const key = codeKey(coded.code);
  // Trimmed: a parameter at the end may be empty (the list's `detail`: no server answer shown to a reader).
  return key ? t(key, coded.params ?? {}).trim() : english;
}

/**
 * An answer of the alert API (`{ type, message, code, params }`) as the app's result alert shows it: the message in
 * the owner's language, without the gateway's string code (the device's numeric `code` means a device text there).
 */
export function shownResult(t: Translate, r: AlertResult | ApiResult): ApiResult {
  return { type: r.type, message: codedText(t, r, r.message) };
}
