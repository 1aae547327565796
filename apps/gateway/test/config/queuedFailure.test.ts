/**
 * Two saves in flight when the first write fails (issue 11 item 2): the failure rolls the running config back to the
 * disk, which also undoes the second request's change. The second must then answer 1006 too (API.md §9.8), not
 * 1001 for a change that is gone; memory and disk stay equal.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as AtomicWrite from "../../src/storage/atomicWrite.ts";
import { ADMIN, FORM, form, startGateway, type TestGateway } from "../helpers/app.ts";

/** The next config write waits for `release` and then fails once; later writes are real. */
const fault = vi.hoisted(() => {
  const f = {
    armed: false,
    started: () => undefined as void,
    release: () => undefined as void,
  };
  return f;
});
vi.mock("../../src/storage/atomicWrite.ts", async (importOriginal) => {
  const real = await importOriginal<typeof AtomicWrite>();
  return {
    atomicWrite: async (path: string, data: string | Uint8Array) => {
      if (!fault.armed || !path.endsWith("config.json")) return real.atomicWrite(path, data);
      fault.armed = false;
      await new Promise<void>((release) => {
        fault.release = release;
        fault.started();
      });
      throw Object.assign(new Error("EIO: i/o error"), { code: "EIO" });
    },
  };
});

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => {
  await gw.close();
});

function post(url: string, data: unknown): Promise<unknown> {
  return gw.app
    .inject({ method: "POST", url, headers: { ...FORM, authorization: ADMIN }, payload: form(data) })
    .then((r) => r.json());
}

async function get(url: string): Promise<Record<string, unknown>> {
  return (await gw.app.inject({ url, headers: { authorization: ADMIN } })).json();
}

async function disk(): Promise<Record<string, Record<string, unknown>>> {
  return JSON.parse(await readFile(join(gw.dataDir, "config.json"), "utf8")) as Record<
    string,
    Record<string, unknown>
  >;
}

const WRITE_FAILED = { type: "warning", message: "Write failed!", code: 1006 };

describe("a save queued behind a failed write", () => {
  it("answers 1006 as well, and memory equals the disk", async () => {
    const dtu = await get("/api/dtu/config");
    const pollBefore = dtu.pollinterval;
    const writing = new Promise<void>((r) => (fault.started = r));
    fault.armed = true;
    const first = post("/api/ntp/config", {
      ntp_server: "first.example",
      ntp_timezone: "UTC0",
      ntp_timezone_descr: "Etc/UTC",
      latitude: 1,
      longitude: 2,
      sunsettype: 1,
    });
    await writing;
    // The first write hangs; the second request changes memory and queues its write behind it.
    const second = post("/api/dtu/config", { ...dtu, pollinterval: 42 });
    await vi.waitFor(async () => expect((await get("/api/dtu/config")).pollinterval).toBe(42), {
      timeout: 5000,
    });
    fault.release();

    expect(await first).toEqual(WRITE_FAILED);
    expect(await second).toEqual(WRITE_FAILED);
    const onDisk = await disk();
    expect((await get("/api/dtu/config")).pollinterval).toBe(pollBefore);
    expect(onDisk.dtu?.poll_interval).toBe(pollBefore);
    expect((await get("/api/ntp/config")).ntp_server).toBe(onDisk.ntp?.server);
    expect(onDisk.ntp?.server).not.toBe("first.example");

    // The disk works again: the same change now saves for real.
    expect(await post("/api/dtu/config", { ...dtu, pollinterval: 42 })).toMatchObject({ code: 1001 });
    expect((await disk()).dtu?.poll_interval).toBe(42);
  });
});
