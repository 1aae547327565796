/**
 * The overview of several devices in one gateway (issue 24 §4): our extension, not on the device. Served by the
 * gateway at the top level (`GET /api/overview`) only when it runs several devices, each under `/d/NAME/`. Fed by the
 * gateway's own connection to each device, never by browser sockets.
 */
import * as v from "valibot";

/** Where a device's app, API and sockets live in a several-device gateway: `/d/NAME/`. */
export const devicePrefix = (name: string): string => `/d/${encodeURIComponent(name)}/`;

export const OverviewInverters = v.object({
  /** Inverters in the device's live data. */
  total: v.number(),
  reachable: v.number(),
  producing: v.number(),
  /**
   * Inverters read since the DTU started. The others' live values are the device's placeholder zeros (API.md §3.1:
   * `data_age` then equals the uptime), so the figures never count them as measured; see `last_known_at`.
   */
  read: v.number(),
});

/** The card of a device the request may read (its read rule, API.md §2.1: open, or the request's credentials). */
export const OverviewDevice = v.object({
  /** The NAME of `--device NAME=URL`; the device's pages are under `devicePrefix(name)`. */
  name: v.string(),
  /** Always false here: the card carries the device's figures (see `OverviewLocked`). */
  locked: v.literal(false),
  /** The gateway has live data from the device right now. */
  reachable: v.boolean(),
  /**
   * Unix seconds since when `reachable` has had its value (the gateway's start while it never changed); with
   * `reachable: false` this is "not answering since …".
   */
  since: v.number(),
  /**
   * The device's figures (issue 25's rule: a value never read is not a zero). Each is null when the gateway has no
   * reading behind it: the device never reached, or none of its inverters read since the DTU started (and, for the
   * yields, no last known reading either). They count the inverters read since the DTU started (the device's own
   * `total` of its last live data, API.md §3.1, to which the unread ones add only zeros), plus, for an inverter not
   * read since the start, its last reading in the device's history: its lifetime yield always, its yield today only
   * when that reading is from the device's local today. Power is never taken from history.
   */
  power_w: v.nullable(v.number()),
  yield_day_wh: v.nullable(v.number()),
  yield_total_kwh: v.nullable(v.number()),
  /**
   * Unix seconds of the newest history reading counted in the yields above for an inverter not read since the DTU
   * started; null when none is (all read, or the history has nothing for them). The card says "last known".
   */
  last_known_at: v.nullable(v.number()),
  inverters: OverviewInverters,
  /** The device's household meter now (issue 31 §4: W, + import); null without a meter or while it is stale. */
  grid_w: v.nullable(v.number()),
  /** Today's grid energy (Wh) of the device's meter; null without a meter. */
  import_today_wh: v.nullable(v.number()),
  export_today_wh: v.nullable(v.number()),
  /**
   * The device's open alerts (issue 23, as its `/d/NAME/api/alerts?state=open` lists them, acknowledged ones
   * included); null when the device runs no alerts (they need its history), which is not "none open".
   */
  alerts_open: v.nullable(v.number()),
  /** Of those, the ones of severity "critical"; null with `alerts_open`. */
  alerts_critical: v.nullable(v.number()),
});
export type OverviewDevice = v.InferOutput<typeof OverviewDevice>;

/**
 * The card of a device the request may not read (read-only access off there, and the request's credentials none
 * or not its password). It says only what `GET /api/overview/devices` tells anyone: the name. No reachability, no
 * figures, no inverter counts, no alerts: each of them is the device's data, and "not answering since" would tell
 * a stranger when the household's device is off. The device's own login is at `devicePrefix(name)`.
 */
export const OverviewLocked = v.object({
  name: v.string(),
  locked: v.literal(true),
});
export type OverviewLocked = v.InferOutput<typeof OverviewLocked>;

/** A card of `GET /api/overview`: `locked` tells which of the two. */
export const OverviewCard = v.union([OverviewDevice, OverviewLocked]);
export type OverviewCard = v.InferOutput<typeof OverviewCard>;

/**
 * The sums of the non-null figures of the devices the request may read (never of a locked one: `Overview.locked`
 * names those); a figure is null when no device has one. `power_w` sums only devices
 * reachable now (a silent device's last power is not "now"); the yields sum every device's.
 */
export const OverviewTotal = v.object({
  power_w: v.nullable(v.number()),
  yield_day_wh: v.nullable(v.number()),
  yield_total_kwh: v.nullable(v.number()),
  grid_w: v.nullable(v.number()),
  import_today_wh: v.nullable(v.number()),
  export_today_wh: v.nullable(v.number()),
});
export type OverviewTotal = v.InferOutput<typeof OverviewTotal>;

/**
 * GET /api/overview: devices in the order of the command line, and the sums of their totals. Answered 401 only when
 * the request may read no device at all; otherwise each device the request may not read has a locked card.
 */
export const Overview = v.object({
  devices: v.array(OverviewCard),
  total: OverviewTotal,
  /** The devices whose cards are locked, in order: the ones `total` leaves out. Empty when it counts every device. */
  locked: v.array(v.string()),
});
export type Overview = v.InferOutput<typeof Overview>;

/**
 * GET /api/overview/devices: the devices' names, in the order of the command line, for the device switcher of each
 * device's pages, and their "today" for the combined History. No auth: it names the devices (as their `/d/NAME/`
 * paths do) and gives a date, not their figures; a page of a device whose overview stays locked still lists the
 * others.
 */
export const OverviewDeviceNames = v.object({
  names: v.array(v.string()),
  /**
   * The devices' local date (`YYYY-MM-DD`, each in its own time zone as its History's `today`): the latest of them,
   * so no device's today falls outside the combined History's month or year. Null while no device's zone is known
   * (only real devices, none of which has answered yet).
   */
  today: v.nullable(v.string()),
});
export type OverviewDeviceNames = v.InferOutput<typeof OverviewDeviceNames>;

export const OverviewEnergyRow = v.object({
  /** First day of the period, as in HistoryEnergyRow. */
  period: v.string(),
  /** Sum of every device's energy of the period (Wh). */
  total: v.number(),
  /** Device NAME → its energy of the period (Wh); a device without data for the period is absent. */
  devices: v.record(v.string(), v.number()),
  /** Sums of the devices' grid energy of the period (Wh); null when no device recorded a meter in it. */
  import_wh: v.nullable(v.number()),
  export_wh: v.nullable(v.number()),
});
export type OverviewEnergyRow = v.InferOutput<typeof OverviewEnergyRow>;

/**
 * GET /api/overview/energy?from=…&to=…&interval=day|month|year: the combined energy of every device's own history
 * (their `/d/NAME/api/history/energy`, same parameters and limits). Peaks are not combined (they fall at different
 * moments). Each device counts on its own read rule, as in `Overview`: 401 only when the request may read none.
 * A total never silently lacks a device: `unavailable` and `locked` name the ones it leaves out.
 */
export const OverviewEnergy = v.object({
  interval: v.picklist(["day", "month", "year"]),
  unit: v.literal("Wh"),
  rows: v.array(OverviewEnergyRow),
  /** Devices the request may read whose history did not answer (no history, an error, not reachable). */
  unavailable: v.array(v.string()),
  /** Devices the request may not read (see `Overview.locked`): not asked, not summed, not in `rows[].devices`. */
  locked: v.array(v.string()),
});
export type OverviewEnergy = v.InferOutput<typeof OverviewEnergy>;
