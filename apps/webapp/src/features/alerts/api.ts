/** Requests of the alert screens through the app's HTTP client (its headers, credentials and 401 policy). */
import { alertEndpoints, type ApiPath } from "@dtu/api/endpoints";
import type {
  AlertChannelName,
  AlertKind,
  AlertList,
  AlertResult,
  AlertSeverity,
  AlertTestResult,
} from "@dtu/api/alerts";
import type { MessageKey } from "../../lib/i18n";
import { getJson, postData } from "../../lib/http";

// Functions, not constants: a property read at module level would keep the endpoint map in the device build.
export const configUrl = () => alertEndpoints.configGet.path;
export const streamUrl = (): string => alertEndpoints.stream.path;

export interface ListFilter {
  state: "open" | "all";
  /** YYYY-MM-DD or "" */
  from: string;
  to: string;
}

export const listUrl = (f: ListFilter): ApiPath<AlertList> =>
  `${alertEndpoints.list.path}?state=${f.state}${f.from ? `&from=${f.from}` : ""}${f.to ? `&to=${f.to}` : ""}`;

export const getOpenAlerts = (): Promise<AlertList> => getJson(listUrl({ state: "open", from: "", to: "" }));

export const acknowledge = (id: number): Promise<AlertResult> => postData(alertEndpoints.ack.path, { id });

export const sendTest = (): Promise<AlertTestResult> => postData(alertEndpoints.test.path, {});

export const saveConfigPath = () => alertEndpoints.configPost.path;

// Literal keys (the device build's key renaming sees only whole keys), one map per kind of label.
export const severityText: Record<AlertSeverity, MessageKey> = {
  critical: "alerts.severity_critical",
  warning: "alerts.severity_warning",
  info: "alerts.severity_info",
};

/** Classes written out for the CSS purge: the badge of each severity. */
export const severityBadge: Record<AlertSeverity, string> = {
  critical: "text-bg-danger",
  warning: "text-bg-warning",
  info: "text-bg-info",
};

export const channelText: Record<AlertChannelName, MessageKey> = {
  mqtt: "alerts.ch_mqtt",
  ntfy: "alerts.ch_ntfy",
  webhook: "alerts.ch_webhook",
  email: "alerts.ch_email",
  browser: "alerts.ch_browser",
};

export const ruleText: Record<AlertKind | "daily_summary", MessageKey> = {
  inverter_silent: "alerts.rule_inverter_silent",
  weak_string: "alerts.rule_weak_string",
  not_producing: "alerts.rule_not_producing",
  event_log: "alerts.rule_event_log",
  dtu_silent: "alerts.rule_dtu_silent",
  meter_silent: "alerts.rule_meter_silent",
  zeroexport_paused: "alerts.rule_zeroexport_paused",
  zeroexport_unreachable: "alerts.rule_zeroexport_unreachable",
  radio: "alerts.rule_radio",
  clock: "alerts.rule_clock",
  command_failed: "alerts.rule_command_failed",
  daily_summary: "alerts.rule_daily_summary",
};
