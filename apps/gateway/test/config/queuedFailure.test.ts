/**
 * Two saves in flight when the first write fails (issue 11 item 2): the failure rolls the running config back to the
 * disk, which also undoes the second change. The second save must then fail too (its request answers 1006, API.md
 * §9.8), not report success for a change that is gone; memory and disk stay equal. The store gets a write that fails
 * once, held until both saves are queued.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigStore, WriteFailedError } from "../../src/config/store.ts";
import { atomicWrite } from "../../src/storage/atomicWrite.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "dtu-queued-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A write that, once armed, holds the next write until `release` and then fails it; the others are real. */
function faultyWrite() {
  let armed = false;
  let release = () => undefined as void;
  const gate = new Promise<void>((r) => (release = r));
  const write: typeof atomicWrite = async (path, data) => {
    if (!armed) return atomicWrite(path, data);
    armed = false;
    await gate;
    throw Object.assign(new Error("EIO: i/o error"), { code: "EIO" });
  };
  return { write, arm: () => void (armed = true), release: () => release() };
}

async function onDisk(): Promise<{ dtu: { poll_interval: number }; ntp: { server: string } }> {
  return JSON.parse(await readFile(join(dir, "config.json"), "utf8")) as {
    dtu: { poll_interval: number };
    ntp: { server: string };
  };
}

describe("a save queued behind a failed write", () => {
  it("fails as well, and memory equals the disk; the next save works", async () => {
    const fault = faultyWrite();
    const store = new ConfigStore(dir, 0x5e913b, () => undefined, fault.write);
    await store.load();
    const before = await onDisk();

    fault.arm();
    store.config.ntp.server = "first.example";
    const first = store.save();
    // The first write hangs; the second change is made and its write queued behind it.
    store.config.dtu.poll_interval = 42;
    const second = store.save();
    fault.release();

    await expect(first).rejects.toBeInstanceOf(WriteFailedError);
    await expect(second).rejects.toBeInstanceOf(WriteFailedError);
    const disk = await onDisk();
    expect(disk.dtu.poll_interval).toBe(before.dtu.poll_interval);
    expect(disk.ntp.server).toBe(before.ntp.server);
    expect(store.config.dtu.poll_interval).toBe(before.dtu.poll_interval);
    expect(store.config.ntp.server).toBe(before.ntp.server);

    store.config.dtu.poll_interval = 42;
    await store.save();
    expect((await onDisk()).dtu.poll_interval).toBe(42);
  });
});
