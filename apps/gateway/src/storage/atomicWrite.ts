import { open, rename, unlink } from "node:fs/promises";
import { dirname, basename, join } from "node:path";

/**
 * Writes a file so that a crash at any moment leaves either the old or the new content (issue: persistence):
 * temporary file in the same folder, fsync, rename over the target, fsync the folder.
 */
let sequence = 0;

export async function atomicWrite(path: string, data: string | Uint8Array): Promise<void> {
  // One temporary file per write: two writes of the same file within one millisecond (the fleet's periodic save and a
  // reboot's save) must not share it, or one renames the other's half-written file away. "wx" makes that certain.
  sequence = (sequence + 1) % 1_000_000;
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.${sequence}.tmp`);
  const handle = await open(tmp, "wx", 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (err) {
    await handle.close();
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  await handle.close();
  await rename(tmp, path);
  const dir = await open(dirname(path), "r");
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
