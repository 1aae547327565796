import type { ApiResult } from "@dtu/api/codes";
import { endpoints, laterEndpoints } from "@dtu/api/endpoints";
import { getJson, postData, upload, type UploadResult } from "../../lib/http";
import { downloadAs } from "../../lib/download";

/** Which file API the device has: `/api/config/*` (v23.11.16) or `/api/file/*` (from v24.11.7, API.md §9.12). */
export interface FileApi {
  get: string;
  upload: string;
  reset: string;
}

const configApi: FileApi = {
  get: endpoints.configGet.path,
  upload: endpoints.configUpload.path,
  reset: endpoints.configDelete.path,
};
const fileApi: FileApi = {
  get: laterEndpoints.fileGet,
  upload: laterEndpoints.fileUpload,
  reset: laterEndpoints.fileDeleteAll,
};

export interface ConfigFiles {
  api: FileApi;
  names: string[];
}

/**
 * API.md §9.0 rule 4 and §9.12: `/api/file/list` answering a JSON array means the later file API; an older
 * device answers that path with the HTML app, so anything else falls back to `/api/config/list`.
 */
export async function loadFiles(signal?: AbortSignal): Promise<ConfigFiles> {
  try {
    const later = await getJson<unknown>(laterEndpoints.fileList, signal);
    if (Array.isArray(later)) {
      return {
        api: fileApi,
        names: later.map((f) => String((f as { name?: unknown }).name ?? "")).filter(Boolean),
      };
    }
  } catch {
    /* not the later firmware */
  }
  const list = await getJson(endpoints.configList.path, signal);
  return { api: configApi, names: list.configs.map((c) => c.name) };
}

/** Saves a file of the device under its own name (SEED §7): authorised fetch, blob, `<a download>`. */
export function downloadFile(api: FileApi, name: string): Promise<void> {
  return downloadAs(`${api.get}?file=${encodeURIComponent(name)}`, name);
}

/** API.md §3.12: one file part named `config`, target in the `file` query parameter; the device reboots. */
export function uploadConfig(
  api: FileApi,
  target: string,
  file: Blob,
  onPercent: (p: number) => void,
): Promise<UploadResult> {
  const form = new FormData();
  form.append("config", file, "config");
  return upload(`${api.upload}?file=${encodeURIComponent(target)}`, form, onPercent);
}

/** Factory reset (API.md §3.12): `{delete: true}` → 3002, then the device reboots. */
export const factoryReset = (api: FileApi) => postData<ApiResult>(api.reset, { delete: true });

/** Restorable targets (SEED §2). */
export const RESTORE_TARGETS = ["config.json", "pin_mapping.json"] as const;

/** SEED §5: a restore needs a `.json` file. */
export function isJsonName(name: string): boolean {
  return name.toLowerCase().endsWith(".json");
}

/** The target a picked file most likely is: pin_mapping.json by its name, else config.json. */
export function guessTarget(name: string): (typeof RESTORE_TARGETS)[number] {
  return name.toLowerCase().includes("pin_mapping") ? "pin_mapping.json" : "config.json";
}

/** SEED §8: 200 success; 500 shows the body; other statuses `[HTTP ERROR] <status text>`. */
export function restoreOutcome(
  r: UploadResult,
): { ok: true } | { ok: false; body?: string; statusText?: string } {
  if (r.status === 200) return { ok: true };
  if (r.status === 500 && r.body.trim() !== "") return { ok: false, body: r.body.trim() };
  return { ok: false, statusText: r.statusText || String(r.status) };
}
