/**
 * One device's zero-export controller (issue 32 §2): on every meter reading and every reading of the device port it
 * asks `decide` (pure) what to do and sends the orders through `DevicePort.setLimit` — absolute, non-persistent
 * (type 0), one in flight per inverter, none to an unreachable inverter, none while the device refuses commands.
 * It keeps per inverter what it sent (track.ts), pauses when someone else changed a limit it had set, and sends the
 * fallback limit when asked to stop. Time comes from the port's clock; `step()` is public so that tests and the
 * bench run it in simulated time.
 */
import type { ZeroExportConfig, ZeroExportStatus } from "@dtu/api/zeroexport";
import type { CommandOutcome, DevicePort, PortSnapshot } from "../port/contract.ts";
import { controlledOf, decide, fallbackOf } from "./decide.ts";
import type { MeterFeed } from "./feed.ts";
import { commandsLastHour } from "./inverters.ts";
import { foreignLimit, freshSent, measureResponse, viewOf, type Sent } from "./track.ts";
import type { ControllerInput, Decision, InverterView, LimitOrder, MeterSample, Why } from "./types.ts";
import { describeWhy } from "./why.ts";

type LogEntry = ZeroExportStatus["log"][number];

/** Samples kept (the automatic band looks at the last 30). */
const SAMPLES_KEPT = 60;
const LOG_KEPT = 200;

export type ControllerEvent =
  | { kind: "paused"; serial: string; limit_w: number; sent_w: number }
  | { kind: "unreachable"; since: number }
  | { kind: "reachable" }
  /** Out of "paused" (POST /api/zeroexport/resume). */
  | { kind: "resumed" }
  /** Zero export turned off: nothing it raised holds any more. */
  | { kind: "off" };

export interface ControllerOptions {
  port: DevicePort;
  meter: MeterFeed;
  config: () => ZeroExportConfig;
  log: (line: string) => void;
  /**
   * Pause and the DTU's reachability while active (the alerts hook): each change once. Turned on while paused or
   * while the DTU does not answer, that is said again; turned off, `off`.
   */
  onEvent?: (event: ControllerEvent) => void;
  /** Every order as it is sent (the closed loop's record). */
  onSend?: (order: LimitOrder) => void;
}

export interface Controller {
  /** Takes a new meter sample if there is one, decides and sends. */
  step(): void;
  status(): ZeroExportStatus;
  /** Out of "paused": the next step decides again from the limits as they are. */
  resume(): boolean;
  /** The fallback limit to every controlled, reachable inverter, awaited (at most `waitMs`); nothing after it. */
  stop(waitMs?: number): Promise<void>;
  /** What this controller sent and measured per inverter (the commissioning check reads and adds to it). */
  readonly sent: Map<string, Sent>;
  samples(): readonly MeterSample[];
  /** One command outside the decisions (the commissioning check), with the same bookkeeping. */
  send(order: LimitOrder): Promise<CommandOutcome>;
  /** The check holds the decisions off while it runs. */
  hold(on: boolean): void;
}

/** The controller's memory: what it sent and measured, the meter's samples, its log, pause and stop. */
class ControllerCore implements Controller {
  readonly sent = new Map<string, Sent>();
  private readonly meterSamples: MeterSample[] = [];
  private readonly entries: LogEntry[] = [];
  private readonly inFlight = new Map<string, Promise<CommandOutcome>>();
  private paused: { serial: string; limit_w: number; sent_w: number } | null = null;
  private stopped = false;
  private held = false;
  private wasReachable = true;
  private wasEnabled = false;
  private last: Decision = { state: "off", reason: { code: "off", params: {} }, deadband_w: 10, orders: [] };
  private views: InverterView[] = [];

  constructor(private readonly opts: ControllerOptions) {}

  samples = (): readonly MeterSample[] => this.meterSamples;
  hold = (on: boolean): void => void (this.held = on);

  private sentOf(serial: string): Sent {
    let s = this.sent.get(serial);
    if (!s) this.sent.set(serial, (s = freshSent()));
    return s;
  }

