import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EventLog, LimitStatus, LiveData, PowerStatus } from "@dtu/api/live";
import { parseStrict } from "@dtu/api/strict";
import { afterEach, describe, expect, it } from "vitest";
import type { ConfigInverter } from "../../src/config/types.ts";
import type { Fleet } from "../../src/device/contracts.ts";
import { createFleet } from "../../src/fleet/index.ts";
import { seededRandom } from "../../src/fleet/random.ts";
import { clockAt, configWith, slot } from "./helpers.ts";

const HM = "114182123456"; // HM-2CH
const HMS = "116482345678"; // HMS-4CH
const JUNE_NOON = "2024-06-15T11:00:00Z"; // 13:00 CEST
const JUNE_NIGHT = "2024-06-15T23:30:00Z"; // 01:30 CEST
/** Longyearbyen (78° N): midnight sun in June, so the inverters are awake (and answer) at local midnight. */
const MIDNIGHT_SUN = { latitude: 78.22, longitude: 15.65 };

interface Setup {
  fleet: Fleet;
  host: ReturnType<typeof clockAt>["host"];
  clock: ReturnType<typeof clockAt>["clock"];
  lines: string[];
  run(seconds: number, step?: number): void;
}

async function setup(
  at: string,
  inverters: ConfigInverter[] = [slot(HM), slot(HMS)],
  opts: {
    random?: () => number;
    stateFile?: string | null;
    poll?: number;
    zone?: string;
    place?: { latitude: number; longitude: number };
    offline?: string[];
  } = {},
): Promise<Setup> {
  const { host, clock } = clockAt(at, opts.zone);
  const lines: string[] = [];
  const config = configWith(inverters, opts.poll ?? 5);
  Object.assign(config.ntp, opts.place);
  const fleet = await createFleet({
    config,
    ...(opts.offline ? { offline: opts.offline } : {}),
    clock,
    log: (l) => lines.push(l),
    stateFile: opts.stateFile ?? null,
    random: opts.random ?? seededRandom(7),
  });
  const run = (seconds: number, step = 1): void => {
    for (let s = 0; s < seconds; s += step) {
      host.advance(step * 1000);
      fleet.tick();
    }
  };
  return { fleet, host, clock, lines, run };
}

