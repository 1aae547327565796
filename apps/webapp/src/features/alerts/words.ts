/**
 * An alert's words in the page's language (issue 34 §4): worded from its kind and facts, as the gateway words what
 * it sends out in the alert language. A string is called by the name set in Settings > Inverters, by its number where
 * none is set (§2). An alert without facts (stored by an older gateway) keeps the gateway's words.
 */
import type { Alert, AlertKind } from "@dtu/api/alerts";
import type { I18n, MessageKey } from "../../lib/i18n";

/** Literal keys, one per kind: a kind added to the contract without its words does not compile. */
const words: Record<AlertKind, [MessageKey, MessageKey]> = {
  inverter_silent: ["alerts.kind_inverter_silent", "alerts.detail_inverter_silent"],
  weak_string: ["alerts.kind_weak_string", "alerts.detail_weak_string"],
  not_producing: ["alerts.kind_not_producing", "alerts.detail_not_producing"],
  event_log: ["alerts.kind_event_log", "alerts.detail_event_log"],
  dtu_silent: ["alerts.kind_dtu_silent", "alerts.detail_dtu_silent"],
  meter_silent: ["alerts.kind_meter_silent", "alerts.detail_meter_silent"],
  zeroexport_paused: ["alerts.kind_zeroexport_paused", "alerts.detail_zeroexport_paused"],
  zeroexport_unreachable: ["alerts.kind_zeroexport_unreachable", "alerts.detail_zeroexport_unreachable"],
  radio: ["alerts.kind_radio", "alerts.detail_radio"],
  clock: ["alerts.kind_clock", "alerts.detail_clock"],
  command_failed: ["alerts.kind_command_failed", "alerts.detail_command_failed"],
};

export function alertWords(
  { t, number }: Pick<I18n, "t" | "number">,
  a: Alert,
): { title: string; detail: string } {
  const f = a.facts;
  const keys = Object.hasOwn(words, a.kind) ? words[a.kind] : undefined;
  if (!f || !keys) return { title: a.title, detail: a.detail };
  const params = {
    name: a.name,
    string: f.string_name || (f.string ?? (a.channel ?? 0) + 1),
    command: t(f.command === "power" ? "alerts.cmd_power" : "alerts.cmd_limit"),
    minutes: f.minutes ?? 0,
    percent: f.percent ?? 0,
    share: number(f.share ?? 0, 1),
    usual: number(f.usual ?? 0, 1),
    message: f.message ?? "",
    id: f.event ?? 0,
    time: f.time ?? "",
  };
  return { title: t(keys[0], params), detail: t(keys[1], params) };
}
