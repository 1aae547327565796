/** Requests of the Zero export screen (issue 32 §4) through the app's HTTP client (its headers, credentials, 401 policy). */
import { endpoints } from "@dtu/api/endpoints";
import {
  zeroExportEndpoints,
  type ZeroExportCheckAnswer,
  type ZeroExportConfig,
  type ZeroExportResult,
  type ZeroExportStatus,
} from "@dtu/api/zeroexport";
import { getJson, postData } from "../../lib/http";

// Functions, not constants: a property read at module level would keep the endpoint map in the device build.
export const configUrl = () => zeroExportEndpoints.configGet.path;
export const saveConfigPath = () => zeroExportEndpoints.configPost.path;

export const getStatus = (signal?: AbortSignal): Promise<ZeroExportStatus> =>
  getJson(zeroExportEndpoints.status.path, signal);

type NoBody = Record<string, never>;
export const resume = (): Promise<ZeroExportResult> =>
  postData<ZeroExportResult, NoBody>(zeroExportEndpoints.resume.path, {});
export const runCheck = (): Promise<ZeroExportCheckAnswer> =>
  postData<ZeroExportCheckAnswer, NoBody>(zeroExportEndpoints.check.path, {});

/** The inverters' names by serial, from live data (the screen speaks of "House roof", not of a serial). */
export const getNames = (): Promise<Map<string, string>> =>
  getJson(endpoints.liveStatus.path).then(
    (live) => new Map(live.inverters.map((i) => [i.serial.toLowerCase(), i.name])),
  );

/**
 * What the screen needs before its form can start: the stored config and the inverters' names (their absence only
 * costs the names: serials are shown instead). `key` is the config's path (useLoad).
 */
export const loadScreen = (
  key: string,
  signal: AbortSignal,
): Promise<{ config: ZeroExportConfig; names: Map<string, string> }> =>
  Promise.all([
    getJson<ZeroExportConfig>(key, signal),
    getNames().catch(() => new Map<string, string>()),
  ]).then(([config, names]) => ({ config, names }));