const inv = (live: LiveData, serial: string) => {
  const found = live.inverters.find((i) => i.serial === serial);
  if (!found) throw new Error(`no ${serial}`);
  return found;
};
const acPower = (live: LiveData, serial: string): number => {
  const f = inv(live, serial).AC?.["0"]?.["Power"];
  return f && "v" in f ? f.v : NaN;
};
const acField = (live: LiveData, serial: string, name: string): number => {
  const f = inv(live, serial).AC?.["0"]?.[name];
  return f && "v" in f ? f.v : NaN;
};

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe("live data", () => {
  it("keys in wire order, parses strictly, before and after the first poll", async () => {
    const t = await setup(JUNE_NOON, [
      slot(HM, {
        channel: [{ name: "South", max_power: 400, yield_total_offset: 12.5 }, ...slot("").channel.slice(1)],
      }),
      slot(HMS),
    ]);
    const before = parseStrict(LiveData, t.fleet.liveData());
    const first = inv(before, HM);
    expect(first.limit_absolute).toBe(-1);
    expect(first.limit_relative).toBe(0);
    expect(acPower(before, HM)).toBe(0);
    t.run(12);
    const live = parseStrict(LiveData, t.fleet.liveData());
    expect(Object.keys(live)).toEqual(["inverters", "total", "hints"]);
    const x = inv(live, HM);
    expect(Object.keys(x)).toEqual([
      "serial",
      "name",
      "order",
      "data_age",
      "poll_enabled",
      "reachable",
      "producing",
      "limit_relative",
      "limit_absolute",
      "AC",
      "DC",
      "INV",
      "events",
    ]);
    expect(Object.keys(x.AC?.["0"] ?? {})).toEqual([
      "Power",
      "Voltage",
      "Current",
      "Power DC",
      "YieldDay",
      "YieldTotal",
      "Frequency",
      "PowerFactor",
      "ReactivePower",
      "Efficiency",
    ]);
    expect(Object.keys(x.DC ?? {})).toEqual(["0", "1"]);
    expect(Object.keys(x.DC?.["0"] ?? {})).toEqual([
      "name",
      "Power",
      "Voltage",
      "Current",
      "YieldDay",
      "YieldTotal",
      "Irradiation",
    ]);
    expect(Object.keys(x.DC?.["1"] ?? {})).toEqual([
      "name",
      "Power",
      "Voltage",
      "Current",
      "YieldDay",
      "YieldTotal",
    ]);
    expect(x.DC?.["0"]?.["name"]).toEqual({ u: "South" });
    expect(x.DC?.["0"]?.["Irradiation"]).toMatchObject({ u: "%", d: 3, max: 400 });
    expect(Object.keys(x.INV?.["0"] ?? {})).toEqual(["Temperature"]);
    expect(Object.keys(inv(live, HMS).DC ?? {})).toEqual(["0", "1", "2", "3"]);
    expect(x.limit_relative).toBe(100);
    expect(x.limit_absolute).toBe(800);
    // The offset is part of the string's total.
    const dc0 = x.DC?.["0"]?.["YieldTotal"];
    expect(dc0 && "v" in dc0 ? dc0.v : 0).toBeGreaterThan(12.5);
    expect(Object.keys(live.total)).toEqual(["Power", "YieldDay", "YieldTotal"]);
    expect(live.total.Power.d).toBe(1);
    expect(live.total.YieldTotal.d).toBe(3);
    expect(live.total.Power.v).toBeCloseTo(acPower(live, HM) + acPower(live, HMS), 1);
    expect(live.hints).toEqual({ time_sync: false, radio_problem: false, default_password: true });
  });

  it("unsupported serials are not in live data; no inverters → totals with d 0", async () => {
    const t = await setup(JUNE_NOON, [slot("999912345678")]);
    t.run(10);
    const live = parseStrict(LiveData, t.fleet.liveData());
    expect(live.inverters).toEqual([]);
    expect(live.total).toEqual({
      Power: { v: 0, u: "W", d: 0 },
      YieldDay: { v: 0, u: "Wh", d: 0 },
      YieldTotal: { v: 0, u: "kWh", d: 0 },
    });
    expect(t.fleet.has("999912345678")).toBe(false);
    expect(t.fleet.deviceInfo("999912345678")).toBeNull();
    expect(t.fleet.eventLog("999912345678", "en")).toBeNull();
  });

  it("produces in June daylight at the default place and nothing at night", async () => {
    const day = await setup(JUNE_NOON);
    day.run(12);
    const live = day.fleet.liveData();
    for (const serial of [HM, HMS]) {
      expect(inv(live, serial).producing).toBe(true);
      expect(acPower(live, serial)).toBeGreaterThan(0);
    }
    expect(acPower(live, HM)).toBeLessThanOrEqual(800);
    expect(acField(live, HM, "YieldDay")).toBeGreaterThan(0);
    expect(day.fleet.sun().isDayPeriod).toBe(true);

    const night = await setup(JUNE_NIGHT);
    night.run(12);
    const dark = night.fleet.liveData();
    for (const serial of [HM, HMS]) {
      expect(inv(dark, serial).reachable).toBe(true);
      expect(inv(dark, serial).producing).toBe(false);
      expect(acPower(dark, serial)).toBe(0);
    }
    expect(night.fleet.sun().isDayPeriod).toBe(false);
  });

  it("without a valid clock nothing is polled and the hint says so", async () => {
    const t = await setup("1970-01-01T00:10:00Z");
    t.run(20);
    const live = t.fleet.liveData();
    expect(live.hints.time_sync).toBe(true);
    expect(t.lines.some((l) => l.startsWith("Fetch inverter"))).toBe(false);
    expect(inv(live, HM).data_age).toBe(20);
    expect(t.fleet.statsVersion()).toBe(0);
  });
});

