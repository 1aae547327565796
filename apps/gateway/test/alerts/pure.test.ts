/**
 * The pure parts on their own: the DTU's rules and the sun without a known location (proxy mode), what the device's
 * sunrise/sunset strings give, how "usual" string shares are learned (how many days it needs, east and west strings
 * each their own), and the event-log decisions.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { describe, expect, it, vi } from "vitest";
import { defaultAlertConfig } from "../../src/alerts/config.ts";
import { decideEvents } from "../../src/alerts/events.ts";
import { dayMarginOf, minuteOf } from "../../src/alerts/source.ts";
import { observe, type Usual } from "../../src/alerts/rules.ts";
import type { SourceInverter, SourceSnapshot } from "../../src/alerts/source.ts";
import { openSqlStore, keepAlertStore, type SqlAlertStore } from "../../src/alerts/store.ts";
import { createTrackerState, step } from "../../src/alerts/tracker.ts";
import { bucketOf, learnFrom, learningOf, learnShares, MIN_DAYS } from "../../src/alerts/usual.ts";

const nothing: Usual = { share: () => null, peak: () => null };

function snapshot(patch: Partial<SourceSnapshot> = {}): SourceSnapshot {
  return {
    now: Date.parse("2024-06-15T10:00:00Z"),
    dtuName: "dtu",
    dtuSerial: "1",
    localDay: "2024-06-15",
    localTime: "12:00",
    inverters: [],
    dtuReachable: true,
    clockUnsynced: false,
    radioProblem: false,
    elevation: null,
    dayMargin: null,
    ...patch,
  };
}

const inverter = (patch: Partial<SourceInverter> = {}): SourceInverter => ({
  serial: "114182123456",
  name: "Roof",
  pollEnabled: true,
  reachable: false,
  producing: false,
  power: 0,
  strings: [0, 0],
  events: 0,
  limitStatus: "Ok",
  powerStatus: "Ok",
  limitRelative: 100,
  yieldDayWh: 0,
  ...patch,
});

const rules = defaultAlertConfig().rules;
const badOf = (snap: SourceSnapshot, kind: string) =>
  observe(snap, rules, nothing).find((o) => o.kind === kind)?.bad;

describe("the DTU's own rules", () => {
  it("not answering only in proxy mode; the hints are not judged while the device is away", () => {
    expect(badOf(snapshot({ dtuReachable: null }), "dtu_silent")).toBeUndefined();
    expect(badOf(snapshot({ dtuReachable: false }), "dtu_silent")).toBe(true);
    expect(badOf(snapshot({ radioProblem: true }), "radio")).toBe(true);
    expect(badOf(snapshot({ clockUnsynced: true }), "clock")).toBe(true);
    expect(badOf(snapshot({ clockUnsynced: true, dtuReachable: false }), "clock")).toBeNull();
    const clock = observe(snapshot({ clockUnsynced: true }), rules, nothing).find((o) => o.kind === "clock");
    expect(clock?.raiseAfterMs).toBe(60 * 60_000); // "for over an hour"
  });
});

describe("the sun without a known location (proxy without the admin password)", () => {
  it("reads the device's sunrise and sunset; sun up from 90 minutes after sunrise", () => {
    expect(minuteOf("Saturday, June 15 2024 05:10:00")).toBe(310);
    expect(minuteOf("--")).toBeNull();
    const status = { sun_risetime: "Sat, June 15 2024 05:00:00", sun_settime: "Sat, June 15 2024 21:30:00" };
    expect(dayMarginOf(status, 6 * 60)).toBe(60);
    expect(dayMarginOf(status, 23 * 60)).toBe(-90);
    expect(dayMarginOf({ ...status, sun_isSunsetAvailable: false }, 600)).toBeNull();
    const silent = (dayMargin: number | null) =>
      badOf(snapshot({ dayMargin, inverters: [inverter()] }), "inverter_silent");
    expect(silent(60)).toBeNull(); // the device's day has begun, the inverters may still sleep
    expect(silent(120)).toBe(true);
    expect(silent(-30)).toBeNull();
    expect(silent(null)).toBeNull();
  });
});

describe("usual string shares", () => {
  /** One day of 5-minute rows: an east string strong in the morning, a west string in the afternoon. */
  function day(d: number, scale = 1) {
    const rows = [];
    for (let slot = 0; slot < 288; slot++) {
      const hour = slot / 12;
      if (hour < 4 || hour > 18) continue;
      const east = Math.max(0, 300 * Math.sin(((hour - 4) / 10) * Math.PI)) * scale;
      const west = Math.max(0, 300 * Math.sin(((hour - 8) / 10) * Math.PI)) * scale;
      const bucket = Math.floor(slot / 6);
      rows.push(
        { serial: "a", ch: 0, day: d, bucket, p: east },
        { serial: "a", ch: 1, day: d, bucket, p: west },
      );
    }
    return rows;
  }
  const at = (hour: number) => Date.UTC(1970, 0, 3, hour);

  it(`needs ${MIN_DAYS} days; then each string has its own share at each time of day`, () => {
    expect(learnShares([...day(0), ...day(1)]).size).toBe(0);
    const shares = learnShares([...day(0), ...day(1), ...day(2, 0.3)]); // a cloudy day among them
    const share = (ch: number, hour: number) => shares.get(`a:${ch}:${bucketOf(at(hour))}`) ?? NaN;
    expect(share(0, 7)).toBeGreaterThan(0.8);
    expect(share(1, 16)).toBeGreaterThan(0.8);
    expect(share(0, 12) + share(1, 12)).toBeCloseTo(1, 5);
  });

  it("says how far the learning got: days that taught a share, until the shares are known", () => {
    const dark = day(1, 0.01); // too little power to teach anything
    expect(learnFrom([...day(0), ...dark]).days).toBe(1);
    const two = learnFrom([...day(0), ...day(2)]);
    expect(learningOf({ ...two, peak: null, since: 5 })).toEqual({ days: 2, of: MIN_DAYS, since: 5 });
    const three = learnFrom([...day(0), ...day(1), ...day(2)]);
    expect(learningOf({ ...three, peak: null, since: null })).toBeNull();
  });
});

