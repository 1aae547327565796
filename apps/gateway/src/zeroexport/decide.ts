/**
 * The controller's decision (issue 32 §2) for one instant: from the meter, the inverters and the settings, which
 * absolute non-persistent limits to send and why. Pure; the caller sends the orders through the device port and
 * calls again on every meter sample and every inverter reading.
 *
 * Order of the rules: off → no device time → meter silent or in error (fallback) → no meter sample yet → facts
 * unknown → limits above max → total cap → export (cut at once) → import beyond the band on two samples (raise).
 */
import type { ZeroExportConfig } from "@dtu/api/zeroexport";
import {
  ceilingOf,
  commandable,
  expectedOutput,
  factsKnown,
  limitOf,
  sunLimited,
  type Controlled,
} from "./inverters.ts";
import { deadbandOf, lateAfterMs, meterVerdict } from "./meter.ts";
import { share, type Room } from "./plan.ts";
import type { ControllerInput, Decision, LimitOrder, Why, WhyParams } from "./types.ts";

const why = (code: Why["code"], params: WhyParams = {}): Why => ({ code, params });

/** The inverters taking part, paired with their settings (an inverter the device does not list is skipped). */
export function controlledOf(input: ControllerInput): Controlled[] {
  return input.settings.inverters.flatMap((cfg) => {
    const inv = input.inverters.find((i) => i.serial.toLowerCase() === cfg.serial.toLowerCase());
    return cfg.enabled && inv ? [{ inv, cfg }] : [];
  });
}

/** The fallback limit of one inverter: the setting, else its minimum; never above its max. */
export const fallbackOf = (settings: ZeroExportConfig, c: Controlled): number =>
  Math.min(settings.fallback_w ?? c.cfg.min_w, ceilingOf(c));

/** Meter silent or in error: every controlled inverter that can take a command goes to its fallback limit. */
export function fallbackOrders(input: ControllerInput, controlled: Controlled[], reason: Why): LimitOrder[] {
  return controlled.flatMap((c) => {
    const to = fallbackOf(input.settings, c);
    // Fail safe outranks the hourly budget and the wait for a response; still one command in flight per inverter.
    if (!c.inv.reachable || c.inv.pending) return [];
    if (c.inv.limit_w !== null && Math.abs(limitOf(c.inv) - to) < 1) return [];
    // Sent and acknowledged already (the live limit follows with the next reading): not again.
    if (c.inv.commanded_w !== null && Math.abs(c.inv.commanded_w - to) < 1) return [];
    return [{ serial: c.inv.serial, from_w: c.inv.limit_w, to_w: to, type: 0 as const, why: reason }];
  });
}

/** Total limit (controlled, as it will be) plus the output of every other inverter (assumed to go on flowing). */
function totalOf(input: ControllerInput, controlled: Controlled[], limits: Map<string, number>): number {
  const mine = new Set(controlled.map((c) => c.inv.serial));
  const others = input.inverters
    .filter((i) => !mine.has(i.serial))
    .reduce((a, i) => a + (i.output_w ?? 0), 0);
  return controlled.reduce((a, c) => a + (limits.get(c.inv.serial) ?? limitOf(c.inv)), others);
}

/** Room to cut a limit (the cap): from the limit down to `min_w`. */
const limitRoom = (c: Controlled): Room => {
  const from = limitOf(c.inv);
  return { serial: c.inv.serial, from_w: from, base_w: from, room_w: Math.max(0, from - c.cfg.min_w) };
};

/** Room to cut the output (export): from the output (at most the limit) down to `min_w`. */
const outputRoom = (c: Controlled): Room => {
  const output = Math.min(c.inv.output_w ?? 0, limitOf(c.inv));
  return {
    serial: c.inv.serial,
    from_w: limitOf(c.inv),
    base_w: output,
    room_w: Math.max(0, output - c.cfg.min_w),
  };
};

/** Room to raise: from the limit up to its max (never its rating). */
const raiseRoom = (c: Controlled): Room => {
  const from = limitOf(c.inv);
  return { serial: c.inv.serial, from_w: from, base_w: from, room_w: Math.max(0, ceilingOf(c) - from) };
};

/**
 * Commands on their way (and those of this decision, `ordered`) once they took effect: cuts will raise the grid by
 * what the outputs lose, raises lower it by what they gain. Judged from the outputs as last read.
 */
function onTheirWay(controlled: Controlled[], ordered: Map<string, number>, now: number) {
  let cuts = 0;
  let raises = 0;
  for (const c of controlled) {
    const output = c.inv.output_w ?? 0;
    const to = ordered.get(c.inv.serial);
    const after = to !== undefined ? Math.min(output, to) : expectedOutput(c.inv, now);
    if (after < output) cuts += output - after;
    else raises += after - output;
  }
  return { cutsOnWay: cuts, raisesOnWay: raises };
}

