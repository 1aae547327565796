import { describe, expect, it } from "vitest";
import { applyDocument, emptyState } from "./merge";
import { inverterStatus, sunFacts, wakeAt, type DeviceFacts } from "./state";
import { doc, inverter, summary } from "./testData";
import type { LiveInverter } from "@dtu/api/live";

const f = (v: number, u: string, d: number) => ({ v, u, d });
/** The entry of `inv` received at local time `at` (ms). */
const entry = (inv: LiveInverter, at = 10_000) =>
  applyDocument(emptyState, doc([inv]), at).inverters[inv.serial];
const dark = { "0": { name: { u: "" }, Power: f(0, "W", 1), Voltage: f(0.4, "V", 1) } };
const lit = { "0": { name: { u: "" }, Power: f(0, "W", 1), Voltage: f(31, "V", 1) } };
const H = 3_600_000;
/** Local 10 s lies 6 h after the device's sunrise of a 4-hour day: night. */
const night = { rise: 10_000 - 6 * H, day: 4 * H };
const yieldTotal = { "0": { Power: f(0, "W", 1), YieldTotal: f(912.4, "kWh", 3) } };

describe("inverterStatus (issue 13 item 1)", () => {
  it("names every state", () => {
    const at = 10_000;
    const st = (over: Partial<LiveInverter>) => inverterStatus(entry(inverter("A", over), at), at);
    expect(st({})).toMatchObject({ state: "producing", stale: false });
    expect(st({ producing: false, DC: dark, AC: yieldTotal })).toMatchObject({ state: "idle", why: "dark" });
    expect(st({ producing: false, DC: lit, AC: yieldTotal })).toMatchObject({
      state: "idle",
      why: undefined,
    });
    expect(st({ producing: false, limit_relative: 0, AC: yieldTotal })).toMatchObject({
      state: "idle",
      why: "limit0",
    });
    expect(st({ reachable: false, producing: false })).toMatchObject({ state: "lost", stale: true });
    expect(st({ poll_enabled: false, reachable: false, producing: false })).toMatchObject({
      state: "off",
      why: undefined,
    });
    expect(inverterStatus(undefined, at)).toMatchObject({ state: "unknown" });
  });

  it("not read since the DTU started: data age = uptime; unread while reachable, then lost with that reason", () => {
    const at = 100_000;
    const boot = { bootAt: 40_000 }; // from /api/system/status uptime 60 s, asked at local 100 s
    const st = (over: Partial<LiveInverter>, facts: DeviceFacts = boot) =>
      inverterStatus(entry(inverter("A", over), at), at, facts);
    const never = { producing: false, limit_relative: 0, data_age: 60 };
    expect(st(never)).toMatchObject({ state: "unread", why: undefined, stale: true });
    expect(st({ ...never, data_age: 59 })).toMatchObject({ state: "unread" }); // whole seconds, latency
    expect(st({ ...never, reachable: false })).toMatchObject({ state: "lost", why: "never" });
    // Read 5 s after the start: a real (if old) contact, whatever the values.
    expect(st({ ...never, data_age: 55 })).toMatchObject({ state: "idle", why: "limit0" });
    expect(st({ ...never, data_age: 55, reachable: false })).toMatchObject({ state: "lost", why: undefined });
    // Without the uptime nothing is taken for "not read yet".
    expect(st(never, {})).toMatchObject({ state: "idle" });
  });

  it("polling off says why when the device's day or night is known", () => {
    const off = inverter("A", { poll_enabled: false, reachable: false, producing: false });
    expect(inverterStatus(entry(off), 10_000, { sun: night }).why).toBe("night");
    expect(inverterStatus(entry(off), 10_000, { sun: { rise: 0, day: 12 * H } }).why).toBe("setting");
    // Without sun data the device's day period is always on (API.md §4.8).
    expect(inverterStatus(entry(off), 10_000, { sun: null }).why).toBe("setting");
    expect(inverterStatus(entry(off), 10_000).why).toBe(undefined);
    // Night does not explain anything for an inverter that is polled.
    expect(inverterStatus(entry(inverter("A")), 10_000, { sun: night })).toMatchObject({
      state: "producing",
      why: undefined,
    });
  });

  it("older firmware without poll_enabled polls: a producing inverter is producing, not off", () => {
    const { poll_enabled: _p, ...old } = inverter("A");
    expect(inverterStatus(entry(old as LiveInverter), 10_000).state).toBe("producing");
  });

  it("a summary without DC gives no reason for not producing", () => {
    expect(inverterStatus(entry(summary("A", { producing: false })), 10_000)).toMatchObject({
      state: "idle",
      why: undefined,
    });
  });

  it("last contact = receipt − data age; values turn stale with age on the injected clock", () => {
    const e = entry(inverter("A", { reachable: false, producing: false, data_age: 90 }), 100_000);
    expect(inverterStatus(e, 100_000).seen).toBe(10_000);
    const fresh = entry(inverter("A", { data_age: 10 }), 100_000);
    expect(inverterStatus(fresh, 100_000).stale).toBe(false);
    expect(inverterStatus(fresh, 100_000 + 290_000).stale).toBe(false);
    expect(inverterStatus(fresh, 100_000 + 292_000).stale).toBe(true);
  });

  it("transitions: unread → producing → lost → producing → off as documents arrive", () => {
    // Device started at local 0, documents 5 s apart: the first one's data age (5 s at 5 s) is the uptime.
    const seq: [Partial<LiveInverter>, string][] = [
      [{ producing: false, limit_relative: 0, data_age: 5 }, "unread"],
      [{ data_age: 0 }, "producing"],
      [{ reachable: false, producing: false, data_age: 40 }, "lost"],
      [{ data_age: 0 }, "producing"],
      [{ poll_enabled: false, reachable: false, producing: false }, "off"],
    ];
    let s = emptyState;
    seq.forEach(([over, want], i) => {
      const at = 5000 * (i + 1);
      s = applyDocument(s, doc([inverter("A", over)]), at, true);
      expect(inverterStatus(s.inverters.A, at, { bootAt: 0 }).state).toBe(want);
    });
  });

  describe("asleep or not answering (issue 25 item 3)", () => {
    // Device sunrise 07:00, sunset 16:00 (local hours as ms since a midnight); day 2 starts at 24 h.
    const sun = { rise: 7 * H, day: 9 * H };
    const AC = (w: number) => ({ "0": { Power: f(w, "W", 1), YieldTotal: f(912.4, "kWh", 3) } });
    /** Silent since local `seenH` (hours), asked at `nowH`, last power `w`; `boot` dates the DTU's start. */
    const st = (nowH: number, seenH: number, w = 0, facts: DeviceFacts = { sun }) => {
      const now = nowH * H;
      const inv = inverter("A", {
        reachable: false,
        producing: false,
        AC: AC(w),
        data_age: Math.round((now - seenH * H) / 1000),
      });
      return inverterStatus(entry(inv, now), now, facts);
    };
    it("night: asleep, expected back near sunrise (not the device's dawn), whether read before or never", () => {
      expect(st(25, 15.9)).toMatchObject({
        state: "asleep",
        why: undefined,
        back: wakeAt(sun),
        never: false,
      });
      // The DTU restarted at 00:30 and never heard it: asleep all the same, its values not read.
      expect(st(25, 24.5, 0, { sun, bootAt: 24.5 * H })).toMatchObject({
        state: "asleep",
        why: "never",
        never: true,
      });
    });
    it("by day: not answering, read before or never", () => {
      expect(st(12, 11.5, 300)).toMatchObject({ state: "lost", why: undefined });
      expect(st(12, 11.9, 0, { sun, bootAt: 11.9 * H })).toMatchObject({ state: "lost", why: "never" });
      // Quiet at low power in the middle of the day is a fault too (clouds do not silence an inverter).
      expect(st(12, 11.5, 3)).toMatchObject({ state: "lost" });
    });
    it("twilight: waking within 2 h of the device's sunrise, going to sleep at low power within 2 h of its sunset", () => {
      expect(st(24 + 8, 15.9)).toMatchObject({ state: "asleep" }); // not heard since yesterday
      expect(st(24 + 8, 24 + 7.5)).toMatchObject({ state: "lost" }); // heard this morning, then quiet
      expect(st(24 + 9.5, 15.9)).toMatchObject({ state: "lost" }); // 2.5 h after sunrise: overdue
      expect(st(8, 7.5, 0, { sun, bootAt: 7.5 * H })).toMatchObject({ state: "asleep", never: true });
      expect(st(15, 14.9, 3)).toMatchObject({ state: "asleep" });
      expect(st(15, 14.9, 250)).toMatchObject({ state: "lost" }); // went quiet while producing
    });
    it("without the device's sun (clock not set, none at that sunset type, not asked yet): not answering", () => {
      expect(st(25, 15.9, 0, { sun: null })).toMatchObject({ state: "lost" });
      expect(st(25, 15.9, 0, {})).toMatchObject({ state: "lost" });
    });
    it("places the device's sun on the local clock through its own time (API.md §4.8)", () => {
      const ntp = {
        ntp_server: "",
        ntp_timezone: "",
        ntp_timezone_descr: "",
        ntp_status: true,
        ntp_localtime: "Friday, November 27 2026 23:30:00",
        sun_risetime: "Friday, November 27 2026 07:45:00",
        sun_settime: "Friday, November 27 2026 16:20:00",
        sun_isSunsetAvailable: true,
        sun_isDayPeriod: false,
      };
      expect(sunFacts(ntp, 100 * H)).toEqual({ rise: 100 * H - 15.75 * H, day: 30_900_000 }); // 8 h 35 min
      expect(sunFacts({ ...ntp, sun_risetime: "--", sun_settime: "--" }, 0)).toBeNull();
      expect(sunFacts({ ...ntp, sun_isSunsetAvailable: false }, 0)).toBeNull();
      expect(sunFacts({ ...ntp, ntp_status: false }, 0)).toBeNull();
    });
  });
});