describe("polling", () => {
  it("one inverter per interval, round robin, bumping statsVersion", async () => {
    const t = await setup(JUNE_NOON);
    t.run(5);
    expect(t.lines.filter((l) => l.startsWith("Fetch inverter"))).toEqual([`Fetch inverter: ${HM}`]);
    t.run(5);
    expect(t.lines.filter((l) => l.startsWith("Fetch inverter"))).toEqual([
      `Fetch inverter: ${HM}`,
      `Fetch inverter: ${HMS}`,
    ]);
    expect(t.fleet.statsVersion()).toBe(2);
    expect(t.fleet.lastUpdate(HM)).toBe(Date.parse(JUNE_NOON) + 5000);
    t.run(3);
    expect(inv(t.fleet.liveData(), HM).data_age).toBe(8);
  });

  it("turns unreachable after more than reachable_threshold failed requests", async () => {
    // random() = 0: every request fails.
    const t = await setup(JUNE_NOON, [slot(HM, { reachable_threshold: 2 })], { random: () => 0 });
    t.run(10); // 2 failures
    expect(inv(t.fleet.liveData(), HM).reachable).toBe(true);
    t.run(5); // 3 failures
    const live = t.fleet.liveData();
    expect(inv(live, HM).reachable).toBe(false);
    expect(inv(live, HM).producing).toBe(false);
    expect(inv(live, HM).data_age).toBe(15);
  });

  it("zero_runtime zeroes runtime values of an unreachable inverter", async () => {
    let fail = false;
    const base = seededRandom(3);
    const t = await setup(JUNE_NOON, [slot(HM, { zero_runtime: true, reachable_threshold: 0 })], {
      random: () => (fail ? 0 : Math.max(0.5, base())),
    });
    t.run(5);
    expect(acPower(t.fleet.liveData(), HM)).toBeGreaterThan(0);
    fail = true;
    t.run(5);
    const live = t.fleet.liveData();
    expect(inv(live, HM).reachable).toBe(false);
    expect(acPower(live, HM)).toBe(0);
    expect(acField(live, HM, "Voltage")).toBe(0);
    // Yields are not runtime values.
    expect(acField(live, HM, "YieldTotal")).toBeGreaterThan(0);
  });

  it("poll_enable_night off: not polled at night, data age grows, unreachable; polled again by day", async () => {
    const t = await setup(JUNE_NIGHT, [slot(HM, { poll_enable_night: false })]);
    t.run(30);
    let live = t.fleet.liveData();
    expect(inv(live, HM).poll_enabled).toBe(false);
    expect(inv(live, HM).reachable).toBe(false);
    expect(inv(live, HM).data_age).toBe(30);
    expect(t.lines.some((l) => l.startsWith("Fetch inverter"))).toBe(false);
    // Totals: effective polling for Power (none → d 0), configured poll_enable for yields.
    expect(live.total.Power.d).toBe(0);
    expect(live.total.YieldTotal.d).toBe(3);
    // Morning: 05:00 CEST is after nautical dawn.
    t.host.set("2024-06-16T03:00:00Z");
    t.fleet.tick();
    t.run(10);
    live = t.fleet.liveData();
    expect(inv(live, HM).poll_enabled).toBe(true);
    expect(inv(live, HM).reachable).toBe(true);
    expect(t.lines).toContain(`Fetch inverter: ${HM}`);
  });
});

