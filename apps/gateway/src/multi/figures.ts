/**
 * A device card's figures and the overview's sums (issue 24 §4 under issue 25's rule: a value never read since the
 * DTU started is not a zero). Pure: the live state and the last readings come in, so tests need no device.
 */
import type { LiveInverter, LiveTotal } from "@dtu/api/live";
import type { MeterStatus } from "@dtu/api/meter";
import type { OverviewDevice, OverviewTotal } from "@dtu/api/overview";
import type { LastReadings } from "./lastRead.ts";

/** What a card's figures are made of: the device port's snapshot (./overview.ts `liveOf`). */
export interface DeviceLive {
  /** The gateway has live data from the device right now. */
  reachable: boolean;
  /** Unix ms since when `reachable` has had its value. */
  since: number;
  /** The device's own totals of its last document; null before the first. */
  total: LiveTotal | null;
  /** `read`: read since the DTU started (issue 25); the others' values are the device's zeros (API.md §3.1). */
  inverters: readonly (Pick<LiveInverter, "serial" | "reachable" | "producing"> & { read: boolean })[];
}

/** Sum without the float noise of adding decimals (0.1 + 0.2); far finer than any value on the wire. */
export const add = (a: number, b: number): number => Math.round((a + b) * 1e6) / 1e6;

/** `a + b` where null is "no figure": null only when both are. */
export const plus = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : add(a, b);

export type DeviceFigures = Pick<
  OverviewDevice,
  "power_w" | "yield_day_wh" | "yield_total_kwh" | "last_known_at"
>;

/** The inverters not read since the DTU started; the history is asked only when there is one. */
export const unreadOf = (live: DeviceLive): DeviceLive["inverters"] => live.inverters.filter((i) => !i.read);

/**
 * The device's own `total` counts the inverters read since the DTU started: the unread ones add their placeholder
 * zeros (API.md §3.1), so the total is only null when none was read. Each unread inverter's last reading in the
 * history adds its lifetime yield, and its yield today when `last` says it is from today; never its power.
 */
export function deviceFigures(live: DeviceLive, last: LastReadings): DeviceFigures {
  const unread = unreadOf(live);
  const own = live.total !== null && unread.length < live.inverters.length ? live.total : null;
  let day = own ? own.YieldDay.v : null;
  let lifetime = own ? own.YieldTotal.v : null;
  let at: number | null = null;
  for (const inv of unread) {
    const reading = last.get(inv.serial.toLowerCase());
    if (!reading) continue;
    const kwh = reading.yield_total_wh === null ? null : reading.yield_total_wh / 1000;
    if (kwh === null && reading.yield_day_wh === null) continue;
    lifetime = plus(lifetime, kwh);
    day = plus(day, reading.yield_day_wh);
    at = Math.max(at ?? 0, reading.t);
  }
  return {
    // A silent device's last power is not "now" (its card says since when it is silent): no figure.
    power_w: own && live.reachable ? own.Power.v : null,
    yield_day_wh: day,
    yield_total_kwh: lifetime,
    last_known_at: at,
  };
}

/**
 * A card's inverter counts: total and read since the DTU started as last known; reachable and producing are "now",
 * which a silent device's last document no longer tells, so 0 while it does not answer. An inverter never read since
 * the DTU started is not answering: the device calls it reachable until its first failed polls pass the threshold
 * (about 30 s after a start at night, API.md §3.1), which no answer backs (issue 34 §7).
 */
export function inverterCounts(live: DeviceLive): OverviewDevice["inverters"] {
  const now = live.reachable ? live.inverters.filter((i) => i.read) : [];
  return {
    total: live.inverters.length,
    reachable: now.filter((i) => i.reachable).length,
    producing: now.filter((i) => i.producing).length,
    read: live.inverters.filter((i) => i.read).length,
  };
}

export type MeterFigures = Pick<OverviewDevice, "grid_w" | "import_today_wh" | "export_today_wh">;

export const NO_METER: MeterFigures = { grid_w: null, import_today_wh: null, export_today_wh: null };

/**
 * A card's meter figures (issue 31 §4) from the device's `/api/meter/status`: the grid power only while the meter
 * is fresh (a stale value is not "now"), today's import and export as the device counts them; all null without a
 * meter or with it switched off.
 */
export function meterFigures(status: MeterStatus | null): MeterFigures {
  if (!status || status.state === "off") return NO_METER;
  return {
    grid_w: status.state === "ok" ? status.power_w : null,
    import_today_wh: status.today.import_wh,
    export_today_wh: status.today.export_wh,
  };
}

/**
 * The sums of the non-null figures; power only of devices reachable now (a silent device's power is not "now"); the
 * meters' figures of every device that has one (a card's grid power is already null while its meter is stale).
 */
export function totalOf(cards: readonly OverviewDevice[]): OverviewTotal {
  return cards.reduce<OverviewTotal>(
    (sum, card) => ({
      power_w: card.reachable ? plus(sum.power_w, card.power_w) : sum.power_w,
      yield_day_wh: plus(sum.yield_day_wh, card.yield_day_wh),
      yield_total_kwh: plus(sum.yield_total_kwh, card.yield_total_kwh),
      grid_w: plus(sum.grid_w, card.grid_w),
      import_today_wh: plus(sum.import_today_wh, card.import_today_wh),
      export_today_wh: plus(sum.export_today_wh, card.export_today_wh),
    }),
    { power_w: null, yield_day_wh: null, yield_total_kwh: null, ...NO_METER },
  );
}
