/**
 * Alerts (issue 23): our extension, not on the device. Served by the gateway under `/api/alerts…`. Reads (the alert
 * list) follow the live-data access rule ("read"); the config, acknowledge and test need admin. Times are Unix
 * seconds. POST bodies are the device's form field `data=<JSON>` (API.md §3.0).
 */

export type AlertSeverity = "critical" | "warning" | "info";

/** What raised an alert; one rule each (README "Alerts"). */
export type AlertKind =
  | "inverter_silent" // reachable=false while the sun is up (elevation >= 5°)
  | "weak_string" // a DC string's share of power below P % of its usual share
  | "not_producing" // reachable but 0 W while its siblings produce
  | "event_log" // a new entry in an inverter's own event log
  | "dtu_silent" // proxy mode: the device itself does not answer
  | "radio" // the device's radio-problem hint
  | "clock" // the device's clock not synchronised
  | "command_failed" // a limit or power command ended in Failure
  | "meter_silent" // the household meter (issue 31) gives no fresh reading: stale or failing
  | "zeroexport_paused" // zero export (issue 32) paused: a limit it set was changed by someone else
  | "zeroexport_unreachable"; // zero export on while the DTU does not answer

export type AlertChannelName = "mqtt" | "ntfy" | "webhook" | "email" | "browser";
export const ALERT_CHANNELS: readonly AlertChannelName[] = ["mqtt", "ntfy", "webhook", "email", "browser"];

/** Longest texts of the alert settings (the gateway refuses longer ones; the web app's form holds to the same). */
export const ALERT_LIMITS = {
  url: 512,
  secret: 256,
  username: 128,
  host: 253,
  topic: 128,
  /** ntfy's own topic rule: letters, digits, `_` and `-`, at most 64. */
  ntfyTopic: 64,
  address: 254,
  recipients: 10,
} as const;
/** A rule's threshold: 1 minute to a week. */
export const ALERT_MAX_MINUTES = 7 * 24 * 60;
/** Event ids the event-log rule ignores, at most. */
export const ALERT_MAX_IGNORED = 64;

export type AlertLanguage = "en" | "de" | "fr";

type None = Record<string, never>;

/**
 * The gateway's own texts of this API (delivery and test errors, answers, refusals, the list's storage problem) carry
 * a stable machine code with its parameters next to the English words: the web app shows its own translation of a
 * code it knows and the English words for one it does not (an older or newer gateway). Parameters that are words
 * themselves (`reason`, `detail`) come from a library, a server or the system and stay as they are.
 */
export interface AlertCodeParams {
  // Delivery and test results (AlertDelivery, AlertTestResult).
  /** Browser channel: no page of the app is open. Nothing to deliver: not retried, the page shows it on opening. */
  no_page: None;
  /** No answer within `seconds`. */
  timeout: { seconds: number };
  /** Cut off by the time-out. */
  cancelled: None;
  conn_refused: None;
  host_not_found: None;
  dns_failed: None;
  conn_reset: None;
  conn_timeout: None;
  host_unreachable: None;
  cert_expired: None;
  cert_self_signed: None;
  cert_untrusted: None;
  cert_wrong_host: None;
  /** Another network error. */
  network: { reason: string };
  /** The server answered with an HTTP error (`detail`: the start of its body, may be ""). */
  http_status: { status: number; detail: string };
  /** MQTT: the broker did not take the message. */
  broker_refused: { reason: string };
  /** MQTT: not connected to the broker ("" while connecting). */
  broker_offline: { reason: string };
  /** E-mail: the server refused the login. */
  smtp_auth: { reason: string };
  /** E-mail: another failure. */
  smtp: { reason: string };
  /** The channel's settings could not even be set up. */
  setup_failed: { reason: string };
  // Answers of POST /api/alerts/config and /api/alerts/ack (AlertResult).
  saved: None;
  not_written: None;
  acknowledged: { id: number };
  data_missing: None;
  /** The request's body is larger than `max` bytes (the field `data`). */
  data_too_large: { max: number };
  data_json: None;
  data_object: None;
  alert_id: None;
  no_alert: { id: number };
  // Refusals of a config field (AlertResult with `field`).
  not_object: None;
  not_list: None;
  not_setting: None;
  /** `type`: "boolean", "number" or "string". */
  wrong_type: { type: string };
  not_number: None;
  too_long: { max: number };
  minutes_range: { max: number };
  percent_range: None;
  ignore_ids: { max: number };
  language: None;
  unknown_channel: None;
  must_bool: None;
  must_text: None;
  control_chars: None;
  required: None;
  bad_url: None;
  /** `schemes`: e.g. "http://, https://". */
  url_scheme: { schemes: string };
  url_no_host: None;
  url_credentials: None;
  topic_chars: None;
  topic_slash: None;
  ntfy_topic: None;
  bad_host: None;
  bad_port: None;
  bad_security: None;
  bad_email: None;
  too_many_addresses: { max: number };
  bad_recipient: { address: string };
  // Errors of GET /api/alerts and /api/alerts/stream (a JSON body `{ type, message, code, params }`).
  bad_state: { value: string };
  bad_date: { name: string; value: string };
  from_after_to: None;
  no_browser: None;
  // AlertList.problem: why alerts are kept in memory only.
  db_failed: { reason: string };
  db_unusable: { reason: string };
}

