/**
 * Hoymiles micro-inverters are powered by their panels: at night they are off and stop answering, so the DTU reports
 * them unreachable with their evening values until they wake up in the morning (API.md §3.1 `reachable`,
 * `data_age`). Also the `offline` option: a simulated inverter that never answers, by day too.
 */
import type { LiveData } from "@dtu/api/live";
import { describe, expect, it } from "vitest";
import type { ConfigInverter } from "../../src/config/types.ts";
import { createFleet } from "../../src/fleet/index.ts";
import { parseArgs } from "../../src/server.ts";
import { clockAt, configWith, slot } from "./helpers.ts";

const HM = "114182123456"; // HM-2CH
const HMS = "116482345678"; // HMS-4CH

async function setup(at: string, inverters: ConfigInverter[], offline?: string[]) {
  const { host, clock } = clockAt(at);
  const lines: string[] = [];
  const fleet = await createFleet({
    config: configWith(inverters, 5),
    clock,
    log: (l) => lines.push(l),
    stateFile: null,
    random: () => 0.5, // above every failure rate: an awake inverter always answers
    ...(offline ? { offline } : {}),
  });
  /** Runs the fleet up to `iso` in `step`-second ticks. */
  const runTo = (iso: string, step = 10): void => {
    while (host.now() < Date.parse(iso)) {
      host.advance(step * 1000);
      fleet.tick();
    }
  };
  return { fleet, lines, runTo, host, clock };
}

function inv(live: LiveData, serial: string) {
  const found = live.inverters.find((i) => i.serial === serial);
  if (!found) throw new Error(`no ${serial}`);
  return found;
}
const ac = (live: LiveData, serial: string, name: string): number => {
  const f = inv(live, serial).AC?.["0"]?.[name];
  return f && "v" in f ? f.v : NaN;
};

describe("night (Berlin time zone, the default place at 51° N, June)", () => {
  it("evening → night: stops answering, unreachable with the last values; morning: answers again", async () => {
    const t = await setup("2024-06-15T18:00:00Z", [slot(HM)]); // 20:00 CEST, the sun still up
    t.runTo("2024-06-15T18:01:00Z");
    let live = t.fleet.liveData();
    expect(inv(live, HM).reachable).toBe(true);
    expect(inv(live, HM).producing).toBe(true);
    expect(inv(live, HM).data_age).toBeLessThanOrEqual(5);

    t.runTo("2024-06-15T21:30:00Z"); // 23:30 CEST
    live = t.fleet.liveData();
    const night = inv(live, HM);
    expect(night.poll_enabled).toBe(true); // poll_enable_night is on by default: polled, but no answer
    expect(night.reachable).toBe(false);
    expect(night.producing).toBe(false);
    expect(night.data_age).toBeGreaterThan(30 * 60);
    expect(t.lines.some((l) => l.startsWith(`RealTimeRunData: no answer from ${HM}`))).toBe(true);
    // The evening's values are kept: yield of the day and total as last read.
    const eveningDay = ac(live, HM, "YieldDay");
    const eveningTotal = ac(live, HM, "YieldTotal");
    expect(eveningDay).toBeGreaterThan(1000);
    t.runTo("2024-06-15T23:00:00Z");
    live = t.fleet.liveData();
    expect(inv(live, HM).data_age).toBe(night.data_age + 90 * 60);
    expect(ac(live, HM, "YieldDay")).toBe(eveningDay);
    expect(ac(live, HM, "YieldTotal")).toBe(eveningTotal);
    // A command in the night is not acknowledged by the sleeping inverter.
    t.fleet.setLimit(HM, 50, 1);
    t.runTo("2024-06-15T23:00:04Z", 1); // answer due within 3 s, re-sent at the next poll (:05)
    expect(t.fleet.limitStatus()[HM]?.limit_set_status).toBe("Failure");

    t.runTo("2024-06-16T04:00:00Z", 60); // 06:00 CEST: awake since sunrise
    live = t.fleet.liveData();
    expect(inv(live, HM).reachable).toBe(true);
    expect(inv(live, HM).data_age).toBeLessThan(60);
    // New day: the inverter reports its own yield of today, the total went on from the evening's.
    expect(ac(live, HM, "YieldDay")).toBeLessThan(eveningDay);
    expect(ac(live, HM, "YieldTotal")).toBeGreaterThanOrEqual(eveningTotal);
    expect(t.fleet.limitStatus()[HM]?.limit_set_status).toBe("Ok");
  });

  it("a fleet started at night reads nothing until the morning", async () => {
    const t = await setup("2024-06-15T23:30:00Z", [slot(HM)]);
    t.runTo("2024-06-15T23:31:00Z");
    let live = t.fleet.liveData();
    expect(inv(live, HM).reachable).toBe(false);
    expect(inv(live, HM).data_age).toBe(60); // never read: the uptime (API.md §3.1)
    expect(inv(live, HM).limit_relative).toBe(0);
    expect(t.fleet.lastUpdate(HM)).toBe(0);
    t.runTo("2024-06-16T04:00:00Z", 60);
    live = t.fleet.liveData();
    expect(inv(live, HM).reachable).toBe(true);
    expect(inv(live, HM).limit_relative).toBe(100);
  });
});

describe("offline option", () => {
  it("an offline inverter never answers, by day too; the others do", async () => {
    const t = await setup("2024-06-15T11:00:00Z", [slot(HM), slot(HMS)], ["0" + HMS.toUpperCase()]);
    t.runTo("2024-06-15T11:01:00Z", 1);
    const live = t.fleet.liveData();
    expect(inv(live, HM).producing).toBe(true);
    const off = inv(live, HMS);
    expect(off.reachable).toBe(false);
    expect(off.producing).toBe(false);
    expect(off.data_age).toBe(60);
    expect(off.limit_relative).toBe(0);
    expect(t.fleet.lastUpdate(HMS)).toBe(0);
  });
});

it("setting the device clock keeps the ages: data_age counts like the DTU's uptime, not the wall clock", async () => {
  const t = await setup("2024-06-15T11:00:00Z", [slot(HM), slot(HMS)], [HMS]);
  t.runTo("2024-06-15T11:00:20Z", 1);
  expect(inv(t.fleet.liveData(), HMS).data_age).toBe(20);
  t.clock.setLocal({ year: 2024, month: 6, day: 21, hour: 9, minute: 0, second: 0 }); // 6 days on
  t.host.advance(1000);
  t.fleet.tick();
  const live = t.fleet.liveData();
  // Still the uptime; only the tick that carried the jump counts no time (its length is unknown).
  expect(inv(live, HMS).data_age).toBe(20);
  expect(inv(live, HM).data_age).toBeLessThan(20);
  expect(t.fleet.lastUpdate(HM)).toBeGreaterThan(Date.parse("2024-06-21T06:59:40Z"));
});

it("--offline and DTU_OFFLINE list the serials (commas or spaces)", () => {
  expect(parseArgs(["--offline", "116482345678,114182123456"], {}).offline).toEqual([HMS, HM]);
  expect(parseArgs(["--offline=116482345678"], { DTU_OFFLINE: "114182123456" }).offline).toEqual([HM, HMS]);
  expect(parseArgs([], {}).offline).toEqual([]);
});
