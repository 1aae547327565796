import { endpoints } from "@dtu/api/endpoints";
import { upload, type UploadResult } from "../../lib/http";

/** API.md §3.13: multipart, the `MD5` field strictly before the file part `firmware`. */
export function uploadFirmware(
  file: Blob,
  md5: string,
  onPercent: (p: number) => void,
): Promise<UploadResult> {
  const form = new FormData();
  form.append("MD5", md5);
  form.append("firmware", file, "firmware");
  return upload(endpoints.firmwareUpdate.path, form, onPercent);
}

/** SEED §8: 200 success; 400 and 500 bodies are the device's own words; other statuses by their text. */
export function uploadOutcome(
  r: UploadResult,
): { ok: true } | { ok: false; body?: string; statusText?: string } {
  if (r.status === 200) return { ok: true };
  if ((r.status === 400 || r.status === 500) && r.body.trim() !== "")
    return { ok: false, body: r.body.trim() };
  return { ok: false, statusText: r.statusText || String(r.status) };
}