export type AlertCode = keyof AlertCodeParams;

/** Parameters of a code as they travel (the per-code shape is AlertCodeParams). */
export type AlertParams = Record<string, string | number>;

/** A code with its parameters, each code with its own. */
export type AlertCoded = { [C in AlertCode]: { code: C; params: AlertCodeParams[C] } }[AlertCode];

/** Code and parameters of a gateway text on the wire; absent on an answer of an older gateway (or an old record). */
export interface AlertCodeFields {
  code?: AlertCode;
  params?: AlertParams;
}

export interface AlertDelivery extends AlertCodeFields {
  channel: AlertChannelName;
  /** When the last attempt ended. */
  at: number;
  /** Delivered. False with code `no_page` is no failure: no page was open to show it (not retried). */
  ok: boolean;
  /** Why it was not delivered, in English words (null when ok), with its `code`. Never contains a secret. */
  error: string | null;
}

/**
 * The facts an alert's words are made of (issue 34 §4): the screens word an alert from its `kind` and these, in the
 * page's language; `title` and `detail` are the alert language's words, for what is sent out (MQTT, ntfy, webhook,
 * e-mail). Each kind carries the ones its words use. Absent on an alert stored by an older gateway (the screens then
 * show `title` and `detail`).
 */
export interface AlertFacts {
  /** Minutes of the rule's threshold. */
  minutes?: number;
  /** weak_string: the string's number (1 = first) and its name set in Settings > Inverters ("" when none). */
  string?: number;
  string_name?: string;
  /** weak_string: the string's share of the inverter's power now and usually, in %, and the rule's threshold. */
  share?: number;
  usual?: number;
  percent?: number;
  /** command_failed: which command. */
  command?: "limit" | "power";
  /** event_log: the entry's id, its text (as the device gave it, in the alert language) and start (`HH:MM`). */
  event?: number;
  message?: string;
  time?: string;
}

export interface Alert {
  id: number;
  kind: AlertKind;
  severity: AlertSeverity;
  /** Inverter serial (hex, as on the wire); null for the DTU itself. */
  serial: string | null;
  /** Inverter name, or the DTU's hostname. */
  name: string;
  /** DC string index (0-based as in live data) for a string's alert, else null. */
  channel: number | null;
  /** One line, in the alert language. */
  title: string;
  /** More words (values, thresholds), in the alert language. */
  detail: string;
  /** What the words are made of, for the screens' own wording in the page's language. */
  facts?: AlertFacts;
  /**
   * Unix s. A rule's alert: when its condition began (first seen), not when it was raised after the rule's
   * threshold. An event-log alert: when it was raised.
   */
  started: number;
  /** null while the alert is open. */
  cleared: number | null;
  acknowledged: boolean;
  deliveries: AlertDelivery[];
}

/** GET /api/alerts?state=open|all[&from=YYYY-MM-DD&to=YYYY-MM-DD] */
export interface AlertList {
  alerts: Alert[];
  /**
   * Where alerts are kept: "database" (history.db, a year) or "memory" (history.db not usable: lost on restart;
   * `problem` says why).
   */
  storage: "database" | "memory";
  problem: string | null;
  /** The problem's code (`db_failed`, `db_unusable`) and parameters. */
  problem_code?: AlertCode;
  problem_params?: AlertParams;
  /**
   * The alert language (titles and details above are in it) and whether anyone chose it, as in GET
   * /api/alerts/config, here for read access too: the Alerts screen points to the setting while it is unchosen.
   */
  language: AlertLanguage;
  language_set: boolean;
  /**
   * While the usual share of each string is still being learned (a fresh history without the modelled month, or a
   * far move of the location: issue 34 §6), how far it got; the weak-string rule waits until then. null once learned
   * or while that rule is off.
   */
  learning: AlertLearning | null;
}

/** `days` of `of` days learned; `since`: the location's far move it began with (epoch s), null: the history's start. */
export interface AlertLearning {
  days: number;
  of: number;
  since: number | null;
}

/** POST /api/alerts/ack */
export interface AlertAckPost {
  id: number;
}

