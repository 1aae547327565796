import { endpoints, laterEndpoints } from "@dtu/api/endpoints";
import type { DeviceConfig } from "@dtu/api/settings";
import { getJson, isHttpError, postData } from "../../lib/http";
import type { PinSet } from "./profiles";

export type { DeviceConfig };
export const deviceConfigPath = endpoints.deviceConfigGet.path;

/** API.md §9.0 rule 2: post the GET object back with the edits (later firmware's `led` array stays). */
export const saveDeviceConfig = (c: DeviceConfig) => postData(endpoints.deviceConfigPost.path, c);

/** The profile list, or `parseError` when the file exists but is not a list of named profiles. */
export type Profiles = { ok: true; profiles: PinSet[] } | { ok: false; message: string };

const FILE = "pin_mapping.json";

function asProfiles(v: unknown): PinSet[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.every(
    (p) => typeof p === "object" && p !== null && typeof (p as { name?: unknown }).name === "string",
  )
    ? (v as PinSet[])
    : undefined;
}

/**
 * SEED §7: GET pin_mapping.json; 404 means no profiles; any other failure or an unparsable answer is the
 * parse-error case. An answer that is not JSON at status 200 may be the HTML app of a later firmware that moved
 * the file routes to /api/file/* (API.md §9.12), so that path is tried once before giving up.
 */
export async function loadProfiles(signal?: AbortSignal): Promise<Profiles> {
  for (const base of [endpoints.configGet.path, laterEndpoints.fileGet]) {
    try {
      const v = await getJson<unknown>(`${base}?file=${FILE}`, signal);
      const list = asProfiles(v);
      return list ? { ok: true, profiles: list } : { ok: false, message: "not a list of profiles" };
    } catch (e) {
      if (isHttpError(e) && e.status === 404) return { ok: true, profiles: [] };
      const htmlAnswer = isHttpError(e) && e.status === 200;
      if (!htmlAnswer || base !== endpoints.configGet.path) {
        return { ok: false, message: isHttpError(e) ? e.message : String(e) };
      }
    }
  }
  return { ok: false, message: "unreachable" };
}