describe("event log and tracker", () => {
  it("new entries once; ignored ids never; an ended entry clears its open alert", () => {
    const rule = { enabled: true, ignore_ids: [1] };
    const log = [
      { id: 1, message: "Inverter start", start: 100, end: 100 },
      { id: 141, message: "Grid", start: 200, end: 0 },
      { id: 12, message: "Drop", start: 300, end: 310 },
    ];
    const first = decideEvents("s", "d", log, rule, () => false, new Set());
    expect(first.raise.map((f) => [f.event.id, f.ended])).toEqual([
      [141, false],
      [12, true],
    ]);
    const keys = new Set(first.raise.map((f) => f.key));
    expect(decideEvents("s", "d", log, rule, (k) => keys.has(k), new Set()).raise).toEqual([]);
    const ended = log.map((e) => (e.id === 141 ? { ...e, end: 400 } : e));
    expect(decideEvents("s", "d", ended, rule, () => true, new Set(["event_log:s:d:141:200"])).clear).toEqual(
      ["event_log:s:d:141:200"],
    );
  });

  it("a break in the condition restarts the count; an open key is never raised again", () => {
    const state = createTrackerState();
    const o = (bad: boolean | null) => ({
      key: "k",
      kind: "radio" as const,
      severity: "warning" as const,
      serial: null,
      name: "dtu",
      channel: null,
      bad,
      raiseAfterMs: 60_000,
      clearAfterMs: 60_000,
      facts: {},
    });
    expect(step(state, [o(true)], new Set(), 0).raise).toHaveLength(0);
    expect(step(state, [o(null)], new Set(), 30_000).raise).toHaveLength(0);
    expect(step(state, [o(true)], new Set(), 60_000).raise).toHaveLength(0);
    // Raised at 120 s, dated from 60 s: the condition holds since the break ended, not since the raise.
    expect(step(state, [o(true)], new Set(), 120_000).raise).toEqual([{ ...o(true), since: 60_000 }]);
    expect(step(state, [o(true)], new Set(["k"]), 300_000).raise).toHaveLength(0);
    expect(step(state, [o(false)], new Set(["k"]), 310_000).clear).toEqual([]);
    expect(step(state, [o(false)], new Set(["k"]), 370_000).clear).toEqual(["k"]);
    expect(step(state, [], new Set(["gone"]), 400_000)).toMatchObject({ clear: [], drop: ["gone"] });
  });
});

