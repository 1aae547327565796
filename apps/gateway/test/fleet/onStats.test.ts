/** The per-sample hook of the fleet: every statistics sample the DTU receives reaches the listeners, in order. */
import { expect, it } from "vitest";
import { createFleet } from "../../src/fleet/index.ts";
import { clockAt, configWith, slot } from "./helpers.ts";

it("onStats sees each received sample with its serial and time, until unsubscribed", async () => {
  const { host, clock } = clockAt("2024-06-15T11:00:00Z");
  const fleet = await createFleet({
    config: configWith([slot("114182123456"), slot("116482345678")], 5),
    clock,
    log: () => undefined,
    stateFile: null,
    random: () => 0.5, // above every failure rate: each poll is answered
  });
  const seen: { serial: string; at: number; power: number }[] = [];
  const off = fleet.onStats((serial, stats, at) => seen.push({ serial, at, power: stats.sample.ac.power }));
  for (let s = 0; s < 20; s++) {
    host.advance(1000);
    fleet.tick();
  }
  // Poll interval 5 s, round-robin over two inverters: four samples in 20 s.
  expect(seen.map((e) => e.serial)).toEqual(["114182123456", "116482345678", "114182123456", "116482345678"]);
  expect(seen.every((e, i) => i === 0 || e.at - (seen[i - 1]?.at ?? 0) === 5000)).toBe(true);
  expect(seen.every((e) => e.power > 0)).toBe(true);
  expect(fleet.statsVersion()).toBe(4);
  off();
  for (let s = 0; s < 10; s++) {
    host.advance(1000);
    fleet.tick();
  }
  expect(seen).toHaveLength(4);
  expect(fleet.statsVersion()).toBe(6);
});