describe("yields", () => {
  // Under the midnight sun: the inverter answers at midnight, so the DTU shows the inverter's own day change (at
  // night it would keep showing the evening's values, which is what a sleeping inverter leaves behind).
  it("yield day restarts at local midnight, yield total keeps growing", async () => {
    const t = await setup("2024-06-15T19:00:00Z", [slot(HM)], { place: MIDNIGHT_SUN });
    t.run(60, 10);
    const evening = t.fleet.liveData();
    const dayBefore = acField(evening, HM, "YieldDay");
    const totalBefore = acField(evening, HM, "YieldTotal");
    expect(dayBefore).toBeGreaterThan(1000);
    // Run to 00:00:30 CEST (22:00:30 UTC) in 10 s steps.
    t.run(3 * 3600 + 30 - 60, 10);
    const after = t.fleet.liveData();
    expect(acField(after, HM, "YieldDay")).toBe(0);
    expect(acField(after, HM, "YieldTotal")).toBeGreaterThanOrEqual(totalBefore);
  });

  it("local midnight follows the device clock's zone", async () => {
    const t = await setup("2024-06-15T21:00:00Z", [slot(HM)], { zone: "UTC0", place: MIDNIGHT_SUN });
    t.run(3600 + 60, 10); // 22:01 UTC = midnight in Berlin, not here
    expect(acField(t.fleet.liveData(), HM, "YieldDay")).toBeGreaterThan(1000);
    t.run(2 * 3600, 10); // 00:01 UTC
    expect(acField(t.fleet.liveData(), HM, "YieldDay")).toBe(0);
  });

  it("zero_day zeroes the shown yield day at midnight even when not polled", async () => {
    const t = await setup("2024-06-15T19:00:00Z", [
      slot(HM, { poll_enable_night: false, zero_day: true }),
      slot(HMS, { poll_enable_night: false }),
    ]);
    // 21:00 CEST, the sun still above the horizon: both awake and polled once, then night.
    t.run(12);
    expect(acField(t.fleet.liveData(), HM, "YieldDay")).toBeGreaterThan(0);
    t.run(3 * 3600 + 60, 10);
    const live = t.fleet.liveData();
    expect(inv(live, HM).poll_enabled).toBe(false);
    expect(acField(live, HM, "YieldDay")).toBe(0);
    expect(acField(live, HMS, "YieldDay")).toBeGreaterThan(0);
  });

  it("yield total is monotonic over a day and survives a restart through the state file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fleet-"));
    dirs.push(dir);
    const stateFile = join(dir, "sub", "fleet-state.json");
    const t = await setup("2024-06-15T04:00:00Z", [slot(HM)], { stateFile });
    let last = 0;
    for (let i = 0; i < 48; i++) {
      t.run(600, 30);
      const total = acField(t.fleet.liveData(), HM, "YieldTotal");
      expect(total).toBeGreaterThanOrEqual(last);
      last = total;
    }
    await t.fleet.persist();
    const saved = JSON.parse(await readFile(stateFile, "utf8")) as { inverters: Record<string, unknown> };
    expect(Object.keys(saved.inverters)).toEqual([HM]);

    const { host, clock } = clockAt(new Date(t.clock.now() + 60_000).toISOString());
    const again = await createFleet({
      config: configWith([slot(HM)]),
      clock,
      log: () => undefined,
      stateFile,
      random: seededRandom(99),
    });
    host.advance(5000);
    again.tick();
    const restored = acField(again.liveData(), HM, "YieldTotal");
    expect(restored).toBeGreaterThanOrEqual(last);
    expect(restored - last).toBeLessThan(1);
  });

  it("a corrupt state file starts from plausible totals", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fleet-"));
    dirs.push(dir);
    const stateFile = join(dir, "fleet-state.json");
    await writeFile(stateFile, "{ not json");
    const t = await setup(JUNE_NOON, [slot(HM)], { stateFile });
    t.run(5);
    expect(acField(t.fleet.liveData(), HM, "YieldTotal")).toBeGreaterThan(10);
    expect(t.lines.some((l) => /unreadable/.test(l))).toBe(true);
  });
});

