/**
 * The closed loop (issue 32 "Benchmark", "Tests"): the controller's decisions (../decide.ts) against the realistic
 * simulated inverters (../../fleet/) and the simulated house (house.ts), in simulated time — as fast as the machine
 * computes it. The meter reads load − the inverters' true output (`acPowerNow`) every second with a little noise;
 * the controller sees the inverters only as the DTU reports them (live data, limit status).
 *
 * Not wired to the running gateway: this is the measuring rig and the seed of `npm run bench:zero-export`.
 */
import type { ZeroExportConfig } from "@dtu/api/zeroexport";
import { emptySlot, firmwareDefaults } from "../../config/defaults.ts";
import { createFleet } from "../../fleet/index.ts";
import { seededRandom } from "../../fleet/random.ts";
import { createDeviceClock } from "../../time/index.ts";
import type { ConfigJson } from "../../config/types.ts";
import { createSimPort, type SimPort } from "../../port/sim/index.ts";
import { createSecurity } from "../../security/index.ts";
import { createController } from "../controller.ts";
import type { LimitOrder, MeterSample } from "../types.ts";
import { loadAt, type LoadStep } from "./house.ts";

export const LOOP_INVERTERS = { HM: "114182123456", HMS: "116482345678" } as const;

export interface LoopOptions {
  /** UTC start (a sunny June noon by default). */
  start?: string;
  duration_s: number;
  steps: readonly LoadStep[];
  /** The load at a time instead of the steps (the standard day): seconds from the start and the host time. */
  load?: (t_s: number, now: number) => number;
  /**
   * Also run an unlimited twin of the fleet (same seed and clock, never commanded): what the sun gives, for the ideal
   * controller's figures (`available_w`).
   */
  twin?: boolean;
  /** The meter says nothing in this window (seconds from the start). */
  silent?: { from_s: number; to_s: number };
  tick_ms?: number;
  meter_interval_ms?: number;
  /** ± this many W of uniform noise on each meter reading. */
  noise_w?: number;
  seed?: number;
  settings?: Partial<ZeroExportConfig>;
}

export interface LoopSecond {
  t_s: number;
  load_w: number;
  /** True grid power (load − output): positive import. */
  grid_w: number;
  output_w: number;
  /** What the unlimited twin makes now (with `twin`); null without it. */
  available_w: number | null;
  band_w: number;
  /** The decision's reason code at that second (e.g. `nothing_to_change`: every inverter at max or the sun's). */
  reason: string;
}

export interface LoopOrder extends LimitOrder {
  t_s: number;
}

export interface LoopRun {
  seconds: LoopSecond[];
  orders: LoopOrder[];
  target_w: number;
}

const CHIP_ID = 3825436;
const BERLIN = "CET-1CEST,M3.5.0,M10.5.0/3";

async function fleetAt(startMs: number, seed: number) {
  let t = startMs;
  const clock = createDeviceClock({ clock: { now: () => t }, timezone: BERLIN });
  const config = firmwareDefaults(CHIP_ID);
  config.dtu.poll_interval = 1;
  const serials = Object.values(LOOP_INVERTERS);
  config.inverters.splice(
    0,
    serials.length,
    ...serials.map((s) => ({ ...emptySlot(), serial: parseInt(s, 16), name: s.slice(-4) })),
  );
  const fleet = await createFleet({
    config,
    clock,
    log: () => undefined,
    stateFile: null,
    random: seededRandom(seed),
  });
  return { fleet, clock, config, advance: (ms: number) => void (t += ms), now: () => t };
}

/** The simulated device's port on the fleet (no reboots, no security beyond what the port needs). */
function portOf(sim: Awaited<ReturnType<typeof fleetAt>>, config: ConfigJson): SimPort {
  const security = createSecurity({
    clock: { now: sim.now },
    log: () => undefined,
    sleep: async () => undefined,
  });
  return createSimPort({
    fleet: sim.fleet,
    clock: sim.clock,
    hostNow: sim.now,
    config: () => config,
    hostname: () => "OpenDTU-Sim",
    security,
  });
}

const settingsOf = (opts: LoopOptions): ZeroExportConfig => ({
  enabled: true,
  target_w: 20,
  deadband_w: 0,
  max_total_w: null,
  fallback_w: null,
  inverters: Object.values(LOOP_INVERTERS).map((serial) => ({
    serial,
    enabled: true,
    min_w: 20,
    max_w: 2000,
  })),
  ...opts.settings,
});

/**
 * Runs the loop with the gateway's own controller (../controller.ts) on the simulated device's port; every second of
 * the run and every order sent.
 */
export async function runClosedLoop(opts: LoopOptions): Promise<LoopRun> {
  const tick = opts.tick_ms ?? 250;
  const interval = opts.meter_interval_ms ?? 1000;
  const noise = opts.noise_w ?? 3;
  const sim = await fleetAt(Date.parse(opts.start ?? "2024-06-15T10:30:00Z"), opts.seed ?? 7);
  const random = seededRandom((opts.seed ?? 7) ^ 0x5a5a);
  const serials = Object.values(LOOP_INVERTERS);
  const settings = settingsOf(opts);
  const port = portOf(sim, sim.config);
  const twin = opts.twin ? await fleetAt(sim.now(), opts.seed ?? 7) : null;
  // Ten seconds for the DTU to read both inverters (device info, limits) before the run starts.
  for (let i = 0; i < 10_000 / tick; i++) {
    sim.advance(tick);
    sim.fleet.tick();
    port.tick();
    twin?.advance(tick);
    twin?.fleet.tick();
  }
  const start = sim.now();
  let sample: MeterSample | null = null;
  const run: LoopRun = { seconds: [], orders: [], target_w: settings.target_w };
  const controller = createController({
    port,
    meter: { last: () => sample, error: () => null, intervalMs: () => interval },
    config: () => settings,
    log: () => undefined,
    onSend: (order) => run.orders.push({ ...order, t_s: (sim.now() - start) / 1000 }),
  });
  for (let ms = 0; ms <= opts.duration_s * 1000; ms += tick) {
    sim.advance(tick);
    sim.fleet.tick();
    port.tick();
    twin?.advance(tick);
    twin?.fleet.tick();
    const now = sim.now();
    const t_s = (now - start) / 1000;
    const output = serials.reduce((a, s) => a + (sim.fleet.acPowerNow(s) ?? 0), 0);
    const load = opts.load ? opts.load(t_s, now) : loadAt(opts.steps, t_s);
    const silent = opts.silent && t_s >= opts.silent.from_s && t_s < opts.silent.to_s;
    if (ms % interval === 0 && !silent)
      sample = { at: now, grid_w: Math.round(load - output + (random() * 2 - 1) * noise) };
    if (ms % 1000 === 0) {
      const status = controller.status();
      run.seconds.push({
        t_s: Math.round(t_s),
        load_w: load,
        grid_w: load - output,
        output_w: output,
        available_w: twin ? serials.reduce((a, s) => a + (twin.fleet.acPowerNow(s) ?? 0), 0) : null,
        band_w: status.deadband_w,
        reason: status.reason.code,
      });
    }
    controller.step();
    // The commands' acknowledgements settle between ticks, as between the app's timers.
    await new Promise((r) => setImmediate(r));
  }
  return run;
}
