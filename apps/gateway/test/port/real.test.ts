/**
 * A real device's port against a real device on loopback: a simulated gateway (`buildApp`) listening on
 * 127.0.0.1:0, whose clock the test moves. One live socket, documents merged by serial, `read` from the uptime,
 * the facts it tells (zone, sun, hostname, location with the password), reconnects, the read rule, commands with
 * their acknowledgement polled from the limit status, and close.
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp, type GatewayApp } from "../../src/app.ts";
import type { PortEvent } from "../../src/port/contract.ts";
import { createRealPort, type RealPort } from "../../src/port/real/index.ts";
import { basicHeader } from "../../src/security/basic.ts";
import { createSecurity } from "../../src/security/index.ts";
import { fakeHost } from "../fleet/helpers.ts";

const ADMIN = basicHeader("admin", "openDTU42");
const host = fakeHost("2026-06-21T10:00:00Z");
let dir: string;
let app: GatewayApp;
let device: URL;
let port: RealPort;
const events: PortEvent[] = [];
const lines: string[] = [];
const security = createSecurity({ clock: host, log: () => undefined, sleep: async () => undefined });

/** The device's time moves on by `s` seconds (its fleet polls meanwhile). */
function advance(s: number): void {
  for (let i = 0; i < s; i++) {
    host.advance(1000);
    app.gateway.fleet.tick();
  }
}

const realPort = (auth: string | null): RealPort =>
  createRealPort({
    device,
    auth,
    security,
    now: host.now,
    timeoutMs: 2000,
    accessCacheMs: 60_000,
    backoff: { firstMs: 20, factor: 1 },
    log: (l) => lines.push(l),
    commands: { pollMs: 1000, sleep: async (ms) => void advance(ms / 1000) },
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "dtu-real-port-"));
  app = await buildApp({ dataDir: dir, webRoot: join(dir, "no-web"), clock: host, tickMs: 20 });
  await app.listen({ host: "127.0.0.1", port: 0 });
  device = new URL(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  // A minute after the device's start: its inverters were read since.
  advance(60);
  port = realPort(ADMIN);
  port.subscribe((_s, e) => events.push(e));
  await vi.waitFor(
    () => {
      const { inverters } = port.snapshot();
      expect(inverters.length > 0 && inverters.every((i) => i.read)).toBe(true);
      expect(port.place.zone()).not.toBeNull();
    },
    { timeout: 5000 },
  );
});
afterAll(async () => {
  await port?.close();
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("real device port", () => {
  it("reads the live document, the facts and the uptime over one connection", async () => {
    const snap = port.snapshot();
    expect(snap.reachable).toBe(true);
    expect(snap.inverters.map((i) => i.live.serial)).toEqual(
      app.gateway.fleet.liveData().inverters.map((i) => i.serial),
    );
    expect(snap.inverters.every((i) => i.readAt !== null && i.readAt <= host.now())).toBe(true);
    expect(snap.total).not.toBeNull();
    expect(events.slice(0, 2)).toEqual(["reachability", "reachability"]);
    expect(events).toContain("reading");
    expect(port.id).toBe(device.host);
    expect(port.model).toBeNull();
    expect(port.place.today()).toBe("2026-06-21");
    expect(port.place.sunTimes()).not.toBeNull();
    await vi.waitFor(() => expect(port.name()).toBe(app.gateway.identity.hostname()));
    const { latitude, longitude } = app.gateway.config.ntp;
    await vi.waitFor(() => expect(port.place.location()).toEqual({ latitude, longitude }));
    const serial = snap.inverters[0]!.live.serial;
    expect((await port.deviceInfo(serial))?.hw_model_name).toMatch(/^HM/);
    expect(await port.eventLog(serial, "en")).toMatchObject({ count: expect.any(Number) });
    expect(await port.limitStatus()).toHaveProperty(serial);
  });

  it("merges the socket's frames and counts new readings", async () => {
    const before = port.snapshot().version;
    advance(20);
    await vi.waitFor(() => expect(port.snapshot().version).toBeGreaterThan(before), { timeout: 5000 });
  });

  it("reconnects after the device drops its socket", async () => {
    events.length = 0;
    app.sockets.dropAll();
    await vi.waitFor(() => expect(events).toEqual(["reachability", "reachability"]), { timeout: 5000 });
    expect(port.snapshot().reachable).toBe(true);
    expect(port.connected()).toBe(true);
  });

  it("applies the device's read rule, cached, with the credentials its login check accepts", async () => {
    expect(await port.access(undefined, "10.0.0.7")).toEqual({ kind: "open" });
    expect((await port.access(undefined, "10.0.0.7", "admin")).kind).toBe("refused");
    expect((await port.access(basicHeader("admin", "nope"), "10.0.0.7", "admin")).kind).toBe("refused");
    expect((await port.access(ADMIN, "10.0.0.7", "admin")).kind).toBe("accepted");
    app.gateway.config.security.allow_readonly = false;
    expect((await port.access(undefined, "10.0.0.7")).kind).toBe("open");
    host.advance(60_001);
    expect((await port.access(undefined, "10.0.0.7")).kind).toBe("refused");
    expect((await port.access(ADMIN, "10.0.0.7")).kind).toBe("accepted");
    app.gateway.config.security.allow_readonly = true;
    host.advance(60_001);
  });

  it("sends a limit and waits for its acknowledgement in the limit status", async () => {
    const serial = port.snapshot().inverters[0]!.live.serial;
    const out = await port.setLimit({ serial, value: 50, type: 1 });
    expect(out.answer).toMatchObject({ status: 200, type: "success", code: 1001 });
    expect(["ok", "failure"]).toContain(out.result);
    expect(out.ackMs).toBeGreaterThan(0);
    expect(port.commandAccess()).toBe("allowed");
    expect(await port.setLimit({ serial: "999999999999", value: 50, type: 1 })).toMatchObject({
      result: "refused",
      answer: { code: 5004 },
    });
  });

  it("sends nothing without credentials, and says why", async () => {
    const anonymous = realPort(null);
    try {
      expect(anonymous.commandAccess()).toBe("no-credentials");
      const serial = port.snapshot().inverters[0]!.live.serial;
      expect((await anonymous.setPower(serial, false)).result).toBe("refused");
    } finally {
      await anonymous.close();
    }
  });

  it("says unreachable once closed, and keeps its last document", async () => {
    const other = realPort(ADMIN);
    await vi.waitFor(() => expect(other.snapshot().inverters.length).toBeGreaterThan(0), { timeout: 5000 });
    await other.close();
    expect(other.snapshot().reachable).toBe(false);
    expect(other.snapshot().inverters.length).toBeGreaterThan(0);
  });
});
