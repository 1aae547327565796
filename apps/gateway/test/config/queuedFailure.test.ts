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
import { writeFault } from "../helpers/writeFault.ts";

vi.mock("../../src/storage/atomicWrite.ts", async (importOriginal) =>
  (await import("../helpers/writeFault.ts")).faultyAtomicWrite(await importOriginal<typeof AtomicWrite>()),
);

/** Arms a fault: the next config write waits for the returned `release` and then fails; later writes are real. */
function failNextConfigWrite(): { started: Promise<void>; release: () => void } {
  let release = () => undefined as void;
  let started = () => undefined as void;
  const gate = new Promise<void>((r) => (release = r));
  const startedP = new Promise<void>((r) => (started = r));
  writeFault.before = async (path) => {
    if (!path.endsWith("config.json")) return;
    writeFault.before = undefined;
    started();
    await gate;
    throw Object.assign(new Error("EIO: i/o error"), { code: "EIO" });
  };
  return { started: startedP, release: () => release() };
}

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
    const fault = failNextConfigWrite();
    const first = post("/api/ntp/config", {
      ntp_server: "first.example",
      ntp_timezone: "UTC0",
      ntp_timezone_descr: "Etc/UTC",
      latitude: 1,
      longitude: 2,
      sunsettype: 1,
    });
    await fault.started;
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
