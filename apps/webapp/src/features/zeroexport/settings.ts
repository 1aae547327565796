/**
 * The zero-export settings as a flat draft (GET/POST /api/zeroexport/config, packages/api/src/zeroexport.ts): every
 * control is named by the dotted path of its field (`inverters.1.max_w`), the name the gateway gives a refused field,
 * so a refusal lands at its control. Numbers are kept as typed; an empty cap or fallback means none (null).
 */
import { ZERO_EXPORT_BOUNDS, type ZeroExportConfig } from "@dtu/api/zeroexport";
import type { ApiResult } from "@dtu/api/codes";
import { checkNumber, type Problem, type Problems } from "../../components/ui/validation";

/**
 * The config's list of inverters, by its field name. A constant, not written before `.` in a string: a string that
 * starts like `inverters.` reads as a text key of the `inverters` area to the locale checks (locales.test.ts).
 */
const LIST = "inverters";
type InverterText = `${typeof LIST}.${number}.${"min_w" | "max_w"}`;
export type InverterFlag = `${typeof LIST}.${number}.enabled`;
/** The control of inverter `i`'s `part` (`inverters.1.max_w`, as the gateway names a refused field). */
export const inverterField = <P extends "min_w" | "max_w" | "enabled">(i: number, part: P) =>
  `${LIST}.${i}.${part}` as const;
export type ZeroExportField = "target_w" | "deadband_w" | "max_total_w" | "fallback_w" | InverterText;

export type ZeroExportDraft = {
  enabled: boolean;
  target_w: string;
  deadband_w: string;
  max_total_w: string;
  fallback_w: string;
  /** The inverters in the POST's order: the configured ones first, then those of live data not configured yet. */
  serials: readonly string[];
} & { [K in InverterText]: string } & { [K in InverterFlag]: boolean };

/** A new inverter starts outside the control, from nothing to the largest limit the device takes. */
const NEW_INVERTER = { enabled: false, min_w: 0, max_w: ZERO_EXPORT_BOUNDS.inverter_w };

/** The config as the form starts with it; `known` adds inverters of live data that the config does not list. */
export function zeroExportDraft(c: ZeroExportConfig, known: readonly string[]): ZeroExportDraft {
  const listed = new Set(c.inverters.map((i) => i.serial.toLowerCase()));
  const added = known.filter((s) => !listed.has(s.toLowerCase()));
  const rows = [...c.inverters, ...added.map((serial) => ({ serial, ...NEW_INVERTER }))];
  const d: Record<string, unknown> = {
    enabled: c.enabled,
    target_w: String(c.target_w),
    deadband_w: String(c.deadband_w),
    max_total_w: c.max_total_w === null ? "" : String(c.max_total_w),
    fallback_w: c.fallback_w === null ? "" : String(c.fallback_w),
    serials: rows.map((r) => r.serial),
  };
  rows.forEach((r, i) => {
    d[inverterField(i, "enabled")] = r.enabled;
    d[inverterField(i, "min_w")] = String(r.min_w);
    d[inverterField(i, "max_w")] = String(r.max_w);
  });
  return d as ZeroExportDraft;
}

const whole = (min: number, max: number) => ({ min, max, integer: true });

/** The checks the form makes itself, with the gateway's bounds; the gateway checks again and names the field. */
export function validateZeroExport(d: ZeroExportDraft): Problems<ZeroExportField> {
  const b = ZERO_EXPORT_BOUNDS;
  const p: Problems<ZeroExportField> = {
    target_w: checkNumber(d.target_w, whole(-b.target_w, b.target_w)),
    deadband_w: checkNumber(d.deadband_w, whole(0, b.deadband_w)),
    max_total_w: d.max_total_w.trim() === "" ? undefined : checkNumber(d.max_total_w, whole(0, b.total_w)),
    fallback_w: d.fallback_w.trim() === "" ? undefined : checkNumber(d.fallback_w, whole(0, b.inverter_w)),
  };
  d.serials.forEach((_, i) => {
    const min = d[inverterField(i, "min_w")] ?? "";
    const max = d[inverterField(i, "max_w")] ?? "";
    p[inverterField(i, "min_w")] = checkNumber(min, whole(0, b.inverter_w));
    p[inverterField(i, "max_w")] =
      checkNumber(max, whole(0, b.inverter_w)) ??
      (Number(min) > Number(max) ? { key: "zeroexport.minAboveMax" } : undefined);
  });
  return p;
}

/** The POST body from a checked draft. */
export function zeroExportBody(d: ZeroExportDraft): ZeroExportConfig {
  const orNull = (v: string) => (v.trim() === "" ? null : Number(v));
  return {
    enabled: d.enabled,
    target_w: Number(d.target_w),
    deadband_w: Number(d.deadband_w),
    max_total_w: orNull(d.max_total_w),
    fallback_w: orNull(d.fallback_w),
    inverters: d.serials.map((serial, i) => ({
      serial,
      enabled: d[inverterField(i, "enabled")] === true,
      min_w: Number(d[inverterField(i, "min_w")]),
      max_w: Number(d[inverterField(i, "max_w")]),
    })),
  };
}

/**
 * The gateway's refusal names its field (`{"type":"danger","code":"invalid","field":"inverters.1.max_w",…}`): shown
 * at that control in the gateway's words. A rule over a whole inverter (field inverters.1: its min above its max) is shown
 * at its maximum; `data` (the body as a whole) has no control and stays in the result alert.
 */
export function refusedField(r: ApiResult): { field: string; problem: Problem } | undefined {
  const { field } = r as ApiResult & { field?: unknown };
  if (r.type === "success" || typeof field !== "string") return undefined;
  return {
    field: new RegExp(`^${LIST}\\.\\d+$`).test(field) ? `${field}.max_w` : field,
    problem: { key: "zeroexport.refused", params: { message: r.message } },
  };
}
