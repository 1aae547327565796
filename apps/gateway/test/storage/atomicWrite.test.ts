/** Atomic writes (issue 2, persistence): temporary file, fsync, rename; concurrent writers never collide. */
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { atomicWrite } from "../../src/storage/atomicWrite.ts";

let dir = "";
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = "";
});

describe("atomicWrite", () => {
  it("writes of the same file started in the same millisecond all succeed and leave one whole version", async () => {
    dir = await mkdtemp(join(tmpdir(), "dtu-atomic-"));
    const path = join(dir, "state.json");
    const versions = Array.from({ length: 20 }, (_, i) => JSON.stringify({ i, pad: "x".repeat(5000 + i) }));
    // The fleet's periodic save and a reboot's save can overlap like this.
    const results = await Promise.allSettled(versions.map((v) => atomicWrite(path, v)));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(versions).toContain(await readFile(path, "utf8"));
    expect((await readdir(dir)).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });
});
