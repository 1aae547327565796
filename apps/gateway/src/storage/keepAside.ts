/**
 * A file the gateway will not use, kept for its owner instead of deleted: renamed to `<name>.<why>-<time>` beside
 * itself, with SQLite's `-wal` and `-shm` when they exist (they belong to it). `why` is `corrupt` (damaged) or
 * `newer` (written by a newer gateway). storage/deviceFiles.ts keeps such files off the device's file page.
 */
import { existsSync, renameSync } from "node:fs";

export type AsideReason = "corrupt" | "newer";

/** Renames `file` (and its `-wal`/`-shm`) aside; the new name. */
export function keepAside(file: string, why: AsideReason, nowMs: number): string {
  const aside = `${file}.${why}-${new Date(nowMs).toISOString().replace(/[:.]/g, "-")}`;
  renameSync(file, aside);
  for (const extra of ["-wal", "-shm"]) if (existsSync(file + extra)) renameSync(file + extra, aside + extra);
  return aside;
}
