/** System status, config files, auth (API.md §3.12, §3.14, §3.19). */
import * as v from "valibot";

export const SystemStatus = v.object({
  hostname: v.string(),
  sdkversion: v.string(),
  cpufreq: v.number(),
  heap_total: v.number(),
  heap_used: v.number(),
  sketch_total: v.number(),
  sketch_used: v.number(),
  littlefs_total: v.number(),
  littlefs_used: v.number(),
  chiprevision: v.number(),
  chipmodel: v.string(),
  chipcores: v.number(),
  resetreason_0: v.string(),
  resetreason_1: v.string(),
  cfgsavecount: v.number(),
  config_version: v.string(),
  git_hash: v.string(),
  pioenv: v.string(),
  uptime: v.number(),
  nrf_configured: v.boolean(),
  nrf_connected: v.boolean(),
  nrf_pvariant: v.boolean(),
  cmt_configured: v.boolean(),
  cmt_connected: v.boolean(),
  /** Later firmware only (API.md §9.16). */
  cputemp: v.optional(v.nullable(v.number())),
  heap_max_block: v.optional(v.number()),
  heap_min_free: v.optional(v.number()),
  psram_total: v.optional(v.number()),
  psram_used: v.optional(v.number()),
  flashsize: v.optional(v.number()),
  git_branch: v.optional(v.string()),
  task_details: v.optional(
    v.array(v.object({ name: v.string(), stack_watermark: v.number(), priority: v.number() })),
  ),
});
export type SystemStatus = v.InferOutput<typeof SystemStatus>;

export const ConfigList = v.object({ configs: v.array(v.object({ name: v.string() })) });
export type ConfigList = v.InferOutput<typeof ConfigList>;

export const ApiResultSchema = v.object({
  type: v.picklist(["success", "warning", "danger", "info"]),
  message: v.string(),
  code: v.optional(v.number()),
  param: v.optional(v.object({ min: v.optional(v.number()), max: v.optional(v.number()) })),
});
