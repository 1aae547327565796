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
import { keepHistory, type HistoryKeeper } from "./keeper.ts";

export interface SimHistory {
  /** The history, or why there is none (keeper.ts): a file that cannot be used never stops the gateway. */
  keeper: HistoryKeeper;
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

export function startSimHistory(
  gw: Gateway,
  dataDir: string,
  rawDays?: number,
  log: (line: string) => void = (line) => console.log(line),
): SimHistory {
  const keeper = keepHistory({
    dataDir,
    zone: zoneOf(() => gw.config.ntp.timezone),
    clock: gw.clock,
    ...(rawDays ? { rawDays } : {}),
    log,
    // A fresh file (first start, or a damaged one kept aside) gets the modelled month.
    onOpen: (h) => backfill(h, gw.config, gw.clock.now(), 30, (s) => gw.fleet.yieldTotalsWh?.(s) ?? null),
  });
  const feed = createFeed(keeper.recorder, () => gw.clock.now());
  let version = -1;
  return {
    keeper,
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
