/**
 * One device's meter service on a fake device port: the simulated house minus production, today's figures from the
 * readings (a held house of 500 W under 2 kW of production for 6 minutes, computed by hand), settings kept in
 * meter.json across a restart, a real device without a simulated house.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Timers } from "../../src/meter/poller.ts";
import { createMeterService, type MeterService } from "../../src/meter/service.ts";
import { fakeDevice } from "./fakePort.ts";

const dirs: string[] = [];
const services: MeterService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** Timers the test runs by hand: `run()` fires what is due and lets the read finish. */
function handTimers() {
  const due: (() => void)[] = [];
  const timers: Timers = { setTimeout: (fn) => due.push(fn), clearTimeout: () => undefined };
  return {
    timers,
    async run(): Promise<void> {
      due.splice(0).forEach((fn) => fn());
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

async function start(device = fakeDevice(), dataDir?: string) {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), "meter-svc-")));
  if (!dataDir) dirs.push(dir);
  const hand = handTimers();
  const service = await createMeterService({
    device,
    dataDir: dir,
    log: () => undefined,
    timers: hand.timers,
  });
  services.push(service);
  return { service, device, hand, dir };
}

describe("meter service", () => {
  it("integrates today's figures from the simulated meter: 500 W house, 2 kW production, 6 minutes", async () => {
    const { service, device, hand } = await start();
    service.house?.hold(500);
    device.watts = [1200, 800];
    for (let s = 0; s <= 360; s += 10) {
      await hand.run();
      device.time += 10_000;
    }
    device.time -= 10_000;
    // export 1500 W × 0.1 h = 150 Wh, production 200 Wh, home 50 Wh: 25 % self-consumed, 100 % autarky.
    expect(service.status()).toMatchObject({
      state: "ok",
      power_w: -1500,
      phases_w: [-1833.3, 166.7, 166.7],
      today: {
        import_wh: 0,
        export_wh: 150,
        production_wh: 200,
        home_wh: 50,
        self_consumption_pct: 25,
        autarky_pct: 100,
      },
    });
  });

  it("keeps its settings across a restart", async () => {
    const first = await start();
    expect(
      (await first.service.post(JSON.stringify({ kind: "http", url: "http://127.0.0.1:9/x", path: "p" })))
        .code,
    ).toBe("saved");
    await first.service.close();
    const again = await start(first.device, first.dir);
    expect(again.service.view()).toMatchObject({ kind: "http", path: "p", enabled: true });
  });

  it("a real device has no simulated house and no meter until one is set", async () => {
    const { service } = await start(fakeDevice({ real: true }));
    expect(service.house).toBeNull();
    expect(service.simulatedGrid()).toBeNull();
    expect(service.status().state).toBe("off");
    expect(await service.post(JSON.stringify({ enabled: true, kind: "sim" }))).toMatchObject({
      field: "kind",
      code: "no_sim",
    });
  });
});
