/**
 * Realistic limits (issue 32 §1, README "Realistic limits"): the DTU's one command queue, the answer after 1–2 s, the
 * output's ramp of 3–7 s, low limits not held exactly, the sun as the ceiling, non-persistent limits gone after a
 * restart.
 */
import type { LiveData } from "@dtu/api/live";
import { describe, expect, it } from "vitest";
import type { ConfigInverter } from "../../src/config/types.ts";
import { createFleet } from "../../src/fleet/index.ts";
import {
  ceilingPercent,
  heldPercent,
  rampMsOf,
  RAMP_MAX_MS,
  RAMP_MIN_MS,
  shortfallOf,
} from "../../src/fleet/limits.ts";
import { seededRandom } from "../../src/fleet/random.ts";
import { clockAt, configWith, slot } from "./helpers.ts";

const HM = "114182123456"; // HM-2CH, 800 W
const HMS = "116482345678"; // HMS-4CH, 2000 W
const JUNE_NOON = "2024-06-15T11:00:00Z";

/** Never below the failure rates: every request and command answered. */
function ok(): () => number {
  const r = seededRandom(11);
  return () => 0.1 + 0.9 * r();
}

async function setup(inverters: ConfigInverter[], poll = 1, at = JUNE_NOON) {
  const { host, clock } = clockAt(at);
  const lines: { at: number; line: string }[] = [];
  const fleet = await createFleet({
    config: configWith(inverters, poll),
    clock,
    log: (line) => lines.push({ at: host.now(), line }),
    stateFile: null,
    random: ok(),
  });
  const step = (ms: number): void => {
    host.advance(ms);
    fleet.tick();
  };
  const run = (seconds: number, stepMs = 1000): void => {
    for (let t = 0; t < seconds * 1000; t += stepMs) step(stepMs);
  };
  return { fleet, host, lines, step, run };
}

const acPower = (live: LiveData, serial: string): number => {
  const f = live.inverters.find((i) => i.serial === serial)?.AC?.["0"]?.["Power"];
  return f && "v" in f ? f.v : NaN;
};

describe("the held limit and the ramp (pure)", () => {
  const a = { key: 12345 };
  const b = { key: 987654 };

  it("exact from 15 %; below, short by up to the inverter's share (10–20 %); below 2 % no lower than at 2 %", () => {
    for (const p of [15, 40, 100]) expect(heldPercent(a, p)).toBe(p);
    expect(heldPercent(a, 120)).toBe(100);
    for (const setup of [a, b]) {
      const share = shortfallOf(setup);
      expect(share).toBeGreaterThanOrEqual(0.1);
      expect(share).toBeLessThanOrEqual(0.2);
      expect(heldPercent(setup, 2)).toBeCloseTo(2 * (1 - share), 9);
      expect(heldPercent(setup, 1)).toBe(heldPercent(setup, 2));
      expect(heldPercent(setup, 0)).toBe(heldPercent(setup, 2));
      const at10 = heldPercent(setup, 10);
      expect(at10).toBeLessThan(10);
      expect(at10).toBeGreaterThan(10 * 0.8);
      // Rising with the limit, continuous at 15 %.
      for (let p = 2; p < 15; p += 0.5)
        expect(heldPercent(setup, p + 0.5)).toBeGreaterThan(heldPercent(setup, p));
      expect(heldPercent(setup, 14.999)).toBeCloseTo(15, 2);
    }
    expect(shortfallOf(a)).not.toBe(shortfallOf(b));
  });

  it("the ramp takes 3–7 s, fixed per inverter; the ceiling moves in a straight line from the output to the limit", () => {
    for (const setup of [a, b]) {
      const ms = rampMsOf(setup);
      expect(ms).toBeGreaterThanOrEqual(RAMP_MIN_MS);
      expect(ms).toBeLessThanOrEqual(RAMP_MAX_MS);
      expect(rampMsOf(setup)).toBe(ms);
      const inv = { limitPercent: 20, ramp: { fromPercent: 80, start: 1000 } };
      expect(ceilingPercent(setup, inv, 1000)).toBe(80);
      expect(ceilingPercent(setup, inv, 1000 + ms / 2)).toBeCloseTo(50, 6);
      expect(ceilingPercent(setup, inv, 1000 + ms)).toBe(20);
      expect(ceilingPercent(setup, { limitPercent: 20, ramp: null }, 0)).toBe(20);
    }
    expect(rampMsOf(a)).not.toBe(rampMsOf(b));
  });
});

