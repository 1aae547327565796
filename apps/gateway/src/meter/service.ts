/**
 * One device's meter (issue 31): its settings, the poller of the configured reader, today's energy, and the answers
 * of the meter API. Made per device port; nothing here knows whether the device is simulated or real beyond
 * `device.simulated` (which decides whether there is a simulated house).
 */
import type { MeterConfigView, MeterError, MeterResult, MeterStatus, MeterTestAnswer } from "@dtu/api/meter";
import { dayOf } from "../history/days.ts";
import type { GridSink } from "../history/grid.ts";
import { parsePosixTz } from "../time/posixTz.ts";
import {
  FieldError,
  loadMeterConfig,
  mergePost,
  saveMeterConfig,
  viewOf,
  type MeterConfig,
} from "./config.ts";
import type { MeterDevice } from "./device.ts";
import { asMeterError } from "./failure.ts";
import type { House } from "./house/house.ts";
import { productionW, simGrid } from "./house/simReader.ts";
import { MeterPoller, staleAfterMs, type Timers, type TimedReading } from "./poller.ts";
import { makeReader } from "./readers/index.ts";
import { figures } from "./figures.ts";
import { TodayEnergy } from "./today.ts";
import { testRead } from "./testRead.ts";

export interface MeterServiceOptions {
  device: MeterDevice;
  dataDir: string;
  log: (line: string) => void;
  timers?: Timers;
  /**
   * The device's history (issue 31 §2): every good reading is recorded there, and today's energy is read from it,
   * so a restart keeps today's figures. Without it (history off or unusable) today's energy is kept in memory.
   */
  grid?: GridSink;
}

export interface MeterService {
  view(): MeterConfigView;
  post(data: string | undefined): Promise<MeterResult>;
  status(): MeterStatus;
  test(data: string | undefined): Promise<MeterTestAnswer>;
  /**
   * Import and export energy (Wh) integrated since the service started, over every day and settings change: the
   * Prometheus counters (issue 31 §6). Only grows.
   */
  energy(): { import_wh: number; export_wh: number };
  /** The simulated house (simulated devices only). */
  readonly house: House | null;
  /** The simulated meter now, whatever meter the settings name (`--meter-port` serves it); null on a real device. */
  simulatedGrid(): { power_w: number; phases_w: number[] } | null;
  close(): Promise<void>;
}

const UTC = parsePosixTz("UTC0");
const OFF_TODAY = {
  import_wh: null,
  export_wh: null,
  production_wh: null,
  home_wh: null,
  self_consumption_pct: null,
  autarky_pct: null,
};

/** A POST's settings checked and written to the data folder: the new settings, or the answer that refuses them. */
async function writePost(
  opts: MeterServiceOptions,
  config: MeterConfig,
  data: string | undefined,
): Promise<{ next: MeterConfig } | { refused: MeterResult }> {
  let next: MeterConfig;
  try {
    next = mergePost(config, data, opts.device.simulated);
  } catch (err) {
    if (err instanceof FieldError) return { refused: err.result };
    throw err;
  }
  try {
    await saveMeterConfig(opts.dataDir, next);
  } catch (err) {
    opts.log(`meter: settings not written (${(err as NodeJS.ErrnoException).code ?? "error"})`);
    return {
      refused: {
        type: "danger",
        message: "the settings could not be written",
        code: "not_written",
        params: {},
      },
    };
  }
  return { next };
}

/**
 * A simulated device's house, loaded only for one: proxy mode loads nothing of the simulation (its house model
 * uses the fleet's seeded random numbers; test/proxy/imports.test.ts).
 */
async function simulatedHouse(device: MeterDevice): Promise<House> {
  const [{ createHouse }, { seedOf }] = await Promise.all([
    import("./house/house.ts"),
    import("./house/model.ts"),
  ]);
  return createHouse(seedOf(device.id), () => device.place.zone());
}

export async function createMeterService(opts: MeterServiceOptions): Promise<MeterService> {
  const { device, log } = opts;
  const house = device.simulated ? await simulatedHouse(device) : null;
  let config: MeterConfig = await loadMeterConfig(opts.dataDir, device.simulated, log);
  let poller: MeterPoller | null = null;
  let today = new TodayEnergy(staleAfterMs(config.interval_ms));
  let lastCode: string | null = null;
  const energy = { import_wh: 0, export_wh: 0 };
  /** Why no reader could be made for the settings (none: null). */
  let startError: MeterError | null = null;
  const dayAt = (ms: number): string => dayOf(device.place.zone() ?? UTC, ms);

  const onReading = (r: TimedReading): void => {
    if (lastCode !== null) log("meter: reading again");
    lastCode = null;
    opts.grid?.reading(r.at, r.power_w, staleAfterMs(config.interval_ms));
    const added = today.add({
      at: r.at,
      day: dayAt(r.at),
      grid_w: r.power_w,
      production_w: productionW(device.snapshot()),
    });
    energy.import_wh += added.import_wh;
    energy.export_wh += added.export_wh;
  };
  const onError = (e: MeterError): void => {
    // Once per change of cause, not every second.
    if (e.code !== lastCode) log(`meter: ${e.message}`);
    lastCode = e.code;
  };

  /** Today's figures: as history recorded them, else as integrated in memory since the start. */
  const todayOf = (day: string): MeterStatus["today"] => {
    const recorded = opts.grid?.day(day);
    return recorded ? figures(recorded) : today.today(day);
  };

  const start = (): void => {
    // New settings: nothing of the old meter's last reading is held into the new one's time.
    opts.grid?.gap();
    today = new TodayEnergy(staleAfterMs(config.interval_ms));
    lastCode = null;
    startError = null;
    if (!config.enabled) return;
    try {
      const reader = makeReader(config, device, house);
      poller = new MeterPoller({
        reader,
        intervalMs: config.interval_ms,
        now: device.now,
        onReading,
        onError,
        ...(opts.timers ? { timers: opts.timers } : {}),
      });
      poller.start();
    } catch (err) {
      startError = asMeterError(err, [config.password]);
      log(`meter: ${startError.message}`);
    }
  };
  const stop = async (): Promise<void> => {
    const p = poller;
    poller = null;
    await p?.stop();
  };
  start();

  return {
    house,
    energy: () => ({ ...energy }),
    simulatedGrid: () => (house ? simGrid(house, device.now(), productionW(device.snapshot())) : null),
    view: () => viewOf(config),
    async post(data) {
      const written = await writePost(opts, config, data);
      if ("refused" in written) return written.refused;
      config = written.next;
      await stop();
      start();
      return { type: "success", message: "Settings saved", code: "saved", params: {} };
    },
    status(): MeterStatus {
      if (!config.enabled)
        return { state: "off", power_w: null, phases_w: null, age_ms: null, error: null, today: OFF_TODAY };
      const now = device.now();
      const s = poller?.status(now) ?? {
        state: "error" as const,
        power_w: null,
        phases_w: null,
        age_ms: null,
        error: null,
      };
      return { ...s, today: todayOf(dayAt(now)) };
    },
    async test(data) {
      let probe: MeterConfig;
      try {
        probe = mergePost(config, data ?? "{}", device.simulated);
      } catch (err) {
        if (err instanceof FieldError) return err.result;
        throw err;
      }
      return testRead(probe, device, house);
    },
    close: stop,
  };
}