function control(input: ControllerInput, controlled: Controlled[], band: number): Decision {
  const { now, settings } = input;
  const free = controlled.filter((c) => commandable(c.inv, now));
  const orders: LimitOrder[] = [];
  const ordered = new Map<string, number>();
  const add = (list: LimitOrder[]): void => {
    for (const o of list) {
      orders.push(o);
      ordered.set(o.serial, o.to_w);
    }
  };
  const open = (): Controlled[] => free.filter((c) => !ordered.has(c.inv.serial));

  add(
    free
      .filter((c) => limitOf(c.inv) > ceilingOf(c))
      .map((c) => ({
        serial: c.inv.serial,
        from_w: limitOf(c.inv),
        to_w: ceilingOf(c),
        type: 0 as const,
        why: why("above_max", { max_w: ceilingOf(c) }),
      })),
  );

  const cap = settings.max_total_w;
  const total = totalOf(input, controlled, ordered);
  if (cap !== null && total > cap) {
    add(
      share(
        open().map(limitRoom),
        total - cap,
        -1,
        why("cap_total", { max_total_w: cap, total_w: Math.round(total) }),
      ),
    );
  }

  const samples = input.meter.samples;
  const last = samples.at(-1)?.grid_w ?? 0;
  const prev = samples.at(-2)?.grid_w;
  const { cutsOnWay, raisesOnWay } = onTheirWay(controlled, ordered, now);
  const target = settings.target_w;
  const params = { grid_w: Math.round(last), target_w: target, deadband_w: band };

  if (last < target - band) {
    // The sample shows export: cut at once, less what cuts on their way will take off already.
    const cut = target - (last + cutsOnWay);
    add(share(open().map(outputRoom), cut, -1, why("export", { ...params, cut_w: Math.round(cut) })));
  } else if (prev !== undefined && raisesOnWay < 1) {
    // No second raise while one is on its way: its output is read at other instants than the meter, so what it still
    // adds is not known well enough to raise another inverter for the rest (too much would export). The import that
    // held for two samples, with what cuts on their way will add.
    const held = Math.min(last, prev) + cutsOnWay - target;
    const roomUnderCap = cap === null ? Infinity : cap - totalOf(input, controlled, ordered);
    const missing = Math.min(held, roomUnderCap);
    if (held > band && missing >= 1) {
      const rooms = open()
        .filter((c) => !sunLimited(c.inv))
        .map(raiseRoom);
      add(share(rooms, missing, 1, why("import_excess", { ...params, missing_w: Math.round(missing) })));
    }
  }

  const first = orders[0];
  if (first) return { state: "active", reason: first.why, deadband_w: band, orders };
  const inBand = Math.abs(last - target) <= band;
  const waiting = controlled.some((c) => !commandable(c.inv, now) && c.inv.reachable);
  const code = inBand ? "in_band" : waiting ? "settling" : "nothing_to_change";
  return { state: "active", reason: why(code, params), deadband_w: band, orders };
}

export function decide(input: ControllerInput): Decision {
  const band = deadbandOf(input.settings.deadband_w, input.meter);
  const plain = (state: Decision["state"], reason: Why, orders: LimitOrder[] = []): Decision => ({
    state,
    reason,
    deadband_w: band,
    orders,
  });
  if (!input.settings.enabled) return plain("off", why("off"));
  if (!input.clock_known) return plain("waiting", why("waiting_clock"));
  const controlled = controlledOf(input);
  const verdict = meterVerdict(input.meter, input.now);
  if (verdict === "stale" || verdict === "error") {
    const lastAt = input.meter.samples.at(-1)?.at ?? null;
    const reason =
      verdict === "error"
        ? why("fallback_meter_error", { error: input.meter.error ?? "" })
        : why("fallback_meter_stale", {
            silent_s: lastAt === null ? 0 : Math.round((input.now - lastAt) / 1000),
          });
    return plain("fallback", reason, fallbackOrders(input, controlled, reason));
  }
  if (verdict === "none") return plain("waiting", why("waiting_meter"));
  const lastAt = input.meter.samples.at(-1)?.at ?? input.now;
  if (input.now - lastAt > lateAfterMs(input.meter.interval_ms))
    return plain("active", why("meter_late", { silent_s: Math.round((input.now - lastAt) / 1000) }));
  const unknown = controlled.find((c) => c.inv.reachable && !factsKnown(c.inv));
  if (unknown) return plain("waiting", why("waiting_facts", { serial: unknown.inv.serial }));
  return control(input, controlled, band);
}
