import { describe, expect, it } from "vitest";
import { createDeviceClock } from "../../src/time/index.ts";

function fakeClock(iso: string): { now(): number; advance(ms: number): void } {
  let t = Date.parse(iso);
  return { now: () => t, advance: (ms) => void (t += ms) };
}

const BERLIN = "CET-1CEST,M3.5.0,M10.5.0/3";

describe("device clock", () => {
  it("starts from the host clock, synced, and formats in the zone", () => {
    const host = fakeClock("2024-06-02T12:03:07.250Z");
    const clock = createDeviceClock({ clock: host, timezone: BERLIN });
    expect(clock.synced()).toBe(true);
    expect(clock.now()).toBe(host.now());
    expect(clock.formatLocal()).toBe("Sunday, June 02 2024 14:03:07");
    expect(clock.localParts()).toEqual({ year: 2024, month: 6, day: 2, hour: 14, minute: 3, second: 7 });
    expect(clock.utcOffsetSeconds()).toBe(7200);
    expect(clock.formatLocal(Date.parse("2024-01-05T08:09:10Z"))).toBe("Friday, January 05 2024 09:09:10");
  });

  it("setLocal interprets parts in the configured zone and keeps running", () => {
    const host = fakeClock("2024-06-02T12:00:00.400Z");
    const clock = createDeviceClock({ clock: host, timezone: BERLIN });
    clock.setLocal({ year: 2025, month: 12, day: 24, hour: 18, minute: 30, second: 5 });
    expect(new Date(clock.now()).toISOString()).toBe("2025-12-24T17:30:05.400Z");
    host.advance(2000);
    expect(clock.formatLocal()).toBe("Wednesday, December 24 2025 18:30:07");
  });

  it("changing the zone changes local time, not the instant", () => {
    const host = fakeClock("2024-06-02T12:00:00Z");
    const clock = createDeviceClock({ clock: host, timezone: BERLIN });
    clock.setTimezone("<+0545>-5:45");
    expect(clock.now()).toBe(host.now());
    expect(clock.localParts().hour).toBe(17);
    expect(clock.localParts().minute).toBe(45);
    clock.setTimezone("UTC0");
    expect(clock.utcOffsetSeconds()).toBe(0);
    // An unparsable rule behaves as UTC rather than throwing.
    clock.setTimezone("not a zone");
    expect(clock.utcOffsetSeconds()).toBe(0);
  });

  it("a clock before 2017 is not synced (1970 after boot without NTP)", () => {
    const clock = createDeviceClock({ clock: fakeClock("1970-01-01T00:00:42Z"), timezone: "UTC0" });
    expect(clock.synced()).toBe(false);
    expect(clock.formatLocal()).toBe("Thursday, January 01 1970 00:00:42");
  });
});
