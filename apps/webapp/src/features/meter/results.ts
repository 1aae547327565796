/**
 * The answers of Settings > Meter's POSTs (`MeterResult`, packages/api/src/meter.ts) in the owner's language: saved,
 * and each refusal of a setting, which names its field. Literal keys, one per code (a new code without words does
 * not compile); an unknown code shows the gateway's English words.
 */
import type { MeterResultCode } from "@dtu/api/meter";
import type { Problem } from "../../components/ui/validation";
import type { MessageKey, Translate } from "../../lib/i18n";
import { known } from "./words";

const resultKey: Record<MeterResultCode, MessageKey> = {
  saved: "meter.res_saved",
  not_written: "meter.res_not_written",
  data_missing: "meter.res_data_missing",
  data_json: "meter.res_data_json",
  data_object: "meter.res_data_object",
  unknown_field: "meter.res_unknown_field",
  wrong_type: "meter.res_wrong_type",
  kind: "meter.res_kind",
  unit: "meter.res_unit",
  interval_range: "meter.res_interval_range",
  too_long: "meter.res_too_long",
  control_chars: "meter.res_control_chars",
  required: "meter.res_required",
  bad_url: "meter.res_bad_url",
  url_scheme: "meter.res_url_scheme",
  url_credentials: "meter.res_url_credentials",
  bad_path: "meter.res_bad_path",
  bad_topic: "meter.res_bad_topic",
  no_sim: "meter.res_no_sim",
};

/** A meter answer as it came, or as an HttpError's `refusal` (lib/http.ts) carries it: its code not yet checked. */
type Answer = { type: string; message: string; field?: unknown; code?: unknown; params?: unknown };

/** An answer of the settings' POST in the page's language. */
export function resultText(t: Translate, r: Answer): string {
  const key = known(resultKey, r.code);
  return key ? t(key, r.params as Record<string, string | number>) : r.message;
}

/** A refusal naming its field (`{ type: "danger", field: "url", code: "url_scheme", … }`): that field and its words. */
export function refusedField(r: Answer): { field: string; problem: Problem } | undefined {
  if (r.type === "success" || typeof r.field !== "string") return undefined;
  const key = known(resultKey, r.code);
  return {
    field: r.field,
    problem: key
      ? { key, params: (r.params ?? {}) as Record<string, string | number> }
      : { key: "meter.refused", params: { message: r.message } },
  };
}
