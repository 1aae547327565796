/**
 * A device's last readings for the overview (multi/lastRead.ts): each inverter's lifetime yield, its yield today
 * only from a reading of the device's local today, read again at most once a minute.
 */
import { afterEach, describe, expect, it } from "vitest";
import { lastReadings } from "../../src/multi/lastRead.ts";
import { localDay } from "../../src/port/place.ts";
import type { PosixTz } from "../../src/time/posixTz.ts";
import { at, makeHistory, reading, type TestHistory } from "../history/helpers.ts";

let t: TestHistory | null = null;
afterEach(() => t?.h.close());

describe("last readings for the overview", () => {
  it("keep the yield today only from today (the device's zone), the lifetime yield always", () => {
    t = makeHistory();
    const { h, clock } = t;
    h.recorder.record(at("2026-11-25", "16:45"), [reading("1164A", 3.1, 912_446, 1874)]);
    h.recorder.record(at("2026-11-26", "08:10"), [reading("1164b", 20, 5_000, 40)]);
    // 00:30 local on the 26th is still the 25th in UTC: "today" is the device's local day.
    clock.t = at("2026-11-26", "00:30");
    let host = 0;
    // The device's port tells the day: its zone on its clock.
    const place = { zone: () => h.zone(), today: () => localDay(h.zone(), clock.t) };
    const read = lastReadings({ current: () => h }, place, () => host);
    expect(Object.fromEntries(read())).toEqual({
      "1164a": { t: at("2026-11-25", "16:45") / 1000, yield_total_wh: 912_446, yield_day_wh: null },
      "1164b": { t: at("2026-11-26", "08:10") / 1000, yield_total_wh: 5_000, yield_day_wh: 40 },
    });
    // A newer reading shows after the minute's cache, not before.
    h.recorder.record(at("2026-11-26", "08:20"), [reading("1164b", 25, 5_010, 50)]);
    host += 59_000;
    expect(read().get("1164b")?.yield_total_wh).toBe(5_000);
    host += 1_000;
    expect(read().get("1164b")).toEqual({
      t: at("2026-11-26", "08:20") / 1000,
      yield_total_wh: 5_010,
      yield_day_wh: 50,
    });
  });

  it("have no yield today while the device's zone is not known", () => {
    t = makeHistory();
    const { h, clock } = t;
    h.recorder.record(at("2026-11-26", "08:10"), [reading("1164b", 20, 5_000, 40)]);
    clock.t = at("2026-11-26", "09:00");
    const unknown = { zone: (): PosixTz | null => null, today: (): string | null => null };
    expect(lastReadings({ current: () => h }, unknown)().get("1164b")).toMatchObject({
      yield_total_wh: 5_000,
      yield_day_wh: null,
    });
  });

  it("are none without history, or while it cannot be opened", () => {
    const place = { zone: () => null, today: () => null };
    expect(lastReadings(null, place)().size).toBe(0);
    expect(lastReadings({ current: () => null }, place)().size).toBe(0);
  });
});
