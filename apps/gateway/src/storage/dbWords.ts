/**
 * Why an SQLite file cannot be used, in the owner's words (the start message, the history API's 503, the alert
 * list's problem): the codes as libsql and Node give them, never the driver's raw text where a reason is known.
 */
import { NewerFile } from "./sqliteFile.ts";

/** The reason, in words, e.g. "the disk is full". */
export function inWords(err: unknown): string {
  if (err instanceof NewerFile) return err.message;
  const e = err as { code?: string; message?: string };
  const code = e.code ?? "";
  const text = e.message ?? String(err);
  if (code === "SQLITE_FULL" || code === "ENOSPC" || /disk is full/i.test(text)) return "the disk is full";
  if (code === "SQLITE_READONLY" || code === "EROFS" || /readonly database/i.test(text))
    return "the file or its folder is read-only";
  if (code === "EACCES" || code === "EPERM") return "no permission to write there";
  if (code === "ENOTDIR") return "the data folder is not a folder";
  // libsql reports a file it cannot open as ConnectionFailed("…: 14"), SQLite's SQLITE_CANTOPEN.
  if (code === "SQLITE_CANTOPEN" || /ConnectionFailed|: 14"?\)?$/.test(text))
    return "it cannot be opened or created (no permission, a read-only folder, or a folder in its place)";
  return text;
}

/** SQLite says the file is not a database or is damaged (kept aside as `….corrupt-<time>`, history/keeper.ts). */
export const isDamaged = (err: unknown): boolean =>
  ["SQLITE_NOTADB", "SQLITE_CORRUPT"].includes((err as { code?: string }).code ?? "");