describe("commands", () => {
  const ok = (): (() => number) => {
    const r = seededRandom(11);
    // Never below the failure rates: no failed request or command.
    return () => 0.1 + 0.9 * r();
  };

  it("limit: Pending, then Ok after 1–2 s; output follows; relative clamped to 100", async () => {
    const t = await setup(
      JUNE_NOON,
      [
        slot(HM, {
          channel: slot("").channel.map(() => ({ name: "", max_power: 700, yield_total_offset: 0 })),
        }),
      ],
      { random: ok() },
    );
    t.run(5);
    t.fleet.setLimit(HM, 10, 1);
    expect(parseStrict(LimitStatus, t.fleet.limitStatus())[HM]?.limit_set_status).toBe("Pending");
    t.run(3);
    const status = t.fleet.limitStatus()[HM];
    expect(status).toEqual({ limit_relative: 10, max_power: 800, limit_set_status: "Ok" });
    // The output reaches the limit within 3–7 s of the answer; the reading after that shows it (README "Realistic
    // limits"): answer ≤ 2 s + ramp ≤ 7 s + the next poll ≤ 5 s.
    t.run(8);
    const live = t.fleet.liveData();
    expect(acPower(live, HM)).toBeLessThanOrEqual(80);
    expect(inv(live, HM).limit_absolute).toBe(80);
    t.fleet.setLimit(HM, 250, 257);
    t.run(3);
    expect(t.fleet.limitStatus()[HM]?.limit_relative).toBe(100);
  });

  it("absolute limit converts with the known max power", async () => {
    const t = await setup(JUNE_NOON, [slot(HM)], { random: ok() });
    t.run(5);
    t.fleet.setLimit(HM, 200, 0);
    t.run(11); // answer ≤ 2 s, ramp ≤ 7 s, then a reading (poll every 5 s)
    expect(t.fleet.limitStatus()[HM]?.limit_relative).toBe(25);
    expect(acPower(t.fleet.liveData(), HM)).toBeLessThanOrEqual(200);
  });

  it("absolute limit before device info: limit_relative unchanged until the read-back ≥ 4 min later", async () => {
    // Poll interval long enough that the first poll has not happened yet.
    const t = await setup(JUNE_NOON, [slot(HM)], { random: ok(), poll: 30 });
    t.fleet.setLimit(HM, 400, 0);
    t.run(4);
    expect(t.fleet.limitStatus()[HM]).toEqual({ limit_relative: 0, max_power: 0, limit_set_status: "Ok" });
    t.run(30);
    // First read after the first statistics gives the inverter's value.
    expect(t.fleet.limitStatus()[HM]?.limit_relative).toBe(50);
  });

  it("limit read-back: every 2 min, but not within 4 min of a limit command (API.md §3.7)", async () => {
    const t = await setup(JUNE_NOON, [slot(HM)], { random: ok() });
    t.run(5);
    t.fleet.setLimit(HM, 50, 1); // non-persistent
    t.run(5);
    expect(t.fleet.limitStatus()[HM]?.limit_relative).toBe(50);
    // A restart makes the inverter fall back to its persistent limit (100 %); the DTU does not know yet.
    t.fleet.restart(HM);
    t.run(180);
    expect(t.fleet.limitStatus()[HM]?.limit_relative).toBe(50);
    t.run(70); // more than 4 min after the limit command
    expect(t.fleet.limitStatus()[HM]?.limit_relative).toBe(100);
    expect(t.lines.filter((l) => l === "Request SystemConfigPara").length).toBe(2);
  });

  it("failed commands are re-sent every poll cycle until acknowledged", async () => {
    let fail = true;
    const r = seededRandom(5);
    const t = await setup(JUNE_NOON, [slot(HM)], { random: () => (fail ? 0.03 : 0.1 + 0.9 * r()) });
    t.run(5);
    t.fleet.setPower(HM, false);
    t.run(3);
    expect(t.fleet.powerStatus()[HM]?.power_set_status).toBe("Failure");
    fail = false;
    t.run(2);
    expect(t.fleet.powerStatus()[HM]?.power_set_status).toBe("Pending");
    t.run(5);
    expect(parseStrict(PowerStatus, t.fleet.powerStatus())[HM]?.power_set_status).toBe("Ok");
  });

  it("power off stops production, power on resumes; restart restarts the yield day", async () => {
    const t = await setup(JUNE_NOON, [slot(HM)], { random: ok() });
    t.run(5);
    expect(inv(t.fleet.liveData(), HM).producing).toBe(true);
    t.fleet.setPower(HM, false);
    t.run(10);
    let live = t.fleet.liveData();
    expect(inv(live, HM).producing).toBe(false);
    expect(acPower(live, HM)).toBe(0);
    const log = parseStrict(EventLog, t.fleet.eventLog(HM, "en"));
    expect(log.events.some((e) => e.message === "Shut down by remote control" && e.end_time === 0)).toBe(
      true,
    );
    t.fleet.setPower(HM, true);
    t.run(10);
    live = t.fleet.liveData();
    expect(inv(live, HM).producing).toBe(true);
    const dayBefore = acField(live, HM, "YieldDay");
    expect(dayBefore).toBeGreaterThan(100);
    t.fleet.restart(HM);
    t.run(10);
    live = t.fleet.liveData();
    expect(acField(live, HM, "YieldDay")).toBeLessThan(dayBefore);
    const starts = t.fleet.eventLog(HM, "en")?.events.filter((e) => e.message_id === 1) ?? [];
    expect(starts.length).toBe(2);
  });

  it("commands disabled at night: accepted, nothing sent, status unchanged", async () => {
    const t = await setup(JUNE_NIGHT, [slot(HM, { command_enable_night: false })], { random: ok() });
    t.run(5);
    t.fleet.setLimit(HM, 50, 1);
    t.fleet.setPower(HM, false);
    expect(t.fleet.limitStatus()[HM]?.limit_set_status).toBe("Ok");
    expect(t.fleet.powerStatus()[HM]?.power_set_status).toBe("Ok");
    t.run(5);
    expect(t.lines.filter((l) => l.startsWith("TX "))).toEqual([]);
    expect(t.fleet.limitStatus()[HM]?.limit_set_status).toBe("Ok");
    expect(t.fleet.powerStatus()[HM]?.power_set_status).toBe("Ok");
  });
});

