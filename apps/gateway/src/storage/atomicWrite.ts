import { open, rename, unlink } from "node:fs/promises";
import { dirname, basename, join } from "node:path";

/**
 * Writes a file so that a crash at any moment leaves either the old or the new content (issue: persistence):
 * temporary file in the same folder, fsync, rename over the target, fsync the folder.
 */
export async function atomicWrite(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  const handle = await open(tmp, "w", 0o600);
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
