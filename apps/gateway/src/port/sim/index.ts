/**
 * The simulated device's port (issue 30 §1): the fleet in this process. Its subscribers are driven by the app's own
 * tick (`tick()`, called where the fleet ticks: no second timer). It does not answer during the simulated reboot's
 * outage (API.md §8.6) nor once closed; its last document stays for whoever reads the snapshot. While its clock is
 * not set (a year before 2017) subscribers hear nothing: their times come from its clock.
 */
import type { LiveInverter } from "@dtu/api/live";
import type { ConfigJson } from "../../config/types.ts";
import type { DeviceClock, Fleet, LogLine } from "../../device/contracts.ts";
import { basicValid } from "../../security/basic.ts";
import type { Security } from "../../security/index.ts";
import { braked, OPEN, REFUSED } from "../access.ts";
import type { DevicePort, PortPlace, SimulationModel } from "../contract.ts";
import { createLiveState } from "../live.ts";
import { localDay, zoneOf } from "../place.ts";
import { simCommands } from "./commands.ts";

/** What the port reads of the simulated device (the Gateway of device/gateway.ts, or a bare fleet in tests). */
export interface SimPortParts {
  fleet: Fleet;
  /** The device's own clock: `now()` of this port, its days and its history's times. */
  clock: DeviceClock;
  /** The gateway's host clock: `at` and `readAt` of the snapshot, the acknowledgement's wait. */
  hostNow: () => number;
  /** The clock of `since` (default `hostNow`): the wall clock where a test runs the device's clocks fast. */
  wallNow?: () => number;
  config: () => ConfigJson;
  hostname: () => string;
  /** The simulated reboot's outage (Gateway.inOutage); default never. */
  inOutage?: () => boolean;
  /** The app's security layer: credentials of `access` pass its guessing brake. */
  security: Security;
  /** The device console (the commands' lines, as its routes write them). */
  log?: LogLine;
}

export interface SimPort extends DevicePort {
  readonly model: SimulationModel;
  /** The app's tick: reads the fleet, tells subscribers, settles commands. */
  tick(): void;
}

function simPlace(parts: SimPortParts): PortPlace {
  const zone = zoneOf(() => parts.config().ntp.timezone);
  return {
    zone,
    today: () => localDay(zone(), parts.clock.now()),
    location: () => {
      const { latitude, longitude } = parts.config().ntp;
      return { latitude, longitude };
    },
    sunTimes() {
      const sun = parts.fleet.sun();
      if (!sun.available || sun.sunrise === null || sun.sunset === null) return null;
      const midnight = (at: number): number => {
        const p = parts.clock.localParts(at);
        return p.hour * 60 + p.minute;
      };
      return { rise: midnight(sun.sunrise), set: midnight(sun.sunset) };
    },
  };
}

export function createSimPort(parts: SimPortParts): SimPort {
  const { fleet, clock } = parts;
  const outage = parts.inOutage ?? (() => false);
  let closed = false;
  const answering = (): boolean => !closed && !outage();
  // The fleet's last statistics reception is on the device clock; the snapshot speaks host time.
  const readOf = (live: LiveInverter) => {
    const at = fleet.lastUpdate(live.serial);
    return { read: at > 0, readAt: at > 0 ? at - (clock.now() - parts.hostNow()) : null };
  };
  const state = createLiveState(parts.wallNow ?? parts.hostNow, readOf, true, () => clock.now());
  let version = -1;
  /**
   * Reads the fleet while it answers. From the tick (`tell`), subscribers hear of statistics that moved since the
   * tick before; a look in between (`snapshot()`) updates the values and leaves the telling to the next tick.
   */
  const refresh = (tell: boolean): void => {
    state.reachable(answering());
    if (!answering()) return;
    const v = fleet.statsVersion();
    state.document(fleet.liveData(), true, parts.hostNow(), tell && clock.synced() && v !== version);
    if (tell) version = v;
  };
  const commands = simCommands(fleet, parts.hostNow, answering, parts.log);
  const model = { yieldTotalsWh: (s: string) => fleet.yieldTotalsWh?.(s) ?? null, config: parts.config };
  const read = <T>(get: () => T): Promise<T | null> => Promise.resolve(answering() ? get() : null);

  return {
    // Read each time: the DTU serial is a setting (API.md §3.5).
    get id() {
      return String(parts.config().dtu.serial);
    },
    name: parts.hostname,
    now: () => clock.now(),
    place: simPlace(parts),
    snapshot() {
      // Cheap and current: read at each look (the overview, the alert rules). Reachability too: a reboot's outage
      // starts between two ticks, and a look right after it must not see the device answering.
      refresh(false);
      return state.snapshot();
    },
    subscribe: (listener) => state.subscribe(listener),
    tick() {
      refresh(true);
      commands.settle();
      if (clock.synced()) state.beat();
    },
    limitStatus: () => read(() => fleet.limitStatus()),
    powerStatus: () => read(() => fleet.powerStatus()),
    deviceInfo: (serial) => read(() => fleet.deviceInfo(serial)),
    eventLog: (serial, locale) => read(() => fleet.eventLog(serial, locale)),
    setLimit: commands.setLimit,
    setPower: commands.setPower,
    restart: commands.restart,
    commandAccess: () => "allowed",
    async access(authorization, address, need = "read") {
      const security = parts.config().security;
      if (need === "read" && security.allow_readonly) return OPEN;
      if (authorization === undefined) return REFUSED;
      return braked(parts.security, address, async () => basicValid(authorization, security.password));
    },
    model,
    async close() {
      closed = true;
      commands.close();
      state.close();
    },
  };
}