  private takeSample(): void {
    const s = this.opts.meter.last();
    const newest = this.meterSamples.at(-1);
    if (!s || (newest && s.at <= newest.at)) return;
    this.meterSamples.push(s);
    if (this.meterSamples.length > SAMPLES_KEPT) this.meterSamples.shift();
  }

  private record(order: LimitOrder, now: number): LogEntry {
    const entry: LogEntry = {
      at: now,
      serial: order.serial,
      from_w: order.from_w,
      to_w: order.to_w,
      grid_w: this.meterSamples.at(-1)?.grid_w ?? null,
      why: describeWhy(order.why),
      result: "pending",
    };
    this.entries.push(entry);
    if (this.entries.length > LOG_KEPT) this.entries.shift();
    this.opts.log(
      `zero export: ${order.serial} ${order.from_w ?? "?"} → ${order.to_w} W: ${entry.why.message}`,
    );
    return entry;
  }

  send(order: LimitOrder): Promise<CommandOutcome> {
    const { port, log } = this.opts;
    const now = port.now();
    const s = this.sentOf(order.serial);
    Object.assign(s, {
      pending: true,
      commanded_w: order.to_w,
      commanded_from_w: order.from_w,
      last_command_at: now,
      confirmed_at: null,
      measured: false,
    });
    s.command_times = [...s.command_times.filter((t) => now - t < HOUR_MS), now];
    const entry = this.record(order, now);
    this.opts.onSend?.(order);
    const p = port
      .setLimit({ serial: order.serial, value: order.to_w, type: 0 })
      .catch((): CommandOutcome => ({ result: "unreachable", answer: null, ackMs: null }))
      .then((o) => {
        s.pending = false;
        if (o.result === "ok") s.confirmed_at = port.now();
        entry.result = o.result;
        // Not acknowledged: the limit in force is the device's, whatever was sent.
        if (o.result !== "ok") Object.assign(s, { commanded_w: null, commanded_from_w: null });
        if (o.result !== "ok") log(`zero export: ${order.serial} → ${order.to_w} W: ${o.result}`);
        this.inFlight.delete(order.serial);
        return o;
      });
    this.inFlight.set(order.serial, p);
    return p;
  }

  /** Reachability, forgetting what was set across an inverter's absence (a restart drops non-persistent limits). */
  private observe(snap: PortSnapshot): void {
    const interval = this.opts.meter.intervalMs();
    this.views = snap.inverters.map((inv) =>
      viewOf(inv, snap.reachable, this.sent.get(inv.live.serial), interval),
    );
    for (const view of this.views) {
      const s = this.sent.get(view.serial);
      if (!s) continue;
      if (!view.reachable && !s.pending) Object.assign(s, { confirmed_at: null, commanded_w: null });
      measureResponse(s, view);
    }
    this.tellChanges(this.opts.config().enabled, snap);
  }

  /** The events of the alerts hook: what changed since the last step (turned on or off, the DTU's answer). */
  private tellChanges(enabled: boolean, snap: PortSnapshot): void {
    const tell = (event: ControllerEvent): void => this.opts.onEvent?.(event);
    const unreachable = (): void => tell({ kind: "unreachable", since: snap.since });
    if (enabled !== this.wasEnabled) {
      if (!enabled) tell({ kind: "off" });
      if (enabled && this.paused) tell({ kind: "paused", ...this.paused });
      if (enabled && !snap.reachable) unreachable();
    } else if (enabled && this.wasReachable !== snap.reachable) {
      if (snap.reachable) tell({ kind: "reachable" });
      else unreachable();
    }
    this.wasEnabled = enabled;
    this.wasReachable = snap.reachable;
  }

  private checkForeign(config: ZeroExportConfig): void {
    for (const view of this.views) {
      const s = this.sent.get(view.serial);
      if (!s || !isControlled(config, view.serial) || !foreignLimit(s, view)) continue;
      if (view.limit_w === null || s.commanded_w === null) continue;
      this.paused = { serial: view.serial, limit_w: Math.round(view.limit_w), sent_w: s.commanded_w };
      this.opts.log(
        `zero export: paused, ${view.serial}'s limit is ${this.paused.limit_w} W, not the ${this.paused.sent_w} W sent`,
      );
      this.opts.onEvent?.({ kind: "paused", ...this.paused });
      return;
    }
  }

