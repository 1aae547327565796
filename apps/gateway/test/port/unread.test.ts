/**
 * Which inverters of a real device the DTU read since it started (issue 25's rule, src/port/real/reads.ts): the
 * uptime, asked on each connection, places the start on the gateway's clock; each document places the readings
 * (receipt − `data_age`). Against a small device on loopback that answers `/api/system/status`.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deviceReads, readSince, type DeviceReads } from "../../src/port/real/reads.ts";

/** The device's uptime in seconds; null answers 500, "absent" a status without it. */
let uptime: number | null | "absent" = 600;
const asked: (string | undefined)[] = [];
let server: Server;
let device: URL;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url !== "/api/system/status") return res.writeHead(404).end();
    asked.push(req.headers.authorization);
    if (uptime === null) return res.writeHead(500).end();
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify(uptime === "absent" ? { hostname: "x" } : { uptime }));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  device = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

let now = 1_000_000_000;

/** The port's side (src/port/real/index.ts): readings placed per document, the uptime asked per connection. */
function readsSinceBoot(opts: { device: URL; auth: string | null }) {
  const seen = new Map<string, number>();
  const reads: DeviceReads = deviceReads(
    { ...opts, timeoutMs: 2000 },
    () => now,
    () => undefined,
  );
  return {
    connection: (open: boolean) => void (open ? reads.connected() : undefined),
    document(ages: Record<string, number | undefined>) {
      for (const [serial, age] of Object.entries(ages))
        if (age !== undefined) seen.set(serial, now - age * 1000);
      reads.documentSeen();
    },
    read: (serial: string) => readSince(reads.facts.bootAt, seen.get(serial) ?? null),
  };
}
const doc = (ages: Record<string, number | undefined>) => ages;

describe("inverters read since the DTU started", () => {
  it("tells never read (data age = uptime) from read, once the uptime is known, and asks it once", async () => {
    uptime = 600;
    asked.length = 0;
    const reads = readsSinceBoot({ device, auth: "Basic abc" });
    reads.connection(true);
    reads.document(doc({ a: 600, b: 4 }));
    // Nothing can be told before the uptime answered.
    expect(reads.read("b")).toBe(false);
    await vi.waitUntil(async () => (reads.read("b") ? true : undefined), { timeout: 2000, interval: 25 });
    expect(reads.read("a")).toBe(false);
    expect(reads.read("unknown")).toBe(false);
    // A minute later: a's age and the uptime both grew by 60 s (still never read); b was read again.
    now += 60_000;
    reads.document(doc({ a: 660, b: 1 }));
    expect([reads.read("a"), reads.read("b")]).toEqual([false, true]);
    // A partial document without data_age keeps what was known.
    reads.document({ a: undefined });
    expect(reads.read("a")).toBe(false);
    // a is read at last.
    now += 5000;
    reads.document(doc({ a: 0 }));
    expect(reads.read("a")).toBe(true);
    expect(asked).toEqual(["Basic abc"]);
    // The connection drops: what was known stays (the card keeps its last figures).
    reads.connection(false);
    expect([reads.read("a"), reads.read("b")]).toEqual([true, true]);
  });

  it("learns the start anew on a new connection (the device may have restarted)", async () => {
    uptime = 600;
    const reads = readsSinceBoot({ device, auth: null });
    reads.connection(true);
    reads.document(doc({ a: 3 }));
    await vi.waitUntil(async () => (reads.read("a") ? true : undefined), { timeout: 2000, interval: 25 });
    // Restarted: uptime 20 s, a not read since.
    uptime = 20;
    now += 30_000;
    reads.connection(false);
    reads.connection(true);
    reads.document(doc({ a: 20 }));
    expect(reads.read("a")).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(reads.read("a")).toBe(false);
    now += 10_000;
    reads.document(doc({ a: 2 }));
    await vi.waitUntil(async () => (reads.read("a") ? true : undefined), { timeout: 2000, interval: 25 });
  });

  it("asks a failed uptime again with a later document, not at every one", async () => {
    uptime = null;
    asked.length = 0;
    const reads = readsSinceBoot({ device, auth: null });
    reads.connection(true);
    await vi.waitUntil(async () => (asked.length === 1 ? true : undefined), { timeout: 2000, interval: 25 });
    await new Promise((r) => setTimeout(r, 50));
    uptime = 600;
    reads.document(doc({ a: 4 }));
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toHaveLength(1);
    expect(reads.read("a")).toBe(false);
    now += 10_000;
    reads.document(doc({ a: 4 }));
    await vi.waitUntil(async () => (reads.read("a") ? true : undefined), { timeout: 2000, interval: 25 });
    expect(asked).toHaveLength(2);
  });

  it("counts every inverter heard of as read when the device's status has no uptime (cannot tell)", async () => {
    uptime = "absent";
    const reads = readsSinceBoot({ device, auth: null });
    reads.connection(true);
    reads.document(doc({ a: 600 }));
    await vi.waitUntil(async () => (reads.read("a") ? true : undefined), { timeout: 2000, interval: 25 });
    expect(reads.read("b")).toBe(false);
  });
});
