/**
 * One device's meter service on a fake device port: the simulated house minus production, today's figures from the
 * readings (a held house of 500 W under 2 kW of production for 6 minutes, computed by hand), settings kept in
 * meter.json across a restart, a real device without a simulated house.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { keepHistory } from "../../src/history/keeper.ts";
import { INVERTER_CH, TOTAL_SERIAL } from "../../src/history/store.ts";
import type { Timers } from "../../src/meter/poller.ts";
import { createMeterService, type MeterService } from "../../src/meter/service.ts";
import { parsePosixTz } from "../../src/time/posixTz.ts";
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

/** The device's history.db in `dir` (the recorder's keeper), on the device's clock. */
function historyOf(device: ReturnType<typeof fakeDevice>, dir: string) {
  return keepHistory({
    dataDir: dir,
    zone: () => device.place.zone() ?? UTC,
    clock: { now: () => device.time },
    log: () => undefined,
  });
}
const UTC = parsePosixTz("UTC0");

async function start(device = fakeDevice(), dataDir?: string, history?: ReturnType<typeof keepHistory>) {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), "meter-svc-")));
  if (!dataDir) dirs.push(dir);
  const hand = handTimers();
  const service = await createMeterService({
    device,
    dataDir: dir,
    log: () => undefined,
    timers: hand.timers,
    ...(history ? { grid: history.grid } : {}),
  });
  services.push(service);
  return { service, device, hand, dir };
}

/** A house held at 500 W under 2 kW of production, read every 10 s for 6 minutes. */
async function exportSixMinutes(run: {
  service: MeterService;
  device: ReturnType<typeof fakeDevice>;
  hand: ReturnType<typeof handTimers>;
}): Promise<void> {
  run.service.house?.hold(500);
  run.device.watts = [1200, 800];
  for (let s = 0; s <= 360; s += 10) {
    await run.hand.run();
    run.device.time += 10_000;
  }
  run.device.time -= 10_000;
}

/** Export 1500 W × 0.1 h = 150 Wh, production 200 Wh, home 50 Wh: 25 % self-consumed, 100 % autarky. */
const SIX_MINUTES = {
  import_wh: 0,
  export_wh: 150,
  production_wh: 200,
  home_wh: 50,
  self_consumption_pct: 25,
  autarky_pct: 100,
};

describe("meter service", () => {
  it("integrates today's figures from the simulated meter: 500 W house, 2 kW production, 6 minutes", async () => {
    const run = await start();
    await exportSixMinutes(run);
    expect(run.service.status()).toMatchObject({
      state: "ok",
      power_w: -1500,
      phases_w: [-1833.3, 166.7, 166.7],
      today: SIX_MINUTES,
    });
  });

  it("records into history.db and keeps today's import and export across a restart", async () => {
    const device = fakeDevice();
    const dir = await mkdtemp(join(tmpdir(), "meter-svc-"));
    dirs.push(dir);
    let history = historyOf(device, dir);
    const first = await start(device, dir, history);
    // The fleet's production of the day as the recorder keeps it: 200 Wh.
    const h = history.current();
    h?.writer.daily(h.writer.seriesId(TOTAL_SERIAL, INVERTER_CH, "Total"), "2026-11-28", 200, 2000);
    await exportSixMinutes(first);
    expect(first.service.status().today).toEqual(SIX_MINUTES);
    await first.service.close();
    history.close();

    // A restart: nothing read yet, today's figures are the file's.
    history = historyOf(device, dir);
    const again = await start(device, dir, history);
    expect(again.service.status().today).toEqual(SIX_MINUTES);
    // The next day starts at nothing.
    device.time += 24 * 3_600_000;
    expect(again.service.status().today).toMatchObject({ import_wh: null, export_wh: null });
    await again.service.close();
    history.close();
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
