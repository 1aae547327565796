/**
 * History of a simulated device: history.db in its data folder, a fresh one backfilled from the device's model
 * (backfill.ts, `port.model`), then every reading its port tells (feed.ts `recordFrom`). During the simulated
 * reboot's outage the port tells nothing: a gap, as for a real device that does not answer. A far move of the
 * location before a real day was recorded has the modelled month made again at the new place (place.ts).
 */
import type { DevicePort, SimulationModel } from "../port/contract.ts";
import { safeParse } from "../time/clock.ts";
import { backfill, rebackfill, type HouseLoad } from "./backfill.ts";
import { createFeed, recordFrom } from "./feed.ts";
import { keepHistory, type HistoryKeeper } from "./keeper.ts";
import { watchPlace } from "./place.ts";

export interface SimHistory {
  /** The history, or why there is none (keeper.ts): a file that cannot be used never stops the gateway. */
  keeper: HistoryKeeper;
  close(): void;
}

const UTC = safeParse("UTC0");

export function startSimHistory(
  port: DevicePort & { readonly model: SimulationModel },
  dataDir: string,
  rawDays?: number,
  log: (line: string) => void = (line) => console.log(line),
  /** The simulated house when it is the device's meter: the backfill fills its import and export too. */
  house: HouseLoad | null = null,
): SimHistory {
  const model = port.model;
  const keeper = keepHistory({
    dataDir,
    zone: () => port.place.zone() ?? UTC,
    clock: { now: () => port.now() },
    ...(rawDays ? { rawDays } : {}),
    log,
    // A fresh file (first start, or a damaged one kept aside) gets the modelled month.
    onOpen: (h) => backfill(h, model.config(), port.now(), 30, (s) => model.yieldTotalsWh(s), house),
  });
  const stop = recordFrom(
    port,
    createFeed(keeper.recorder, () => port.now()),
  );
  const stopPlace = watchPlace(
    keeper,
    port,
    log,
    (h) => rebackfill(h, model.config(), port.now(), 30, (s) => model.yieldTotalsWh(s), house) > 0,
  );
  return {
    keeper,
    close() {
      stopPlace();
      stop();
      keeper.close();
    },
  };
}