describe("when the inverters wake (issue 34 §8)", () => {
  // The device's nautical dawn and dusk (its default sunset type) and the sunrise at -1° (the simulated inverters'
  // waking), from astronomy-engine (the gateway's sun): Germany at both solstices, Cape Town, Madrid.
  const cases = [
    ["2026-06-21T01:03:18Z", "2026-06-21T21:36:41Z", "2026-06-21T03:01:14Z"],
    ["2026-12-21T05:56:58Z", "2026-12-21T16:35:30Z", "2026-12-21T07:18:22Z"],
    ["2026-03-01T03:38:39Z", "2026-03-01T18:18:01Z", "2026-03-01T04:33:19Z"],
    ["2026-09-15T04:55:53Z", "2026-09-15T19:23:17Z", "2026-09-15T05:54:36Z"],
  ];
  it.each(cases)(
    "dawn %s: within 3 minutes of the sunrise, not an hour or two early",
    (dawn, dusk, sunrise) => {
      const rise = Date.parse(dawn);
      const woke = wakeAt({ rise, day: Date.parse(dusk) - rise });
      expect(Math.abs(woke - Date.parse(sunrise))).toBeLessThan(3 * 60_000);
    },
  );

  it("a day no nautical dawn fits (another sunset type): the device's own time", () => {
    const rise = Date.parse("2026-11-27T07:45:00Z");
    expect(wakeAt({ rise, day: 8.5 * 3_600_000 })).toBe(rise);
  });
});