describe("events, device info, reboot, reconfigure", () => {
  it("event log shape: inverter start in the morning, seconds since local midnight, ≤ 15 entries", async () => {
    const t = await setup("2024-06-15T02:30:00Z", [slot(HM), slot("138212345678")], {
      random: seededRandom(2),
    });
    // Through the morning in 30 s steps.
    t.run(6 * 3600, 30);
    for (const serial of [HM, "138212345678"]) {
      const log = parseStrict(EventLog, t.fleet.eventLog(serial, "de"));
      expect(log.count).toBe(log.events.length);
      expect(log.count).toBeGreaterThan(0);
      expect(log.count).toBeLessThanOrEqual(15);
      expect(inv(t.fleet.liveData(), serial).events).toBe(log.count);
      const start = log.events[0];
      expect(start?.message_id).toBe(1);
      expect(start?.message).toBe("Wechselrichter gestartet");
      // Sunrise in June is around 05:00 local.
      expect(start?.start_time).toBeGreaterThan(4 * 3600);
      expect(start?.start_time).toBeLessThan(6 * 3600);
      for (const e of log.events) {
        expect(e.message_id).toBeLessThanOrEqual(255);
        expect(e.start_time).toBeGreaterThanOrEqual(0);
        if (e.end_time) expect(e.end_time).toBeGreaterThanOrEqual(e.start_time);
      }
    }
  });

  it("device info and grid profile after the first statistics only", async () => {
    const t = await setup(JUNE_NOON, [slot(HMS)]);
    expect(t.fleet.deviceInfo(HMS)?.valid_data).toBe(false);
    expect(t.fleet.gridProfile(HMS)?.raw.every((b) => b === 0)).toBe(true);
    expect(t.fleet.gridProfile(HMS)?.raw).toHaveLength(141);
    t.run(5);
    const info = t.fleet.deviceInfo(HMS.toUpperCase());
    expect(info).toMatchObject({ valid_data: true, hw_model_name: "HMS-2000", max_power: 2000 });
    expect(t.fleet.gridProfile(HMS)?.raw.some((b) => b !== 0)).toBe(true);
  });

  it("reboot clears runtime values but keeps yield totals", async () => {
    const t = await setup(JUNE_NOON, [slot(HM)], { random: () => 0.5 });
    t.run(20);
    const total = acField(t.fleet.liveData(), HM, "YieldTotal");
    t.fleet.setLimit(HM, 50, 1);
    t.fleet.reboot();
    let live = t.fleet.liveData();
    expect(inv(live, HM).data_age).toBe(0);
    expect(inv(live, HM).limit_absolute).toBe(-1);
    expect(t.fleet.limitStatus()[HM]?.limit_set_status).toBe("Ok");
    expect(t.fleet.deviceInfo(HM)?.valid_data).toBe(false);
    t.run(3);
    expect(inv(t.fleet.liveData(), HM).data_age).toBe(3);
    t.run(5);
    live = t.fleet.liveData();
    expect(acField(live, HM, "YieldTotal")).toBeGreaterThanOrEqual(total);
    expect(t.fleet.deviceInfo(HM)?.valid_data).toBe(true);
  });

  it("reconfigure: rename keeps the runtime, a new serial starts fresh, removal drops it", async () => {
    const t = await setup(JUNE_NOON, [slot(HM)]);
    t.run(5);
    const cfg = configWith([slot(HM, { name: "Garage", poll_enable: true })]);
    t.fleet.reconfigure(cfg);
    let live = t.fleet.liveData();
    expect(inv(live, HM).name).toBe("Garage");
    expect(acPower(live, HM)).toBeGreaterThan(0);
    t.fleet.reconfigure(configWith([slot(HMS)]));
    live = t.fleet.liveData();
    expect(live.inverters.map((i) => i.serial)).toEqual([HMS]);
    expect(acPower(live, HMS)).toBe(0);
    expect(t.fleet.has(HM)).toBe(false);
    // Time zone and place changes apply.
    const moved = configWith([slot(HMS)]);
    moved.ntp = { ...moved.ntp, timezone: "UTC0", latitude: -33.9, longitude: 151.2 };
    t.fleet.reconfigure(moved);
    expect(t.clock.utcOffsetSeconds()).toBe(0);
    // 11:00 UTC is night in Sydney.
    expect(t.fleet.sun().isDayPeriod).toBe(false);
  });

  it("hints: default password and radio problem", async () => {
    const { clock } = clockAt(JUNE_NOON);
    const config = configWith([slot(HM), slot(HMS)]);
    config.security.password = "changed-it";
    const fleet = await createFleet({
      config,
      clock,
      log: () => undefined,
      stateFile: null,
      random: seededRandom(1),
      radios: () => ({ nrf24: true, cmt: false }),
    });
    expect(fleet.liveData().hints).toEqual({
      time_sync: false,
      radio_problem: true,
      default_password: false,
    });
  });
});
