/**
 * The controller's codes in the owner's words (issue 32 §5): a state, its reason, and each command's "why"
 * (packages/api/src/zeroexport.ts `ZeroExportWhy`: a code with its numbers). Literal keys, one per code, so that a
 * code added to the contract without its words does not compile; a code this app does not know (a newer gateway)
 * shows the gateway's English `message`. Device data (names, errors) goes into the texts as text, never as markup.
 */
import type {
  ZeroExportState,
  ZeroExportStatus,
  ZeroExportWhy,
  ZeroExportWhyCode,
} from "@dtu/api/zeroexport";
import type { I18n, MessageKey, Params } from "../../lib/i18n";

export const stateText: Record<ZeroExportState, MessageKey> = {
  off: "zeroexport.state_off",
  waiting: "zeroexport.state_waiting",
  active: "zeroexport.state_active",
  fallback: "zeroexport.state_fallback",
  paused: "zeroexport.state_paused",
};

/** Classes written out for the CSS purge: the badge of each state. */
export const stateBadge: Record<ZeroExportState, string> = {
  off: "text-bg-secondary",
  waiting: "text-bg-info",
  active: "text-bg-success",
  fallback: "text-bg-danger",
  paused: "text-bg-warning",
};

/** A state's reason as a sentence; a command's code is shown as "Acting: <why>". */
const reasonKey: Partial<Record<ZeroExportWhyCode, MessageKey>> = {
  off: "zeroexport.r_off",
  in_band: "zeroexport.r_in_band",
  waiting_clock: "zeroexport.r_waiting_clock",
  waiting_meter: "zeroexport.r_waiting_meter",
  meter_late: "zeroexport.r_meter_late",
  waiting_facts: "zeroexport.r_waiting_facts",
  settling: "zeroexport.r_settling",
  nothing_to_change: "zeroexport.r_nothing_to_change",
  fallback_meter_stale: "zeroexport.r_fallback_meter_stale",
  fallback_meter_error: "zeroexport.r_fallback_meter_error",
  fallback_stopping: "zeroexport.r_fallback_stopping",
  paused_foreign_limit: "zeroexport.r_paused_foreign_limit",
  no_command_access: "zeroexport.r_no_command_access",
  dtu_unreachable: "zeroexport.r_dtu_unreachable",
};

/** Why a limit was sent, as a phrase after "House roof 600 → 420 W:". */
const whyKey: Partial<Record<ZeroExportWhyCode, MessageKey>> = {
  export: "zeroexport.w_export",
  import_excess: "zeroexport.w_import_excess",
  above_max: "zeroexport.w_above_max",
  cap_total: "zeroexport.w_cap_total",
  fallback_meter_stale: "zeroexport.w_fallback_meter_stale",
  fallback_meter_error: "zeroexport.w_fallback_meter_error",
  fallback_stopping: "zeroexport.w_fallback_stopping",
  check: "zeroexport.w_check",
  check_restore: "zeroexport.w_check_restore",
};

// Every code has words in one of the two maps: a new code of the contract fails here until it has.
const worded: Record<ZeroExportWhyCode, true> = {
  export: true,
  import_excess: true,
  above_max: true,
  cap_total: true,
  fallback_meter_stale: true,
  fallback_meter_error: true,
  fallback_stopping: true,
  check: true,
  check_restore: true,
  off: true,
  in_band: true,
  waiting_clock: true,
  waiting_meter: true,
  meter_late: true,
  waiting_facts: true,
  settling: true,
  nothing_to_change: true,
  paused_foreign_limit: true,
  no_command_access: true,
  dtu_unreachable: true,
};
export const WORDED_CODES = Object.keys(worded) as ZeroExportWhyCode[];

export const resultText: Record<ZeroExportStatus["log"][number]["result"], MessageKey> = {
  pending: "zeroexport.result_pending",
  ok: "zeroexport.result_ok",
  failure: "zeroexport.result_failure",
  timeout: "zeroexport.result_timeout",
  refused: "zeroexport.result_refused",
  unreachable: "zeroexport.result_unreachable",
};

/** What the texts need beside the page's language: inverter names and the time now (for "silent since 12:03"). */
export interface WordsContext {
  i18n: I18n;
  names: ReadonlyMap<string, string>;
  now: number;
}

/** An inverter's name from live data, else its serial. */
export const nameOf = (names: ReadonlyMap<string, string>, serial: unknown): string =>
  names.get(String(serial).toLowerCase()) ?? String(serial);

/** Watts as the page writes them ("1.250 W" in German); a value that is not a number as the gateway sent it. */
export function watts(i18n: I18n, w: unknown): string {
  const n = typeof w === "number" ? w : Number(w);
  return Number.isFinite(n) ? i18n.t("zeroexport.watts", { w: i18n.number(n) }) : String(w);
}

/** The code's numbers under the texts' parameter names, formatted. */
function params(why: ZeroExportWhy, { i18n, names, now }: WordsContext): Params {
  const p = why.params;
  const grid = typeof p.grid_w === "number" ? p.grid_w : Number(p.grid_w);
  const silent = Number(p.silent_s);
  return {
    grid: watts(i18n, p.grid_w),
    export: watts(i18n, Number.isFinite(grid) ? Math.max(0, -grid) : p.grid_w),
    target: watts(i18n, p.target_w),
    band: watts(i18n, p.deadband_w),
    missing: watts(i18n, p.missing_w),
    cut: watts(i18n, p.cut_w),
    max: watts(i18n, p.max_w),
    total: watts(i18n, p.total_w),
    cap: watts(i18n, p.max_total_w),
    limit: watts(i18n, p.limit_w),
    sent: watts(i18n, p.sent_w),
    silent: Number.isFinite(silent) ? i18n.number(silent) : String(p.silent_s),
    time: i18n.hm(now - (Number.isFinite(silent) ? silent : 0) * 1000),
    name: nameOf(names, p.serial),
    error: String(p.error ?? ""),
    access: String(p.access ?? ""),
  };
}

/** Why a command was sent ("export 170 W"); the gateway's words for a code without a phrase of ours. */
export function whyText(why: ZeroExportWhy, ctx: WordsContext): string {
  const key = whyKey[why.code];
  return key ? ctx.i18n.t(key, params(why, ctx)) : why.message;
}

/** The state's reason as a sentence ("Meter silent since 12:03: …"). */
export function reasonText(why: ZeroExportWhy, ctx: WordsContext): string {
  const key = reasonKey[why.code];
  if (key) return ctx.i18n.t(key, params(why, ctx));
  if (whyKey[why.code]) return ctx.i18n.t("zeroexport.r_acting", { why: whyText(why, ctx) });
  return why.message;
}

/** One log entry in plain words: "House roof 600 → 420 W: export 170 W". */
export function logLine(entry: ZeroExportStatus["log"][number], ctx: WordsContext): string {
  return ctx.i18n.t("zeroexport.logLine", {
    name: nameOf(ctx.names, entry.serial),
    from: entry.from_w === null ? "–" : ctx.i18n.number(entry.from_w),
    to: ctx.i18n.number(entry.to_w),
    why: whyText(entry.why, ctx),
  });
}
