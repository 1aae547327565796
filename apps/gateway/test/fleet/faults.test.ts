/** Simulator faults (issue 23 §5): a weak string from the start, the option's parsing, and the test triggers. */
import { expect, it } from "vitest";
import { createFleet } from "../../src/fleet/index.ts";
import { parseFault } from "../../src/cli/faultArg.ts";
import { parseArgs } from "../../src/server.ts";
import { clockAt, configWith, slot } from "./helpers.ts";

const HM = "114182123456";

async function fleetAt(iso: string, faults = [] as ReturnType<typeof parseFault>[]) {
  const { host, clock } = clockAt(iso);
  const fleet = await createFleet({
    config: configWith([slot(HM)], 5),
    clock,
    log: () => undefined,
    stateFile: null,
    random: () => 0.5,
    faults,
  });
  const run = (seconds: number): void => {
    for (let i = 0; i < seconds; i++) {
      host.advance(1000);
      fleet.tick();
    }
  };
  return { fleet, run };
}

const stringPower = (fleet: Awaited<ReturnType<typeof fleetAt>>["fleet"], ch: number): number =>
  (fleet.liveData().inverters[0]?.DC?.[String(ch)]?.["Power"] as { v: number }).v;

it("--fault: the string gives that share of the power it would give; its sibling is untouched", async () => {
  const healthy = await fleetAt("2024-06-15T10:00:00Z");
  // String 2 as the screens count: the second DC input, index 1 of live data.
  const weak = await fleetAt("2024-06-15T10:00:00Z", [parseFault(`${HM}:2=0.4`)]);
  healthy.run(20);
  weak.run(20);
  expect(stringPower(weak.fleet, 0)).toBeCloseTo(stringPower(healthy.fleet, 0), 1);
  expect(stringPower(weak.fleet, 1) / stringPower(healthy.fleet, 1)).toBeCloseTo(0.4, 1);
});

it("test triggers: an event-log entry, commands never acknowledged, an inverter silenced and back", async () => {
  const t = await fleetAt("2024-06-15T10:00:00Z");
  t.run(10);
  expect(t.fleet.faults.event(HM, 141)).toBe(true);
  expect(t.fleet.faults.event("123", 141)).toBe(false);
  t.run(10);
  expect(t.fleet.eventLog(HM, "en")?.events.at(-1)).toMatchObject({ message_id: 141, end_time: 0 });
  expect(t.fleet.faults.endEvent(HM, 141)).toBe(true);
  t.run(10);
  expect(t.fleet.eventLog(HM, "en")?.events.at(-1)?.end_time).toBeGreaterThan(0);

  t.fleet.faults.failCommands(HM, true);
  t.fleet.setPower(HM, false);
  t.run(4);
  expect(t.fleet.powerStatus()[HM]?.power_set_status).toMatch(/Failure|Pending/);
  expect(t.fleet.liveData().inverters[0]?.producing).toBe(true);

  t.fleet.faults.silence(HM, true);
  t.run(30);
  expect(t.fleet.liveData().inverters[0]?.reachable).toBe(false);
  t.fleet.faults.silence(HM, false);
  t.run(10);
  expect(t.fleet.liveData().inverters[0]?.reachable).toBe(true);
});

it("--fault and DTU_FAULTS parse SERIAL:STRING=FACTOR with strings counted from 1; a bad one is refused with the reason", () => {
  expect(
    parseArgs(["--fault", `${HM}:2=0.4`], { DTU_FAULTS: "116482345678:1=0, 116482345678:4=1" }).faults,
  ).toEqual([
    { serial: "116482345678", channel: 0, factor: 0 },
    { serial: "116482345678", channel: 3, factor: 1 },
    { serial: HM, channel: 1, factor: 0.4 },
  ]);
  for (const bad of [`${HM}=0.4`, `${HM}:1=1.5`, `xyz:1=0.4`, `${HM}:a=0.4`]) {
    expect(() => parseFault(bad), bad).toThrow(/SERIAL:STRING=FACTOR/);
  }
  expect(() => parseFault(`${HM}:0=0.4`)).toThrow(/strings are numbered from 1/);
  // An HM-2CH has two strings, an HMS-4CH four.
  expect(() => parseFault(`${HM}:3=0.4`)).toThrow(
    `inverter ${HM} has 2 strings (1 to 2), there is no string 3`,
  );
  expect(() => parseFault("116482345678:5=0.4")).toThrow(/has 4 strings \(1 to 4\), there is no string 5/);
  expect(parseFault("116482345678:4=0.4").channel).toBe(3);
});
