/**
 * A first start on a data folder that cannot be written (read-only, disk full): config.json cannot be created, yet
 * the gateway runs on the default settings and says why (issue 21 item 2: the live view is served, history says
 * what happened to it in its own words). The store gets a write that always fails, as a read-only folder's does.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConfigStore, WriteFailedError } from "../../src/config/store.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "dtu-readonly-"));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

describe("config store on a folder that cannot be written", () => {
  it("loads the defaults, says why they are not kept, and refuses later saves with 1006's error", async () => {
    const lines: string[] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const refuse = () =>
      Promise.reject(Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" }));
    const store = new ConfigStore(dir, 0x123456, (l) => lines.push(l), refuse);
    const config = await store.load();
    expect(config.dtu.serial).not.toBe(0);
    const said = `Settings cannot be saved: ${join(dir, "config.json")} could not be written: EACCES: permission denied; running on them until it can be written.`;
    expect(lines).toContain(said);
    expect(warn).toHaveBeenCalledWith(said);
    await expect(store.save()).rejects.toBeInstanceOf(WriteFailedError);
  });
});
