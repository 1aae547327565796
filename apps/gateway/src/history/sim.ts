/**
 * History in simulated mode: open history.db in the data folder, backfill a fresh one (backfill.ts), then record
 * every live sample of the fleet from the gateway's tick. During the simulated reboot's outage nothing is recorded
 * (a gap, as for a real device that does not answer).
 */
import type { Gateway } from "../device/gateway.ts";
import { safeParse } from "../time/clock.ts";
import type { PosixTz } from "../time/posixTz.ts";
import { backfill } from "./backfill.ts";
import { createFeed } from "./feed.ts";
import { openHistory, type History } from "./index.ts";

export interface SimHistory {
  history: History;
  tick(): void;
}

/** The zone of the configured rule, parsed again only when the rule changes. */
export function zoneOf(rule: () => string): () => PosixTz {
  let text = "";
  let tz: PosixTz = safeParse("UTC0");
  return () => {
    const r = rule();
    if (r !== text) {
      text = r;
      tz = safeParse(r);
    }
    return tz;
  };
}

export function startSimHistory(gw: Gateway, dataDir: string, rawDays?: number): SimHistory {
  const history = openHistory({
    dataDir,
    zone: zoneOf(() => gw.config.ntp.timezone),
    clock: gw.clock,
    ...(rawDays ? { rawDays } : {}),
  });
  backfill(history, gw.config, gw.clock.now());
  const feed = createFeed(history.recorder, () => gw.clock.now());
  let version = -1;
  return {
    history,
    tick() {
      if (gw.inOutage() || !gw.clock.synced()) return;
      const v = gw.fleet.statsVersion();
      if (v === version) {
        feed.heartbeat();
        return;
      }
      version = v;
      feed.push(gw.fleet.liveData().inverters);
    },
  };
}
