import { deviceLimits, timing } from "@dtu/api/limits";
import { Md5 } from "../../lib/md5";

/** SEED §5: firmware images are `.bin` or `.bin.gz` (checked here only; the device takes any name). */
export function isFirmwareName(name: string): boolean {
  const n = name.toLowerCase();
  return n.endsWith(".bin") || n.endsWith(".bin.gz");
}

/**
 * MD5 of a file as 32 lower-case hex digits, read in chunks (SEED §9: 2 MB) so a large image never has to be
 * in memory twice. `onChunk` reports the bytes hashed so far.
 */
export async function md5OfBlob(
  blob: Blob,
  chunkBytes: number = timing.hashChunkBytes,
  onChunk?: (done: number) => void,
): Promise<string> {
  const md5 = new Md5();
  for (let at = 0; at < blob.size; at += chunkBytes) {
    const end = Math.min(blob.size, at + chunkBytes);
    md5.append(await blob.slice(at, end).arrayBuffer());
    onChunk?.(end);
  }
  return md5.end();
}

/**
 * Why an image cannot be flashed, known before sending (issue 11 item 6): an ESP32 application image starts with
 * the magic byte 0xE9 (a .bin.gz with the gzip magic 1f 8b) and must fit the app partition (API.md §3.13).
 */
export async function imageProblem(
  file: Blob,
  gz: boolean,
): Promise<"firmware.notImage" | "firmware.tooLarge" | undefined> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  const magic = gz ? head[0] === 0x1f && head[1] === 0x8b : head[0] === 0xe9;
  if (!magic) return "firmware.notImage";
  return file.size > deviceLimits.firmwareMaxBytes ? "firmware.tooLarge" : undefined;
}
