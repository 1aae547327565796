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
import { createFleet, type SimulatedFleet } from "../../fleet/index.ts";
import { seededRandom } from "../../fleet/random.ts";
import { createDeviceClock } from "../../time/index.ts";
import { decide } from "../decide.ts";
import type { InverterView, LimitOrder, MeterSample } from "../types.ts";
import { loadAt, type LoadStep } from "./house.ts";

export const LOOP_INVERTERS = { HM: "114182123456", HMS: "116482345678" } as const;

export interface LoopOptions {
  /** UTC start (a sunny June noon by default). */
  start?: string;
  duration_s: number;
  steps: readonly LoadStep[];
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

interface Sent {
  pending: boolean;
  commanded_w: number | null;
  commanded_from_w: number | null;
  last_command_at: number | null;
  command_times: number[];
  /** Measured responses (ms): command → a reading at the new limit; the last three count. */
  responses: number[];
  measured: boolean;
}

/** The commissioning check's measure, done on every cut: the output read at (or under) the new limit. */
function measureResponse(s: Sent, view: InverterView): void {
  if (s.measured || s.pending || s.last_command_at === null || s.commanded_w === null) return;
  if (view.output_w === null || view.read_at === null || view.read_at <= s.last_command_at) return;
  if ((s.commanded_from_w ?? 0) <= s.commanded_w) return; // only a cut shows the response for sure
  if (view.output_w > s.commanded_w + 0.02 * (view.rating_w ?? 0)) return;
  s.measured = true;
  s.responses = [...s.responses, view.read_at - s.last_command_at].slice(-3);
}

/** The response time used: the longest of the last three measured, plus a reading's worth; null before the first. */
const responseOf = (s: Sent | undefined, interval: number): number | null =>
  s && s.responses.length > 0 ? Math.max(...s.responses) + interval : null;

const CHIP_ID = 3825436;
const BERLIN = "CET-1CEST,M3.5.0,M10.5.0/3";

function viewsOf(
  fleet: SimulatedFleet,
  sent: Map<string, Sent>,
  now: number,
  interval: number,
): InverterView[] {
  const status = fleet.limitStatus();
  return fleet.liveData().inverters.map((inv) => {
    const st = status[inv.serial];
    const rating = st && st.max_power > 0 ? st.max_power : null;
    const power = inv.AC?.["0"]?.["Power"];
    const read = inv.reachable || inv.producing;
    const mine = sent.get(inv.serial);
    return {
      serial: inv.serial,
      rating_w: rating,
      limit_w: rating === null ? null : (inv.limit_relative * rating) / 100,
      output_w: read && power && "v" in power ? power.v : null,
      read_at: now - inv.data_age * 1000,
      reachable: inv.reachable,
      pending: mine?.pending ?? false,
      commanded_w: mine?.commanded_w ?? null,
      commanded_from_w: mine?.commanded_from_w ?? null,
      last_command_at: mine?.last_command_at ?? null,
      response_ms: responseOf(mine, interval),
      command_times: mine?.command_times ?? [],
    };
  });
}

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
  return { fleet, advance: (ms: number) => void (t += ms), now: () => t };
}

/** Runs the loop; every second of the run and every order sent. */
export async function runClosedLoop(opts: LoopOptions): Promise<LoopRun> {
  const tick = opts.tick_ms ?? 250;
  const interval = opts.meter_interval_ms ?? 1000;
  const noise = opts.noise_w ?? 3;
  const sim = await fleetAt(Date.parse(opts.start ?? "2024-06-15T10:30:00Z"), opts.seed ?? 7);
  const random = seededRandom((opts.seed ?? 7) ^ 0x5a5a);
  const serials = Object.values(LOOP_INVERTERS);
  const settings: ZeroExportConfig = {
    enabled: true,
    target_w: 20,
    deadband_w: 0,
    max_total_w: null,
    fallback_w: null,
    inverters: serials.map((serial) => ({ serial, enabled: true, min_w: 20, max_w: 2000 })),
    ...opts.settings,
  };
  // Ten seconds for the DTU to read both inverters (device info, limits) before the run starts.
  for (let i = 0; i < 10_000 / tick; i++) {
    sim.advance(tick);
    sim.fleet.tick();
  }
  const start = sim.now();
  const sent = new Map<string, Sent>(
    serials.map((s) => [
      s,
      {
        pending: false,
        commanded_w: null,
        commanded_from_w: null,
        last_command_at: null,
        command_times: [],
        responses: [],
        measured: true,
      },
    ]),
  );
  const samples: MeterSample[] = [];
  const run: LoopRun = { seconds: [], orders: [], target_w: settings.target_w };
  let band = 10;
  let reason = "";
  for (let ms = 0; ms <= opts.duration_s * 1000; ms += tick) {
    sim.advance(tick);
    sim.fleet.tick();
    const now = sim.now();
    const t_s = (now - start) / 1000;
    const output = serials.reduce((a, s) => a + (sim.fleet.acPowerNow(s) ?? 0), 0);
    const load = loadAt(opts.steps, t_s);
    const grid = load - output;
    const silent = opts.silent && t_s >= opts.silent.from_s && t_s < opts.silent.to_s;
    if (ms % interval === 0 && !silent) {
      samples.push({ at: now, grid_w: Math.round(grid + (random() * 2 - 1) * noise) });
      if (samples.length > 60) samples.shift();
    }
    if (ms % 1000 === 0)
      run.seconds.push({
        t_s: Math.round(t_s),
        load_w: load,
        grid_w: grid,
        output_w: output,
        band_w: band,
        reason,
      });
    const status = sim.fleet.limitStatus();
    for (const [serial, s] of sent)
      if (s.pending && status[serial]?.limit_set_status !== "Pending") s.pending = false;
    const views = viewsOf(sim.fleet, sent, now, interval);
    for (const view of views) {
      const s = sent.get(view.serial);
      if (s) measureResponse(s, view);
    }
    const decision = decide({
      now,
      clock_known: true,
      meter: { samples, interval_ms: interval, error: null },
      inverters: views,
      settings,
    });
    band = decision.deadband_w;
    reason = decision.reason.code;
    for (const order of decision.orders) {
      sim.fleet.setLimit(order.serial, order.to_w, order.type);
      const s = sent.get(order.serial);
      if (s)
        Object.assign(s, {
          pending: true,
          commanded_w: order.to_w,
          commanded_from_w: order.from_w,
          last_command_at: now,
          measured: false,
        });
      s?.command_times.push(now);
      run.orders.push({ ...order, t_s });
    }
  }
  return run;
}
