/**
 * `<data>/zeroexport.json` (issue 32 §4): the controller's settings, written atomically (storage/atomicWrite.ts) as
 * the other data files. A POST is a whole config (`data=<JSON>`); the first bad field is named in the refusal.
 * A broken file is not fatal: the defaults (off) apply and the log says why.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  DEFAULT_ZERO_EXPORT_CONFIG,
  zeroExportConfigProblem,
  type ZeroExportConfig,
  type ZeroExportResult,
} from "@dtu/api/zeroexport";
import { atomicWrite } from "../storage/atomicWrite.ts";
import { ZERO_EXPORT_FILE } from "../storage/dataFiles.ts";

/** The config in a POST's `data`, or the refusal naming the field. */
export function parseConfig(data: string | undefined): ZeroExportConfig | ZeroExportResult {
  let body: unknown;
  try {
    body = JSON.parse(data ?? "");
  } catch {
    return { type: "danger", code: "data_json", field: "data", message: "data must be the config as JSON" };
  }
  const problem = zeroExportConfigProblem(body);
  if (problem)
    return {
      type: "danger",
      code: "invalid",
      field: problem.field,
      message: `${problem.field}: ${problem.message}`,
    };
  return body as ZeroExportConfig;
}

export const isRefusal = (x: ZeroExportConfig | ZeroExportResult): x is ZeroExportResult => "type" in x;

export async function loadZeroExportConfig(
  dataDir: string,
  log: (line: string) => void,
): Promise<ZeroExportConfig> {
  let text: string;
  try {
    text = await readFile(join(dataDir, ZERO_EXPORT_FILE), "utf8");
  } catch {
    return DEFAULT_ZERO_EXPORT_CONFIG;
  }
  const parsed = parseConfig(text);
  if (!isRefusal(parsed)) return parsed;
  log(`zero export: ${ZERO_EXPORT_FILE} not used (${parsed.message}), defaults apply (off)`);
  return DEFAULT_ZERO_EXPORT_CONFIG;
}

export async function saveZeroExportConfig(dataDir: string, config: ZeroExportConfig): Promise<void> {
  await atomicWrite(join(dataDir, ZERO_EXPORT_FILE), `${JSON.stringify(config, null, 2)}\n`);
}
