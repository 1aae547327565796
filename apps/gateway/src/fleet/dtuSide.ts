/**
 * The DTU side (issue 2 §6): polling one inverter per poll interval, round-robin (API.md §4.4), and what the DTU
 * reports from what it has read — the live document, limit and power status, event log, device info, grid profile.
 */
import type { DeviceInfo, EventLog, LimitStatus, LiveData, PowerStatus } from "@dtu/api/live";
import { DEFAULT_PASSWORD } from "@dtu/api/limits";
import { parseHexSerial } from "../wire/serial.ts";
import { alarmText, localeOf } from "./alarms.ts";
import { resendFailed } from "./commands.ts";
import { sampleOf } from "./inverterSide.ts";
import { liveDocument, type InverterView } from "./live.ts";
import { deviceInfoOf, EMPTY_DEVICE_INFO, GRID_PROFILE_LENGTH, gridProfileOf } from "./models.ts";
import { answers, round1, type FleetCore, type Runtime } from "./state.ts";
import { isDay, secondsOfDay } from "./world.ts";

/** Chance that one statistics request gets no answer (rare; API.md §4.4 failure counter). */
export const REQUEST_FAILURE_RATE = 0.02;
/** The firmware re-reads the limit every 2 minutes, but not within 4 minutes after a limit command (API.md §3.7). */
const READ_BACK_EVERY_MS = 120_000;
const READ_BACK_QUIET_MS = 240_000;

export function find(core: FleetCore, serial: string): Runtime | undefined {
  const s = parseHexSerial(serial);
  return s === null ? undefined : core.runtimes.find((r) => r.serial === s);
}

const pollEnabled = (rt: Runtime, day: boolean): boolean =>
  rt.cfg.poll_enable && (day || rt.cfg.poll_enable_night);

/** One poll slot at `at`: re-send failed commands, then ask the next inverter for its statistics. */
export function poll(core: FleetCore, rt: Runtime | undefined, at: number): void {
  resendFailed(core, at);
  if (!rt) return;
  const log = core.log;
  if (!pollEnabled(rt, isDay(core, at))) {
    // Not polled: the missed poll counts like a failed one; data_age keeps growing (issue 2 §6).
    rt.dtu.failures++;
    return;
  }
  log(`Fetch inverter: ${rt.hex}`);
  log("Request RealTimeRunData");
  // A sleeping (night) or offline inverter does not answer: failures grow until it reads as unreachable, its last
  // values stay (API.md §3.1 `reachable`). Checked before the random draw so that daytime runs stay as seeded.
  if (!answers(core, rt) || core.random() < REQUEST_FAILURE_RATE) {
    rt.dtu.failures++;
    log(`RealTimeRunData: no answer from ${rt.hex} (${rt.dtu.failures} failed)`);
    return;
  }
  const dtu = rt.dtu;
  const first = dtu.stats === null;
  dtu.failures = 0;
  dtu.stats = {
    sample: sampleOf(core, rt, at),
    yieldDayWh: rt.inv.yieldDayWh.map((v) => Math.floor(v)),
    yieldTotalKwh: rt.inv.yieldTotalWh.map((v) => Math.floor(v) / 1000),
  };
  dtu.lastStatsAt = at;
  core.version++;
  for (const listener of core.statsListeners) listener(rt.hex, dtu.stats, at);
  if (first) {
    // After the first statistics the DTU asks for device info, grid profile and the limit (API.md §3.5, §3.6).
    log("Request DevInfoAll");
    log("Request GridOnProFilePara");
    dtu.deviceInfo = true;
    dtu.gridProfile = true;
  }
  const readBackDue =
    at - dtu.lastReadBackAt >= READ_BACK_EVERY_MS && at - dtu.lastLimitCommandAt >= READ_BACK_QUIET_MS;
  if (dtu.limitRelative === null || readBackDue) {
    log("Request SystemConfigPara");
    dtu.limitRelative = round1(rt.inv.limitPercent);
    dtu.lastReadBackAt = at;
  }
  if (
    dtu.events.length !== rt.inv.events.length ||
    dtu.events.some((e, i) => e.end !== rt.inv.events[i]?.end || e.start !== rt.inv.events[i]?.start)
  ) {
    log("Request AlarmData");
    dtu.events = rt.inv.events.map((e) => ({ ...e }));
  }
}

export function liveData(core: FleetCore, radios: { nrf24: boolean; cmt: boolean } | undefined): LiveData {
  const now = core.clock.now();
  const day = isDay(core, now);
  const views: InverterView[] = core.runtimes.map((rt) => {
    const enabled = pollEnabled(rt, day);
    const reachable = enabled && rt.dtu.failures <= rt.cfg.reachable_threshold;
    const since = rt.dtu.lastStatsAt || core.bootAt;
    return {
      serial: rt.hex,
      name: rt.cfg.name,
      order: rt.cfg.order,
      dataAge: Math.max(0, Math.floor((now - since) / 1000)),
      pollEnabled: enabled,
      pollConfigured: rt.cfg.poll_enable,
      reachable,
      zeroRuntime: rt.cfg.zero_runtime && !reachable,
      limitRelative: rt.dtu.limitRelative ?? 0,
      maxPower: rt.dtu.deviceInfo ? rt.maxPower : 0,
      channels: rt.cfg.channel,
      dcCount: rt.type.dcInputs,
      stats: rt.dtu.stats,
      events: rt.dtu.events.length,
    };
  });
  const radioProblem =
    radios !== undefined &&
    core.runtimes.some((rt) => (rt.type.radio === "nRF24" ? !radios.nrf24 : !radios.cmt));
  return liveDocument(views, {
    time_sync: !core.clock.synced(),
    radio_problem: radioProblem,
    default_password: core.config.security.password === DEFAULT_PASSWORD,
  });
}

export function limitStatus(core: FleetCore): LimitStatus {
  const out: LimitStatus = {};
  for (const rt of core.runtimes) {
    out[rt.hex] = {
      limit_relative: rt.dtu.limitRelative ?? 0,
      max_power: rt.dtu.deviceInfo ? rt.maxPower : 0,
      limit_set_status: rt.dtu.limitStatus,
    };
  }
  return out;
}

export function powerStatus(core: FleetCore): PowerStatus {
  const out: PowerStatus = {};
  for (const rt of core.runtimes) out[rt.hex] = { power_set_status: rt.dtu.powerStatus };
  return out;
}

export function eventLog(core: FleetCore, rt: Runtime, locale: string): EventLog {
  const lang = localeOf(locale);
  const hmt = rt.type.family.startsWith("HMT");
  const events = rt.dtu.events.map((e) => ({
    message_id: e.id,
    message: alarmText(e.id, hmt, lang),
    start_time: secondsOfDay(core, e.start),
    end_time: e.end === null ? 0 : secondsOfDay(core, e.end),
  }));
  return { count: events.length, events };
}

export function deviceInfo(rt: Runtime): DeviceInfo {
  return rt.dtu.deviceInfo ? deviceInfoOf(rt.type.family, rt.serial) : { ...EMPTY_DEVICE_INFO };
}

export function gridProfile(rt: Runtime): { raw: number[] } {
  return {
    raw: rt.dtu.gridProfile
      ? gridProfileOf(rt.type.family, rt.serial)
      : new Array<number>(GRID_PROFILE_LENGTH).fill(0),
  };
}
