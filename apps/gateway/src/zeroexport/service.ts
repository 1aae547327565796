/**
 * One device's zero export (issue 32): its settings (`zeroexport.json`), the controller stepped on every reading of
 * the device port and every `STEP_MS` (the meter's samples), and the API's answers. Stopping sends the fallback
 * limit before it returns (the gateway's close waits for it).
 */
import type {
  ZeroExportCheckAnswer,
  ZeroExportConfig,
  ZeroExportResult,
  ZeroExportStatus,
} from "@dtu/api/zeroexport";
import type { DevicePort } from "../port/contract.ts";
import { commissioningCheck } from "./check.ts";
import { isRefusal, loadZeroExportConfig, parseConfig, saveZeroExportConfig } from "./config.ts";
import { createController, type Controller, type ControllerEvent } from "./controller.ts";
import type { MeterFeed } from "./feed.ts";

/** The controller looks at the meter this often besides every reading of the port. */
export const STEP_MS = 250;

export interface ZeroExportOptions {
  port: DevicePort;
  meter: MeterFeed;
  dataDir: string;
  log: (line: string) => void;
  onEvent?: (event: ControllerEvent) => void;
  /** Runs `fn` every `ms`; returns the way to stop. Default: an unref'd setInterval. Tests: none (they step). */
  every?: ((fn: () => void, ms: number) => () => void) | null;
  /** The commissioning check's wait (tests move a simulated clock). */
  sleep?: (ms: number) => Promise<void>;
}

export interface ZeroExportService {
  readonly controller: Controller;
  config(): ZeroExportConfig;
  post(data: string | undefined): Promise<{ status: number; body: ZeroExportResult }>;
  status(): ZeroExportStatus;
  resume(): ZeroExportResult;
  check(): Promise<ZeroExportCheckAnswer>;
  /** The fallback sent (awaited, at most `waitMs`), then nothing more. */
  close(waitMs?: number): Promise<void>;
}

const realEvery = (fn: () => void, ms: number): (() => void) => {
  const t = setInterval(fn, ms);
  t.unref();
  return () => clearInterval(t);
};

export async function createZeroExportService(opts: ZeroExportOptions): Promise<ZeroExportService> {
  let config = await loadZeroExportConfig(opts.dataDir, opts.log);
  const controller = createController({
    port: opts.port,
    meter: opts.meter,
    config: () => config,
    log: opts.log,
    ...(opts.onEvent ? { onEvent: opts.onEvent } : {}),
  });
  const safeStep = (): void => {
    try {
      controller.step();
    } catch (err) {
      opts.log(`zero export: step failed: ${(err as Error).message}`);
    }
  };
  const unsubscribe = opts.port.subscribe(safeStep);
  const every = opts.every === undefined ? realEvery : opts.every;
  const stopTimer = every ? every(safeStep, STEP_MS) : () => undefined;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let checking = false;

  return {
    controller,
    config: () => config,
    async post(data) {
      const parsed = parseConfig(data);
      if (isRefusal(parsed)) return { status: 400, body: parsed };
      try {
        await saveZeroExportConfig(opts.dataDir, parsed);
      } catch (err) {
        opts.log(`zero export: settings not written (${(err as NodeJS.ErrnoException).code ?? "error"})`);
        const body: ZeroExportResult = {
          type: "danger",
          code: "not_written",
          message: "the settings could not be written",
        };
        return { status: 500, body };
      }
      config = parsed;
      safeStep();
      return { status: 200, body: { type: "success", code: "saved", message: "Settings saved" } };
    },
    status: () => controller.status(),
    resume() {
      if (controller.resume()) return { type: "success", code: "resumed", message: "zero export resumed" };
      return { type: "danger", code: "not_paused", message: "zero export is not paused" };
    },
    async check() {
      if (checking)
        return {
          ok: false,
          serial: null,
          cut_w: 0,
          rise_w: null,
          response_ms: null,
          message: "a check is running",
          warnings: [],
        };
      checking = true;
      try {
        return await commissioningCheck({ port: opts.port, controller, config, sleep });
      } finally {
        checking = false;
      }
    },
    async close(waitMs) {
      stopTimer();
      unsubscribe();
      await controller.stop(waitMs);
    },
  };
}
