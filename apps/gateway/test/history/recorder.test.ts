/**
 * The recorder with an injected clock (issue 14 Tests): local midnight, both daylight-saving days, a gateway
 * restart mid-day, a device reboot, an inverter restart resetting yield day, a gap of two days and yield-total jumps.
 */
import { afterEach, describe, expect, it } from "vitest";
import { at, dayEnergy, makeHistory, reading, type TestHistory } from "./helpers.ts";

const S = "1164a";
let open: TestHistory[] = [];
function fresh(): TestHistory {
  const t = makeHistory();
  open.push(t);
  return t;
}
afterEach(() => {
  for (const t of open) t.h.close();
  open = [];
});

/** Records one reading per `stepMin` from `from` to `to` (local times of `day`) at constant power. */
function produce(
  t: TestHistory,
  day: string,
  from: string,
  to: string,
  w: number,
  start: { total: number; dayWh: number },
  stepMin = 5,
) {
  let total = start.total;
  let dayWh = start.dayWh;
  for (let ms = at(day, from); ms <= at(day, to); ms += stepMin * 60_000) {
    t.clock.t = ms;
    t.h.recorder.record(ms, [reading(S, w, total, dayWh)]);
    total += (w * stepMin) / 60;
    dayWh += (w * stepMin) / 60;
  }
  return { total: total - (w * stepMin) / 60, dayWh: dayWh - (w * stepMin) / 60 };
}

