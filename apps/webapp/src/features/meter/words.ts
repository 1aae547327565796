/**
 * Why a read of the meter failed (`MeterError`, packages/api/src/meter.ts) in the owner's language, and an age: the
 * live view's card and Settings > Meter use them (the settings' own answers are in ./results.ts, which only that
 * screen loads). Literal keys, one per code: a code added to the contract without its words does not compile. A code
 * this app does not know (a newer gateway) shows the gateway's English words.
 */
import type { MeterError, MeterErrorCode } from "@dtu/api/meter";
import type { MessageKey, Translate } from "../../lib/i18n";

const errorKey: Record<MeterErrorCode, MessageKey> = {
  refused: "meter.err_refused",
  host_not_found: "meter.err_host_not_found",
  timeout: "meter.err_timeout",
  network: "meter.err_network",
  http_status: "meter.err_http_status",
  auth_refused: "meter.err_auth_refused",
  redirect_loop: "meter.err_redirect_loop",
  too_large: "meter.err_too_large",
  not_json: "meter.err_not_json",
  no_value: "meter.err_no_value",
  not_number: "meter.err_not_number",
  not_meter: "meter.err_not_meter",
  broker: "meter.err_broker",
  no_message: "meter.err_no_message",
  no_sim: "meter.err_no_sim",
};

export const known = <C extends string>(map: Record<C, MessageKey>, code: unknown): MessageKey | undefined =>
  typeof code === "string" && Object.hasOwn(map, code) ? map[code as C] : undefined;

/** Why a read failed, in the page's language (the gateway's English words for a code this app does not know). */
export function errorText(t: Translate, e: MeterError): string {
  const key = known(errorKey, e.code);
  return key ? t(key, e.params as Record<string, string | number>) : e.message;
}

/** An age in its largest whole unit: "45 s", "3 min", "2 h". */
export function ageText(t: Translate, ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 120) return t("meter.ageS", { n: s });
  if (s < 120 * 60) return t("meter.ageMin", { n: Math.floor(s / 60) });
  return t("meter.ageH", { n: Math.floor(s / 3600) });
}
