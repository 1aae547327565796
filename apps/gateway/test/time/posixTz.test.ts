import { describe, expect, it } from "vitest";
import {
  isDst,
  localToUnix,
  nameAt,
  offsetAt,
  parsePosixTz,
  transitionsOf,
  TzParseError,
} from "../../src/time/posixTz.ts";

const s = (iso: string): number => Date.parse(iso) / 1000;

describe("parsePosixTz", () => {
  it("reads Europe/Berlin", () => {
    const tz = parsePosixTz("CET-1CEST,M3.5.0,M10.5.0/3");
    expect(tz.stdName).toBe("CET");
    expect(tz.stdOffset).toBe(3600);
    expect(tz.dst?.name).toBe("CEST");
    expect(tz.dst?.offset).toBe(7200);
    expect(tz.dst?.start).toEqual({ date: { kind: "M", month: 3, week: 5, weekday: 0 }, time: 7200 });
    expect(tz.dst?.end).toEqual({ date: { kind: "M", month: 10, week: 5, weekday: 0 }, time: 10800 });
  });

  it("reads UTC0 and quoted names with minutes", () => {
    expect(parsePosixTz("UTC0")).toEqual({ stdName: "UTC", stdOffset: 0, dst: null });
    expect(parsePosixTz("<+0545>-5:45")).toEqual({
      stdName: "+0545",
      stdOffset: 5 * 3600 + 45 * 60,
      dst: null,
    });
    expect(parsePosixTz("<-03>3").stdOffset).toBe(-3 * 3600);
    expect(parsePosixTz("IST-5:30").stdOffset).toBe(5.5 * 3600);
  });

  it("reads explicit dst offsets, Jn and n dates and extended times", () => {
    const tz = parsePosixTz("<+0330>-3:30<+0430>-4:30,J79/24,J263/24");
    expect(tz.dst?.offset).toBe(4.5 * 3600);
    expect(tz.dst?.start).toEqual({ date: { kind: "J", day: 79 }, time: 86400 });
    expect(parsePosixTz("XXX3YYY,0/0,365/25").dst?.end).toEqual({
      date: { kind: "n", day: 365 },
      time: 25 * 3600,
    });
    expect(parsePosixTz("<-02>2<-01>,M3.5.0/-1,M10.5.0/0").dst?.start.time).toBe(-3600);
    expect(parsePosixTz("IST-2IDT,M3.4.4/26,M10.5.0").dst?.start.time).toBe(26 * 3600);
  });

  it("defaults to the US rule when only a dst name is given", () => {
    const tz = parsePosixTz("EST5EDT");
    expect(tz.dst?.offset).toBe(-4 * 3600);
    expect(transitionsOf(tz, 2024)).toEqual({
      start: s("2024-03-10T07:00:00Z"),
      end: s("2024-11-03T06:00:00Z"),
    });
  });

  it.each([
    "",
    "C-1",
    "CET",
    "CET-1CEST,M3.5.0",
    "CET-1CEST,M13.5.0,M10.5.0",
    "CET-1x",
    "<+1>-1",
    "CET-1CEST,M3.6.0,M10.5.0",
  ])("rejects %j", (rule) => {
    expect(() => parsePosixTz(rule)).toThrow(TzParseError);
  });
});

describe("evaluation", () => {
  it("Europe/Berlin switches on the last Sundays of March and October", () => {
    const tz = parsePosixTz("CET-1CEST,M3.5.0,M10.5.0/3");
    expect(transitionsOf(tz, 2024)).toEqual({
      start: s("2024-03-31T01:00:00Z"),
      end: s("2024-10-27T01:00:00Z"),
    });
    expect(offsetAt(tz, s("2024-03-31T00:59:59Z"))).toBe(3600);
    expect(offsetAt(tz, s("2024-03-31T01:00:00Z"))).toBe(7200);
    expect(offsetAt(tz, s("2024-10-27T00:59:59Z"))).toBe(7200);
    expect(offsetAt(tz, s("2024-10-27T01:00:00Z"))).toBe(3600);
    expect(nameAt(tz, s("2024-06-01T12:00:00Z"))).toBe("CEST");
    expect(nameAt(tz, s("2024-12-01T12:00:00Z"))).toBe("CET");
    // 2026: March 29 and October 25.
    expect(transitionsOf(tz, 2026)).toEqual({
      start: s("2026-03-29T01:00:00Z"),
      end: s("2026-10-25T01:00:00Z"),
    });
  });

  it("southern hemisphere (Sydney) has daylight time across the new year", () => {
    const tz = parsePosixTz("AEST-10AEDT,M10.1.0,M4.1.0/3");
    expect(transitionsOf(tz, 2024)).toEqual({
      start: s("2024-10-05T16:00:00Z"),
      end: s("2024-04-06T16:00:00Z"),
    });
    expect(isDst(tz, s("2024-01-15T00:00:00Z"))).toBe(true);
    expect(isDst(tz, s("2024-06-15T00:00:00Z"))).toBe(false);
    expect(isDst(tz, s("2024-12-31T23:00:00Z"))).toBe(true);
    expect(offsetAt(tz, s("2024-04-06T15:59:59Z"))).toBe(11 * 3600);
    expect(offsetAt(tz, s("2024-04-06T16:00:00Z"))).toBe(10 * 3600);
  });

  it("Jn never counts February 29, n does", () => {
    const j = parsePosixTz("AAA0BBB,J60/0,J300/0");
    expect(transitionsOf(j, 2024)?.start).toBe(s("2024-03-01T00:00:00Z"));
    const n = parsePosixTz("AAA0BBB,59/0,300/0");
    expect(transitionsOf(n, 2024)?.start).toBe(s("2024-02-29T00:00:00Z"));
  });

  it("fixed zones have one offset", () => {
    expect(offsetAt(parsePosixTz("UTC0"), s("2024-06-01T00:00:00Z"))).toBe(0);
    expect(offsetAt(parsePosixTz("<+0545>-5:45"), s("2024-06-01T00:00:00Z"))).toBe(20700);
  });

  it("local → instant resolves repeated and skipped hours like mktime", () => {
    const tz = parsePosixTz("CET-1CEST,M3.5.0,M10.5.0/3");
    expect(localToUnix(tz, s("2024-06-02T14:03:07Z"))).toBe(s("2024-06-02T12:03:07Z"));
    expect(localToUnix(tz, s("2024-01-02T14:00:00Z"))).toBe(s("2024-01-02T13:00:00Z"));
    // 02:30 on 27 Oct happens twice: the first (CEST) wins.
    expect(localToUnix(tz, s("2024-10-27T02:30:00Z"))).toBe(s("2024-10-27T00:30:00Z"));
    // 02:30 on 31 Mar does not exist: read with CET, i.e. 03:30 CEST.
    expect(localToUnix(tz, s("2024-03-31T02:30:00Z"))).toBe(s("2024-03-31T01:30:00Z"));
  });
});
