/**
 * Zero export through a real device's port (issue 32 §3): a simulated gateway listening on 127.0.0.1:0 is the real
 * device, reached as proxy mode and each device of several devices reach theirs (port/real: its live socket, POST
 * /api/limit/config with the device password, the acknowledgement polled). The limits arrive there as type-0
 * commands, never one while that inverter's previous one is pending; without the device password nothing is sent
 * and the status says why. The device's clock is moved by hand, the meter is a feed of load − its true output.
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp, type GatewayApp } from "../../src/app.ts";
import type { SimulatedFleet } from "../../src/fleet/index.ts";
import { createRealPort, type RealPort } from "../../src/port/real/index.ts";
import { basicHeader } from "../../src/security/basic.ts";
import { createSecurity } from "../../src/security/index.ts";
import { saveZeroExportConfig } from "../../src/zeroexport/config.ts";
import type { MeterFeed } from "../../src/zeroexport/feed.ts";
import { createZeroExportService, type ZeroExportService } from "../../src/zeroexport/service.ts";
import type { MeterSample } from "../../src/zeroexport/types.ts";
import { fakeHost } from "../fleet/helpers.ts";

const host = fakeHost("2026-06-21T10:00:00Z");
let dir: string;
let app: GatewayApp;
let device: URL;
const arrived: { serial: string; value: number; type: number; pendingBefore: boolean }[] = [];
const security = createSecurity({ clock: host, log: () => undefined, sleep: async () => undefined });

const fleet = (): SimulatedFleet => app.gateway.fleet as SimulatedFleet;

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
    log: () => undefined,
    commands: { pollMs: 1000, sleep: async (ms) => void advance(ms / 1000) },
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "dtu-zx-real-"));
  app = await buildApp({ dataDir: dir, webRoot: join(dir, "no-web"), clock: host, tickMs: 20 });
  await app.listen({ host: "127.0.0.1", port: 0 });
  device = new URL(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  advance(60);
  // What reaches the device's fleet: a command arriving while the inverter's last one is Pending would be a second
  // one in flight.
  const set = app.gateway.fleet.setLimit.bind(app.gateway.fleet);
  app.gateway.fleet.setLimit = (serial, value, type) => {
    const pendingBefore = app.gateway.fleet.limitStatus()[serial]?.limit_set_status === "Pending";
    arrived.push({ serial, value, type, pendingBefore });
    set(serial, value, type);
  };
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A controller on a real port to the device, its meter reading 300 W of load against the device's true output. */
async function controllerOn(
  port: RealPort,
): Promise<{ service: ZeroExportService; step(s: number): Promise<void> }> {
  const data = await mkdtemp(join(tmpdir(), "dtu-zx-real-data-"));
  const serials = fleet()
    .liveData()
    .inverters.map((i) => i.serial);
  await saveZeroExportConfig(data, {
    enabled: true,
    target_w: 20,
    deadband_w: 0,
    max_total_w: null,
    fallback_w: null,
    inverters: serials.map((serial) => ({ serial, enabled: true, min_w: 20, max_w: 2000 })),
  });
  let last: MeterSample | null = null;
  const meter: MeterFeed = { last: () => last, error: () => null, intervalMs: () => 1000 };
  const service = await createZeroExportService({
    port,
    meter,
    dataDir: data,
    log: () => undefined,
    every: null,
  });
  const output = (): number => serials.reduce((a, s) => a + (fleet().acPowerNow(s) ?? 0), 0);
  return {
    service,
    async step(s) {
      for (let i = 0; i < s; i++) {
        advance(1);
        last = { at: host.now(), grid_w: Math.round(300 - output()) };
        // The device's socket pushes its frames on its own 20 ms timer.
        await new Promise((r) => setTimeout(r, 30));
        service.controller.step();
      }
    },
  };
}

describe("zero export through a real device's port", () => {
  it("sends type-0 limits with the device password, one in flight per inverter", async () => {
    const port = realPort(basicHeader("admin", "openDTU42"));
    await vi.waitFor(() => expect(port.snapshot().inverters.every((i) => i.read)).toBe(true), {
      timeout: 5000,
    });
    const c = await controllerOn(port);
    for (let i = 0; i < 40 && arrived.length < 2; i++) await c.step(1);
    expect(arrived.length).toBeGreaterThanOrEqual(2);
    expect(arrived.every((a) => a.type === 0)).toBe(true);
    expect(arrived.some((a) => a.pendingBefore)).toBe(false);
    await c.step(5);
    expect(c.service.status().state).toBe("active");
    expect(c.service.status().log.some((e) => e.result === "ok")).toBe(true);
    // Stopping sends the fallback (each inverter's minimum) to the device and waits for it.
    const n = arrived.length;
    await c.service.close(10_000);
    expect(arrived.slice(n).length).toBeGreaterThan(0);
    expect(arrived.slice(n).every((a) => a.value === 20 && a.type === 0)).toBe(true);
    expect(arrived.some((a) => a.pendingBefore)).toBe(false);
    await port.close();
  });

  it("without the device password: named in the status, nothing sent", async () => {
    const before = arrived.length;
    const port = realPort(null);
    await vi.waitFor(() => expect(port.snapshot().inverters.every((i) => i.read)).toBe(true), {
      timeout: 5000,
    });
    const c = await controllerOn(port);
    await c.step(10);
    const status = c.service.status();
    expect(status.state).toBe("waiting");
    expect(status.reason).toMatchObject({ code: "no_command_access", params: { access: "no-credentials" } });
    expect(status.reason.message).toContain("does not let the gateway send commands");
    expect(arrived.length).toBe(before);
    await c.service.close(1);
    await port.close();
  });
});