describe("store", () => {
  it("history.db failing during a run: alerts go on in memory with the open ones, and say so", () => {
    const dir = mkdtempSync(join(tmpdir(), "dtu-alert-store-"));
    const lines: string[] = [];
    try {
      const sql = openSqlStore(join(dir, "history.db"));
      let full = false;
      const primary: SqlAlertStore = {
        ...sql,
        insert: (a) => {
          if (full) throw new Error("database or disk is full");
          return sql.insert(a);
        },
      };
      const store = keepAlertStore(
        join(dir, "history.db"),
        () => primary,
        (l) => lines.push(l),
      );
      const base = { serial: null, name: "dtu", channel: null, detail: "", severity: "warning" as const };
      const first = store.insert({ ...base, key: "radio", kind: "radio", title: "radio", started: 100 });
      expect(store.open().map((a) => a.id)).toEqual([first.id]);
      expect(store.storage).toBe("database");
      full = true;
      const second = store.insert({ ...base, key: "clock", kind: "clock", title: "clock", started: 200 });
      expect(store.storage).toBe("memory");
      expect(store.problem?.message).toMatch(/history\.db failed \(the disk is full\).*kept in memory/);
      expect(store.problem?.coded).toEqual({
        code: "db_failed",
        params: { reason: expect.stringMatching(/disk is full/) },
      });
      expect(lines).toHaveLength(1);
      expect(second.id).toBeGreaterThan(first.id);
      expect(store.open().map((a) => a.key)).toEqual(["radio", "clock"]);
      store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a table of an older gateway gains the facts column; its alerts keep their words and have no facts", () => {
    const dir = mkdtempSync(join(tmpdir(), "dtu-alert-store-"));
    try {
      const file = join(dir, "history.db");
      const old = new Database(file);
      old.exec(`CREATE TABLE alerts(id INTEGER PRIMARY KEY, key TEXT NOT NULL, kind TEXT NOT NULL,
        severity TEXT NOT NULL, serial TEXT, name TEXT NOT NULL, channel INTEGER, title TEXT NOT NULL,
        detail TEXT NOT NULL, started INTEGER NOT NULL, cleared INTEGER, acknowledged INTEGER NOT NULL DEFAULT 0,
        deliveries TEXT NOT NULL DEFAULT '[]')`);
      old.exec(`INSERT INTO alerts(key, kind, severity, name, title, detail, started)
        VALUES ('radio', 'radio', 'warning', 'dtu', 'dtu (DTU): Funkproblem', '', 100)`);
      old.close();
      const store = openSqlStore(file);
      const facts = { minutes: 30 };
      const base = { serial: null, name: "dtu", channel: null, detail: "", severity: "warning" as const };
      store.insert({ ...base, key: "clock", kind: "clock", title: "clock", started: 200, facts });
      const [older, newer] = store.open();
      expect(older).not.toHaveProperty("facts");
      expect(older?.title).toBe("dtu (DTU): Funkproblem");
      expect(newer?.facts).toEqual(facts);
      store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("store back into the table", () => {
  it("moves what was gathered in memory, with its state, once the file can be written; old ids still work", () => {
    const dir = mkdtempSync(join(tmpdir(), "dtu-alert-store-"));
    const file = join(dir, "history.db");
    const lines: string[] = [];
    let full = false;
    const open = (): SqlAlertStore => {
      const sql = openSqlStore(file);
      return {
        ...sql,
        insert: (a) => {
          if (full) throw new Error("database or disk is full");
          return sql.insert(a);
        },
      };
    };
    const base = { serial: null, name: "dtu", channel: null, detail: "", severity: "warning" as const };
    const store = keepAlertStore(file, open, (l) => lines.push(l), { retryMs: 3_600_000 });
    try {
      const radio = store.insert({ ...base, key: "radio", kind: "radio", title: "radio", started: 100 });
      store.clear(radio.id, 150);
      const clock = store.insert({ ...base, key: "clock", kind: "clock", title: "clock", started: 200 });
      store.open();
      full = true;
      const silent = store.insert({
        ...base,
        key: "dtu_silent",
        kind: "dtu_silent",
        title: "silent",
        started: 250,
      });
      expect(store.storage).toBe("memory");
      // Numbered apart from the table's alerts: id 1 still means the radio alert after the move.
      expect(silent.id).toBeGreaterThan(1_000_000_000);
      store.acknowledge(silent.id);
      store.clear(clock.id, 300);
      store.setMeta("summary_day", "2026-11-28");

      full = false;
      expect(store.retry()).toBe(true);
      expect(store.storage).toBe("database");
      expect(store.problem).toBeNull();
      expect(lines.at(-1)).toBe(
        `Alerts: ${file} can be written again; alerts are stored in it again (2 kept from memory).`,
      );
      expect(store.delivery(silent.id, { channel: "ntfy", ok: true, at: 260, error: null })).toMatchObject({
        title: "silent",
      });
      expect(store.acknowledge(radio.id)).toBe(true);
      const table = openSqlStore(file);
      expect(
        table.list({ openOnly: false }).map((a) => [a.title, a.cleared, a.acknowledged, a.deliveries.length]),
      ).toEqual([
        ["silent", null, true, 1],
        ["clock", 300, false, 0],
        ["radio", 150, true, 0],
      ]);
      expect(table.meta("summary_day")).toBe("2026-11-28");
      table.close();
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("store tried again by itself", () => {
  it("tries the file every 30 s while alerts are in memory, and stops once it is back", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const dir = mkdtempSync(join(tmpdir(), "dtu-alert-store-"));
    const file = join(dir, "history.db");
    let tries = 0;
    let usable = false;
    const open = (): SqlAlertStore => {
      tries++;
      if (!usable) throw new Error("unable to open database file");
      return openSqlStore(file);
    };
    const store = keepAlertStore(file, open, () => undefined);
    try {
      expect([store.storage, tries]).toEqual(["memory", 1]);
      vi.advanceTimersByTime(29_999);
      expect(tries).toBe(1);
      vi.advanceTimersByTime(1);
      expect([store.storage, tries]).toEqual(["memory", 2]);
      usable = true;
      vi.advanceTimersByTime(30_000);
      expect([store.storage, tries]).toEqual(["database", 3]);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      store.close();
      vi.useRealTimers();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("weak string", () => {
  const usual: Usual = { share: () => 0.5, peak: () => 1000 };
  const weak = (limitRelative: number) =>
    observe(
      snapshot({
        elevation: 40,
        inverters: [
          inverter({ reachable: true, producing: true, power: 380, strings: [300, 100], limitRelative }),
        ],
      }),
      rules,
      usual,
    ).find((o) => o.kind === "weak_string" && o.channel === 1)?.bad;

  it("a string at half its usual share is weak; not judged while its inverter is limited", () => {
    expect(weak(100)).toBe(true);
    expect(weak(0)).toBe(true); // 0 = limit not read yet (API.md §3.1)
    expect(weak(50)).toBeNull();
  });
});
