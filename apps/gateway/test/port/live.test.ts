/**
 * The live state both ports keep (src/port/live.ts): documents merged by serial without a summary wiping the
 * measurements read before (API.md §9.2), a full list dropping inverters gone from it, a late listener told the
 * state at once, and the beat only while reachable and quiet.
 */
import { describe, expect, it } from "vitest";
import type { LiveInverter } from "@dtu/api/live";
import { PORT_BEAT_MS, type PortEvent } from "../../src/port/contract.ts";
import { createLiveState } from "../../src/port/live.ts";

const f = (v: number) => ({ v, u: "W", d: 1 });
const summary = (serial: string, age: number) =>
  ({ serial, data_age: age, reachable: true, producing: true }) as unknown as LiveInverter;
const detail = (serial: string, age: number, power: number) =>
  ({ ...summary(serial, age), AC: { "0": { Power: f(power) } } }) as unknown as LiveInverter;

function state() {
  let now = 1_000_000;
  const live = createLiveState(
    () => now,
    (inv, at) => ({ read: true, readAt: at - inv.data_age * 1000 }),
    true,
  );
  const events: PortEvent[] = [];
  return {
    live,
    events,
    listen: () => live.subscribe((_s, e) => events.push(e)),
    move: (ms: number) => (now += ms),
  };
}

describe("the ports' live state", () => {
  it("keeps the measurements a summary lacks, and drops inverters a full list no longer has", () => {
    const t = state();
    t.live.document({ inverters: [detail("a", 2, 300), detail("b", 2, 100)] }, true, 1_000_000);
    t.live.document({ inverters: [summary("a", 0)] }, false, 1_000_000);
    const a = t.live.snapshot().inverters.find((i) => i.live.serial === "a");
    expect(a?.live.AC?.["0"]?.Power).toEqual(f(300));
    // The age stays that of the measurements it carries.
    expect(a?.live.data_age).toBe(2);
    t.live.document({ inverters: [summary("a", 0)] }, true, 1_000_000);
    expect(t.live.snapshot().inverters.map((i) => i.live.serial)).toEqual(["a"]);
  });

  it("tells a late listener the state at once, new readings as they come, and beats while quiet", () => {
    const t = state();
    t.live.document({ inverters: [detail("a", 1, 300)] }, true, 1_000_000);
    t.listen();
    expect(t.events).toEqual(["reachability"]);
    const version = t.live.snapshot().version;
    t.move(5000);
    t.live.document({ inverters: [detail("a", 0, 310)] }, false, 1_005_000);
    expect(t.events.at(-1)).toBe("reading");
    expect(t.live.snapshot().version).toBe(version + 1);
    // The same reading again (its age grew with the time): nothing new.
    t.move(1000);
    t.live.document({ inverters: [detail("a", 1, 310)] }, false, 1_006_000);
    expect(t.live.snapshot().version).toBe(version + 1);
    t.live.beat();
    expect(t.events.filter((e) => e === "beat")).toEqual([]);
    t.move(PORT_BEAT_MS);
    t.live.beat();
    expect(t.events.at(-1)).toBe("beat");
    t.live.reachable(false);
    t.move(PORT_BEAT_MS);
    t.live.beat();
    expect(t.events.slice(-1)).toEqual(["reachability"]);
    t.live.close();
    expect(t.live.snapshot().reachable).toBe(false);
  });
});