describe("history recorder", () => {
  it("credits energy from yield-total differences to the local day, split at midnight by yield day", () => {
    const t = fresh();
    // 600 W from 10:00 to 12:00 = 1200 Wh.
    const end = produce(t, "2026-06-10", "10:00", "12:00", 600, { total: 100_000, dayWh: 0 });
    expect(dayEnergy(t.h, "2026-06-10")).toBe(1200);
    // Last reading 23:50 on the 10th (+100 Wh unseen before midnight), next at 00:10 with yield day 40 Wh.
    t.h.recorder.record(at("2026-06-10", "23:50"), [reading(S, 0, end.total, end.dayWh)]);
    t.h.recorder.record(at("2026-06-11", "00:10"), [reading(S, 0, end.total + 140, 40)]);
    expect(dayEnergy(t.h, "2026-06-10")).toBe(1300);
    expect(dayEnergy(t.h, "2026-06-11")).toBe(40);
    // The string series follows the same rule; the fleet total equals the single inverter.
    expect(t.h.queries.energy("2026-06-10", "2026-06-11", "day", null).rows.map((r) => r.total)).toEqual([
      1300, 40,
    ]);
  });

  it("has 276 slots on the 23-hour day and 300 on the 25-hour day, energy complete on both", () => {
    const t = fresh();
    for (const [day, slots] of [
      ["2026-03-29", 276],
      ["2026-10-25", 300],
    ] as const) {
      const p0 = t.h.queries.power(day, null);
      expect(p0.total).toHaveLength(slots);
      expect(p0.total.every(([, w]) => w === null)).toBe(true);
      // Produce through the whole day (including the skipped or repeated hour) at 120 W.
      const start = { total: 200_000 + (slots === 300 ? 10_000 : 0), dayWh: 0 };
      let ms = at(day, "00:00");
      let total = start.total;
      const end = at(day, "00:00") + slots * 300_000;
      for (; ms < end; ms += 300_000) {
        t.h.recorder.record(ms, [reading(S, 120, total, null)]);
        total += 10;
      }
      const p = t.h.queries.power(day, null);
      expect(p.total.filter(([, w]) => w === 120)).toHaveLength(slots);
      expect(dayEnergy(t.h, day)).toBe((slots - 1) * 10);
    }
  });

  it("continues after a gateway restart mid-day without double counting", () => {
    let t = fresh();
    const end = produce(t, "2026-06-10", "10:00", "11:00", 600, { total: 50_000, dayWh: 0 });
    t = t.reopen();
    open.push(t);
    produce(t, "2026-06-10", "13:00", "14:00", 600, { total: end.total + 1200, dayWh: end.dayWh + 1200 });
    // 600 Wh + the 1200 Wh produced while the gateway was away (same day) + 600 Wh.
    expect(dayEnergy(t.h, "2026-06-10")).toBe(2400);
    // The time the gateway was away is a gap in the curve, not 0 W.
    const p = t.h.queries.power("2026-06-10", null);
    const noon = p.total.find(([s]) => s * 1000 === at("2026-06-10", "12:00"));
    expect(noon?.[1]).toBeNull();
  });

  it("ignores the zero totals of a device reboot and an inverter restart resetting yield day", () => {
    const t = fresh();
    const a = produce(t, "2026-06-10", "10:00", "11:00", 600, { total: 70_000, dayWh: 0 });
    // Device reboot: the inverter reads as reachable with empty counters before the first poll.
    t.h.recorder.record(at("2026-06-10", "11:05"), [reading(S, 0, 0, 0)]);
    // Inverter restart: yield day back to 0, the total keeps counting.
    produce(t, "2026-06-10", "11:10", "12:10", 600, { total: a.total + 100, dayWh: 0 });
    expect(dayEnergy(t.h, "2026-06-10")).toBe(600 + 100 + 600);
  });

  it("credits nothing to days nobody saw after a two-day gap", () => {
    const t = fresh();
    const end = produce(t, "2026-06-10", "10:00", "11:00", 600, { total: 80_000, dayWh: 0 });
    // Two days later: the total grew by 9000 Wh, of which 500 Wh today (yield day).
    t.h.recorder.record(at("2026-06-13", "09:00"), [reading(S, 300, end.total + 9000, 500)]);
    const rows = t.h.queries.energy("2026-06-10", "2026-06-13", "day", null).rows;
    expect(rows.map((r) => [r.period, r.inverters[S]])).toEqual([
      ["2026-06-10", 600],
      ["2026-06-13", 500],
    ]);
  });

  it("takes a yield-total jump (inverter swapped) as a new base: no negative, no invented energy", () => {
    const t = fresh();
    const end = produce(t, "2026-06-10", "10:00", "11:00", 600, { total: 90_000, dayWh: 0 });
    // Swapped for a used inverter with a lower total, later one with a far higher total.
    produce(t, "2026-06-10", "11:05", "11:35", 600, { total: 5_000, dayWh: 0 });
    produce(t, "2026-06-10", "11:40", "12:10", 600, { total: 900_000, dayWh: 0 });
    expect(dayEnergy(t.h, "2026-06-10")).toBe(600 + 300 + 300);
    expect(end.total).toBeGreaterThan(5_000);
    // Peak of the day and of the fleet.
    const p = t.h.queries.power("2026-06-10", null);
    expect(p.peak_w).toBe(600);
    expect(p.energy_wh).toBe(1200);
  });

  it("narrows the day curve to one inverter with its strings", () => {
    const t = fresh();
    produce(t, "2026-06-10", "10:00", "10:30", 400, { total: 10_000, dayWh: 0 });
    t.h.recorder.record(at("2026-06-10", "10:35"), [{ ...reading("1164b", 100, 20_000, 0), name: "Other" }]);
    const all = t.h.queries.power("2026-06-10", null);
    expect(all.series.map((s) => s.serial)).toEqual([S, "1164b"]);
    const one = t.h.queries.power("2026-06-10", S);
    expect(one.series.map((s) => [s.name, s.channel])).toEqual([
      [`Inverter ${S}`, undefined],
      [`Inverter ${S} / East`, 0],
    ]);
    const slot = one.series[1]?.points.find(([s]) => s * 1000 === at("2026-06-10", "10:00"));
    expect(slot?.[1]).toBe(400);
  });
});
