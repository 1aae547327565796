/**
 * A switchable fault in front of storage/atomicWrite.ts for the storage-fault tests. Unit files share their worker's
 * module cache (vitest.config.ts), so the mocked module is built once per worker by whichever file loads it first:
 * every file that mocks it must steer this one shared switch, never a switch of its own.
 *
 * Use in a test file:
 *   vi.mock("../../src/storage/atomicWrite.ts", async (importOriginal) =>
 *     (await import("../helpers/writeFault.ts")).faultyAtomicWrite(await importOriginal()));
 */
import type * as AtomicWrite from "../../src/storage/atomicWrite.ts";

export const writeFault: {
  /** Runs before each write; a rejection fails the write (the real one is then not attempted). */
  before: ((path: string) => Promise<void>) | undefined;
} = { before: undefined };

export function faultyAtomicWrite(real: typeof AtomicWrite): typeof AtomicWrite {
  return {
    ...real,
    atomicWrite: async (path, data) => {
      await writeFault.before?.(path);
      return real.atomicWrite(path, data);
    },
  };
}

export function diskFullError(): Error {
  return Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
}