/** Durations of the rules are in minutes; each can go as low as 1 (tests). */
export interface AlertRules {
  inverter_silent: { enabled: boolean; minutes: number };
  weak_string: { enabled: boolean; minutes: number; percent: number };
  not_producing: { enabled: boolean; minutes: number };
  event_log: { enabled: boolean; ignore_ids: number[] };
  dtu_silent: { enabled: boolean; minutes: number };
  /** The household meter not answering (only where a meter is configured and on). */
  meter_silent: { enabled: boolean; minutes: number };
  /** Zero export paused on a limit changed by someone else (only where zero export is attached). */
  zeroexport_paused: { enabled: boolean };
  /** The DTU not answering while zero export is on, for N minutes. */
  zeroexport_unreachable: { enabled: boolean; minutes: number };
  radio: { enabled: boolean; minutes: number };
  clock: { enabled: boolean; minutes: number };
  command_failed: { enabled: boolean };
  /** Sent once a day after sunset: energy, peak, per inverter, alerts still open. Off by default. */
  daily_summary: { enabled: boolean };
}

/**
 * Channels as GET /api/alerts/config shows them: secrets are write-only, the answer says only whether one is set
 * (`password_set`, `token_set`, `secret_set`).
 */
export interface AlertChannelsView {
  mqtt: {
    enabled: boolean;
    /** `mqtt://host:1883` or `mqtts://host:8883` */
    url: string;
    username: string;
    password_set: boolean;
    /** Base topic, e.g. `solar/`; alerts go under `<topic>alerts/…`. */
    topic: string;
    /** Home Assistant discovery of a "problem" binary sensor per inverter and one for the DTU. */
    hass: boolean;
    hass_prefix: string;
  };
  ntfy: { enabled: boolean; url: string; topic: string; token_set: boolean };
  webhook: { enabled: boolean; url: string; secret_set: boolean };
  email: {
    enabled: boolean;
    host: string;
    port: number;
    /** "tls": TLS from the start (465); "starttls": upgrade (587); "none": plain (local relays only). */
    security: "tls" | "starttls" | "none";
    username: string;
    password_set: boolean;
    from: string;
    to: string;
  };
  browser: { enabled: boolean };
}

/** GET /api/alerts/config */
export interface AlertConfigView {
  language: AlertLanguage;
  /**
   * Whether a POST ever gave the language; while false the default "en" applies and the web app proposes the page's
   * language. Ignored in a POST, like the secrets' `*_set` flags.
   */
  language_set: boolean;
  rules: AlertRules;
  channels: AlertChannelsView;
}

/**
 * POST /api/alerts/config, `data=<JSON>`: the view's shape with secrets as strings. A secret left out (or null)
 * keeps the stored one; a string replaces it ("" clears it). The `*_set` flags are ignored.
 */
export interface AlertConfigPost {
  language: AlertLanguage;
  rules: AlertRules;
  channels: {
    mqtt: Omit<AlertChannelsView["mqtt"], "password_set"> & { password?: string | null };
    ntfy: Omit<AlertChannelsView["ntfy"], "token_set"> & { token?: string | null };
    webhook: Omit<AlertChannelsView["webhook"], "secret_set"> & { secret?: string | null };
    email: Omit<AlertChannelsView["email"], "password_set"> & { password?: string | null };
    browser: AlertChannelsView["browser"];
  };
}

/** Answer of POST /api/alerts/config and /api/alerts/ack: the device's result shape; a refusal names the field. */
export interface AlertResult {
  type: "success" | "warning" | "danger";
  /** English words; `code` and `params` say the same for the web app's translation. */
  message: string;
  /** Dotted path of the refused field, e.g. `channels.webhook.url`. */
  field?: string;
  /** A string, unlike the device's numeric result codes (API.md §3.0). */
  code?: AlertCode;
  params?: AlertParams;
}

/** POST /api/alerts/test: a test message on every enabled channel, answered within 15 s. */
export interface AlertTestResult {
  results: ({ channel: AlertChannelName; ok: boolean; error: string | null } & AlertCodeFields)[];
}

/** What a channel sends: an alert raised or cleared, a test, or the daily summary. */
export type AlertEventType = "raised" | "cleared" | "test" | "summary";

/** Webhook body (JSON POST; `X-DTU-Signature: sha256=<hex HMAC of the body>` when a secret is set). */
export interface AlertWebhookBody {
  event: AlertEventType;
  /** null for a test or a summary. */
  alert: Alert | null;
  title: string;
  text: string;
  /** When the gateway sent it. */
  sent: number;
}

/**
 * One frame of `GET /api/alerts/stream` (Server-Sent Events, read access like live data): while a page of the app is
 * open it gets each message as `event: alert` with this JSON as `data:`. Lines starting with `:` are heartbeats; the
 * stream sets `retry:` for the browser's reconnect. Delivery on the browser channel counts as ok when at least one
 * page received it.
 */
export type AlertStreamMessage = AlertWebhookBody & {
  /** For the toast's colour and whether to raise a system notification. */
  severity: AlertSeverity;
};