describe("commands through the DTU's queue", () => {
  it("one command on the air at a time across inverters; each answered 1–2 s after it was sent", async () => {
    const t = await setup([slot(HM), slot(HMS)]);
    t.run(5);
    t.fleet.setLimit(HM, 50, 1);
    t.fleet.setLimit(HMS, 50, 1);
    t.fleet.setLimit(HM, 60, 1);
    const sent = t.lines.filter((l) => l.line.startsWith("TX ActivePowerControl"));
    expect(sent.map((l) => l.line)).toEqual([`TX ActivePowerControl to ${HM}`]);
    const start = t.host.now();
    const okAt: Record<string, number> = {};
    for (let ms = 0; ms < 8000; ms += 100) {
      t.step(100);
      for (const serial of [HM, HMS]) {
        const status = t.fleet.limitStatus()[serial]?.limit_set_status;
        if (status === "Ok" && okAt[serial] === undefined) okAt[serial] = t.host.now() - start;
        if (okAt[serial] === undefined) expect(status).toBe("Pending");
      }
    }
    const tx = t.lines.filter((l) => l.line.startsWith("TX ActivePowerControl")).map((l) => l.at - start);
    expect(tx).toHaveLength(3);
    // Each one goes out when the one before it was answered, 1–2 s later.
    for (let i = 1; i < tx.length; i++) {
      expect((tx[i] ?? 0) - (tx[i - 1] ?? 0)).toBeGreaterThanOrEqual(1000);
      expect((tx[i] ?? 0) - (tx[i - 1] ?? 0)).toBeLessThanOrEqual(2100);
    }
    // HMS is answered second; HM's status stays Pending until its second command (third in line) is answered.
    expect(okAt[HMS]).toBeGreaterThanOrEqual(2000);
    expect(okAt[HMS]).toBeLessThanOrEqual(4100);
    expect(okAt[HM]).toBeGreaterThan(okAt[HMS] ?? 0);
    expect(okAt[HM]).toBeLessThanOrEqual(6100);
    expect(t.fleet.limitStatus()[HM]?.limit_relative).toBe(60);
  });

  it("an inverter that does not answer: Failure after its wait, and the queue goes on to the next", async () => {
    const t = await setup([slot(HM), slot(HMS)], 5);
    t.run(5);
    t.fleet.faults.failCommands(HM, true);
    t.fleet.setLimit(HM, 50, 1);
    t.fleet.setLimit(HMS, 50, 1);
    t.run(2, 100);
    expect(t.fleet.limitStatus()[HM]?.limit_set_status).toBe("Failure");
    t.run(2, 100);
    expect(t.fleet.limitStatus()[HMS]?.limit_set_status).toBe("Ok");
  });

  it("a jump of the device clock moves the queue along: queued commands are answered as before the jump", async () => {
    const t = await setup([slot(HM), slot(HMS)]);
    t.run(5);
    t.fleet.setLimit(HM, 50, 1);
    t.fleet.setLimit(HMS, 50, 1);
    t.host.advance(2 * 3600_000); // more than an hour: a clock jump, not integrated
    t.fleet.tick();
    expect(t.fleet.limitStatus()[HMS]?.limit_set_status).toBe("Pending");
    t.run(4, 100);
    expect(t.fleet.limitStatus()[HM]?.limit_set_status).toBe("Ok");
    expect(t.fleet.limitStatus()[HMS]?.limit_set_status).toBe("Ok");
  });

  it("after the answer the output moves to the limit within 3–7 s, never at once", async () => {
    const t = await setup([slot(HM)]);
    t.run(5);
    const before = acPower(t.fleet.liveData(), HM);
    expect(before).toBeGreaterThan(300);
    t.fleet.setLimit(HM, 200, 0);
    let ackAt = 0;
    let reachedAt = 0;
    for (let ms = 0; ms < 15_000 && !reachedAt; ms += 100) {
      t.step(100);
      if (!ackAt && t.fleet.limitStatus()[HM]?.limit_set_status === "Ok") ackAt = t.host.now();
      // One inverter, polled every second: its reading is at most 1 s old.
      if (ackAt && acPower(t.fleet.liveData(), HM) <= 200) reachedAt = t.host.now();
    }
    expect(ackAt).toBeGreaterThan(0);
    expect(reachedAt - ackAt).toBeGreaterThanOrEqual(RAMP_MIN_MS);
    expect(reachedAt - ackAt).toBeLessThanOrEqual(RAMP_MAX_MS + 1100);
  });

  it("a low limit is not held exactly: 5 % of 800 W gives less than 40 W", async () => {
    const t = await setup([slot(HM)]);
    t.run(5);
    t.fleet.setLimit(HM, 40, 0);
    t.run(12);
    const out = acPower(t.fleet.liveData(), HM);
    expect(out).toBeLessThan(40);
    expect(out).toBeGreaterThan(40 * 0.8 - 1);
  });

  it("raising the limit above what the sun gives leaves the output at the sun's", async () => {
    const small = slot("").channel.map(() => ({ name: "", max_power: 60, yield_total_offset: 0 }));
    const t = await setup([slot(HM, { channel: small })]);
    t.run(5);
    t.fleet.setLimit(HM, 60, 0);
    t.run(12);
    const limited = acPower(t.fleet.liveData(), HM);
    expect(limited).toBeLessThanOrEqual(60);
    t.fleet.setLimit(HM, 800, 0);
    t.run(12);
    const free = acPower(t.fleet.liveData(), HM);
    expect(free).toBeGreaterThan(limited);
    expect(free).toBeLessThanOrEqual(120); // two 60 Wp modules
  });

  it("a restart drops a non-persistent limit and keeps the persistent one (API.md §3.7)", async () => {
    const t = await setup([slot(HM)], 5);
    t.run(5);
    t.fleet.setLimit(HM, 50, 257);
    t.run(3);
    t.fleet.setLimit(HM, 20, 1);
    t.run(3);
    t.fleet.restart(HM);
    t.run(5 * 60, 5000); // the limit is read back 4 min after the last limit command
    expect(t.fleet.limitStatus()[HM]?.limit_relative).toBe(50);
    expect(acPower(t.fleet.liveData(), HM)).toBeLessThanOrEqual(400);
    expect(acPower(t.fleet.liveData(), HM)).toBeGreaterThan(160);
  });

  it("each morning the inverter wakes without yesterday's non-persistent limit", async () => {
    const t = await setup([slot(HM)], 5, "2024-06-15T17:00:00Z");
    t.run(10);
    t.fleet.setLimit(HM, 30, 1);
    t.run(10);
    expect(t.fleet.limitStatus()[HM]?.limit_relative).toBe(30);
    t.run(13 * 3600, 60_000); // to 08:00 CEST
    expect(t.fleet.limitStatus()[HM]?.limit_relative).toBe(100);
  });
});
