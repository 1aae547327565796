/**
 * The controller service on the simulated device's port in simulated time: a real fleet with the realistic
 * inverters, a hand-moved clock, a house whose load the test sets, and a meter feed reading load − true output
 * (with the meter's age, silence and errors under the test's control). Nothing sleeps: `run(s)` moves the clock in
 * 250 ms ticks, ticking the fleet, the port and the controller as the app's timers would.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ZeroExportConfig } from "@dtu/api/zeroexport";
import { createFleet } from "../../src/fleet/index.ts";
import { seededRandom } from "../../src/fleet/random.ts";
import { createSimPort } from "../../src/port/sim/index.ts";
import { createSecurity } from "../../src/security/index.ts";
import type { ControllerEvent } from "../../src/zeroexport/controller.ts";
import type { MeterFeed } from "../../src/zeroexport/feed.ts";
import { createZeroExportService } from "../../src/zeroexport/service.ts";
import { saveZeroExportConfig } from "../../src/zeroexport/config.ts";
import type { MeterSample } from "../../src/zeroexport/types.ts";
import { clockAt, configWith, slot } from "../fleet/helpers.ts";

export const HM = "114182123456";
export const HMS = "116482345678";
export const TICK_MS = 250;

export const SETTINGS: ZeroExportConfig = {
  enabled: true,
  target_w: 20,
  deadband_w: 0,
  max_total_w: null,
  fallback_w: null,
  inverters: [
    { serial: HM, enabled: true, min_w: 20, max_w: 800 },
    { serial: HMS, enabled: true, min_w: 20, max_w: 2000 },
  ],
};

/** `listen`: also hears the controller's events (the alerts' watch). */
export async function loop(
  settings: ZeroExportConfig = SETTINGS,
  at = "2026-06-21T10:30:00Z",
  listen?: (event: ControllerEvent) => void,
) {
  const { host, clock } = clockAt(at);
  const config = configWith([slot(HM), slot(HMS)], 1);
  const fleet = await createFleet({
    config,
    clock,
    log: () => undefined,
    stateFile: null,
    random: seededRandom(7),
  });
  const security = createSecurity({ clock: host, log: () => undefined, sleep: async () => undefined });
  const port = createSimPort({
    fleet,
    clock,
    hostNow: host.now,
    config: () => config,
    hostname: () => "OpenDTU-Sim",
    security,
  });
  const house = { load_w: 400, silent: false, error: null as string | null, invert: false };
  let last: MeterSample | null = null;
  const meter: MeterFeed = {
    last: () => last,
    error: () => house.error,
    intervalMs: () => 1000,
  };
  const output = (): number => [HM, HMS].reduce((a, s) => a + (fleet.acPowerNow(s) ?? 0), 0);
  const dataDir = await mkdtemp(join(tmpdir(), "zx-"));
  await saveZeroExportConfig(dataDir, settings);
  const events: ControllerEvent[] = [];
  const lines: string[] = [];
  const service = await createZeroExportService({
    port,
    meter,
    dataDir,
    log: (l) => lines.push(l),
    onEvent: (e) => {
      events.push(e);
      listen?.(e);
    },
    every: null,
    sleep: (ms) => run(ms / 1000),
  });
  let ms = 0;
  /** `s` simulated seconds of the app's ticks and the meter's readings (one a second). */
  async function run(s: number): Promise<void> {
    for (let i = 0; i < (s * 1000) / TICK_MS; i++) {
      // The commands' promises settle between ticks, as between the app's timers.
      await new Promise((r) => setImmediate(r));
      host.advance(TICK_MS);
      ms += TICK_MS;
      fleet.tick();
      port.tick();
      if (ms % 1000 === 0 && !house.silent && house.error === null)
        last = { at: host.now(), grid_w: Math.round((house.invert ? -1 : 1) * (house.load_w - output())) };
      service.controller.step();
    }
  }
  /** Runs until the promise settles (at most `s` simulated seconds). */
  async function until<T>(p: Promise<T>, s = 30): Promise<T> {
    let done = false;
    void p.finally(() => (done = true));
    for (let i = 0; i < (s * 1000) / TICK_MS && !done; i++) await run(TICK_MS / 1000);
    return p;
  }
  const grid = (): number => house.load_w - output();
  return { host, fleet, port, service, house, run, until, grid, output, events, lines, dataDir };
}
