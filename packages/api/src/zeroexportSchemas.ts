/**
 * Valibot schemas of the zero-export answers (types in ./zeroexport.ts, where the config and the status are schemas
 * already), for tests and run-time checks. `satisfies` ties each schema to its type: a drift fails to compile.
 */
import * as v from "valibot";
import {
  ZeroExportConfig,
  ZeroExportStatus,
  type ZeroExportCheckAnswer,
  type ZeroExportResult,
} from "./zeroexport.ts";

export const ZeroExportResultSchema = v.strictObject({
  type: v.picklist(["success", "danger"]),
  message: v.string(),
  code: v.string(),
  field: v.optional(v.string()),
}) satisfies v.GenericSchema<ZeroExportResult>;

export const ZeroExportCheckAnswerSchema = v.strictObject({
  ok: v.boolean(),
  serial: v.nullable(v.string()),
  cut_w: v.number(),
  rise_w: v.nullable(v.number()),
  response_ms: v.nullable(v.number()),
  message: v.string(),
  warnings: v.array(v.strictObject({ serial: v.string(), firmware: v.string(), message: v.string() })),
}) satisfies v.GenericSchema<ZeroExportCheckAnswer>;

/** The answer schema of each endpoint of `zeroExportEndpoints`. */
export const zeroExportResponseSchemas = {
  configGet: ZeroExportConfig,
  configPost: ZeroExportResultSchema,
  status: ZeroExportStatus,
  resume: ZeroExportResultSchema,
  check: ZeroExportCheckAnswerSchema,
};