  private input(config: ZeroExportConfig, snap: PortSnapshot, meterError: string | null): ControllerInput {
    return {
      now: this.opts.port.now(),
      clock_known: snap.hints !== null && !snap.hints.time_sync,
      meter: { samples: this.meterSamples, interval_ms: this.opts.meter.intervalMs(), error: meterError },
      inverters: this.views,
      settings: config,
    };
  }

  step(): void {
    if (this.stopped) return;
    this.takeSample();
    const snap = this.opts.port.snapshot();
    this.observe(snap);
    const config = this.opts.config();
    if (config.enabled && !this.paused) this.checkForeign(config);
    this.last = this.decideNow(this.input(config, snap, this.opts.meter.error()), snap);
    if (!this.held) for (const order of this.last.orders) void this.send(order);
  }

  private decideNow(input: ControllerInput, snap: PortSnapshot): Decision {
    const decision = decide(input);
    const quiet = (state: Decision["state"], reason: Why): Decision => ({
      ...decision,
      state,
      reason,
      orders: [],
    });
    if (decision.state === "off") return decision;
    if (this.paused) return quiet("paused", { code: "paused_foreign_limit", params: { ...this.paused } });
    const access = this.opts.port.commandAccess();
    if (access === "no-credentials" || access === "refused")
      return quiet("waiting", { code: "no_command_access", params: { access } });
    if (!snap.reachable) return quiet("waiting", { code: "dtu_unreachable", params: {} });
    return decision;
  }

  async stop(waitMs = 10_000): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const config = this.opts.config();
    if (!config.enabled || this.paused) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>((r) => (timer = setTimeout(r, waitMs)));
    const input = this.input(config, this.opts.port.snapshot(), null);
    const all = controlledOf(input).map(async (c) => {
      if (!c.inv.reachable) return;
      await this.inFlight.get(c.inv.serial);
      const why: Why = { code: "fallback_stopping", params: {} };
      await this.send({
        serial: c.inv.serial,
        from_w: c.inv.limit_w,
        to_w: fallbackOf(config, c),
        type: 0,
        why,
      });
    });
    await Promise.race([Promise.all(all), deadline]);
    clearTimeout(timer);
  }

  resume(): boolean {
    if (!this.paused) return false;
    this.paused = null;
    // What was set before the pause is history: the limits as they are now are the starting point.
    for (const s of this.sent.values()) Object.assign(s, { confirmed_at: null, commanded_w: null });
    this.opts.log("zero export: resumed");
    this.opts.onEvent?.({ kind: "resumed" });
    return true;
  }

  status(): ZeroExportStatus {
    const { config, port } = this.opts;
    return statusOf(this.last, this.views, this.meterSamples, this.entries, config(), port.now());
  }
}

const HOUR_MS = 3600_000;

const isControlled = (config: ZeroExportConfig, serial: string): boolean =>
  config.inverters.some((i) => i.enabled && i.serial.toLowerCase() === serial.toLowerCase());

export const createController = (opts: ControllerOptions): Controller => new ControllerCore(opts);

function statusOf(
  d: Decision,
  views: readonly InverterView[],
  samples: readonly MeterSample[],
  entries: readonly LogEntry[],
  config: ZeroExportConfig,
  now: number,
): ZeroExportStatus {
  const mine = views.filter((v) => isControlled(config, v.serial));
  const sum = (f: (v: InverterView) => number | null): number | null =>
    mine.length === 0 || mine.some((v) => f(v) === null) ? null : mine.reduce((a, v) => a + (f(v) ?? 0), 0);
  return {
    state: d.state,
    reason: describeWhy(d.reason),
    grid_w: samples.at(-1)?.grid_w ?? null,
    target_w: config.target_w,
    deadband_w: d.deadband_w,
    output_w: sum((v) => v.output_w),
    limit_total_w: sum((v) => v.limit_w),
    commands_last_hour: mine.reduce((a, v) => a + commandsLastHour(v, now), 0),
    inverters: mine.map((v) => ({
      serial: v.serial,
      limit_w: v.limit_w,
      output_w: v.output_w,
      pending: v.pending,
      response_ms: v.response_ms,
    })),
    log: [...entries],
  };
}
