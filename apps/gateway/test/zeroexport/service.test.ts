/**
 * The controller service on the simulated device (issue 32 §2), in simulated time: it holds the grid in the band
 * through load steps, sends type-0 limits only, one in flight per inverter, and fails safe (meter silent, meter
 * error, a foreign limit, stop, an unreachable DTU).
 */
import { describe, expect, it } from "vitest";
import { HM, HMS, loop, SETTINGS } from "./harness.ts";

/** Whether the grid stayed within target ± band for the last `s` seconds. */
async function settles(t: Awaited<ReturnType<typeof loop>>, s: number): Promise<boolean> {
  let ok = true;
  for (let i = 0; i < s; i++) {
    await t.run(1);
    const band = t.service.status().deadband_w;
    if (Math.abs(t.grid() - 20) > band + 5) ok = false;
  }
  return ok;
}

describe("zero export controller on the simulated device", () => {
  it("is off by default and sends nothing", async () => {
    const t = await loop({ ...SETTINGS, enabled: false });
    await t.run(30);
    expect(t.service.status().state).toBe("off");
    expect(t.service.status().log).toEqual([]);
  });

  it("brings the grid into the band and holds it through a load step, with type-0 limits one at a time", async () => {
    const t = await loop();
    const sent: { serial: string; type: number }[] = [];
    const inFlight = new Set<string>();
    let overlap = false;
    const setLimit = t.port.setLimit.bind(t.port);
    t.port.setLimit = async (cmd) => {
      if (inFlight.has(cmd.serial)) overlap = true;
      inFlight.add(cmd.serial);
      sent.push(cmd);
      const o = await setLimit(cmd);
      inFlight.delete(cmd.serial);
      return o;
    };
    await t.run(60);
    expect(t.service.status().state).toBe("active");
    expect(await settles(t, 20)).toBe(true);
    t.house.load_w = 900;
    await t.run(40);
    expect(await settles(t, 20)).toBe(true);
    t.house.load_w = 400;
    await t.run(40);
    expect(await settles(t, 20)).toBe(true);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((c) => c.type === 0)).toBe(true);
    expect(overlap).toBe(false);
    const status = t.service.status();
    expect(status.inverters.map((i) => i.serial)).toEqual([HM, HMS]);
    expect(status.log.at(-1)?.why.message).toMatch(/W/);
    expect(status.commands_last_hour).toBe(status.log.length);
  });

  it("sends the fallback within 10 s of the meter falling silent", async () => {
    const t = await loop();
    await t.run(60);
    t.house.silent = true;
    await t.run(10.5);
    const s = t.service.status();
    expect(s.state).toBe("fallback");
    // Every controlled inverter is at its fallback (its min, 20 W) or has it on its way.
    const fallback = s.log.filter((e) => e.why.code === "fallback_meter_stale");
    expect(fallback.length).toBeGreaterThan(0);
    expect(fallback.every((e) => e.to_w === 20)).toBe(true);
    for (const inv of s.inverters)
      expect(inv.limit_w === 20 || fallback.some((e) => e.serial === inv.serial)).toBe(true);
    await t.run(10);
    expect(t.output()).toBeLessThan(60);
  });

  it("sends the fallback at once on a meter error", async () => {
    const t = await loop({ ...SETTINGS, fallback_w: 50 });
    await t.run(60);
    t.house.error = "the meter refused the login";
    await t.run(1);
    const s = t.service.status();
    expect(s.state).toBe("fallback");
    expect(s.reason.message).toContain("refused the login");
    expect(s.log.filter((e) => e.why.code === "fallback_meter_error").map((e) => e.to_w)).toEqual([50, 50]);
  });

  it("pauses and raises an event when someone else changes a limit, and resumes", async () => {
    const t = await loop();
    await t.run(60);
    const before = t.service.status().log.length;
    const mine = t.service
      .status()
      .log.filter((e) => e.serial === HMS && e.result === "ok")
      .at(-1);
    expect(mine).toBeDefined();
    // The web app (another client) sets 1500 W on the HMS.
    await t.until(t.port.setLimit({ serial: HMS, value: 1500, type: 0 }));
    await t.run(5);
    const s = t.service.status();
    expect(s.state).toBe("paused");
    expect(s.reason.code).toBe("paused_foreign_limit");
    expect(t.events.some((e) => e.kind === "paused" && e.serial === HMS)).toBe(true);
    t.house.load_w = 1200;
    await t.run(30);
    expect(t.service.status().log.length).toBe(before);
    expect(t.service.resume().code).toBe("resumed");
    expect(t.service.resume().code).toBe("not_paused");
    await t.run(30);
    expect(t.service.status().state).toBe("active");
    expect(t.service.status().log.length).toBeGreaterThan(before);
  });

  it("sends the fallback when stopped, and nothing after", async () => {
    const t = await loop();
    await t.run(60);
    await t.until(t.service.close(20_000));
    const fallback = t.service.status().log.filter((e) => e.why.code === "fallback_stopping");
    expect(new Set(fallback.map((e) => e.serial))).toEqual(new Set([HM, HMS]));
    expect(fallback.every((e) => e.result === "ok" && e.to_w === 20)).toBe(true);
    const n = t.service.status().log.length;
    t.house.load_w = 2000;
    await t.run(30);
    expect(t.service.status().log.length).toBe(n);
  });

  it("sends nothing to an unreachable DTU and says so", async () => {
    const t = await loop();
    await t.run(60);
    const n = t.service.status().log.length;
    await t.port.close();
    t.house.load_w = 100;
    await t.run(20);
    expect(t.service.status().reason.code).toBe("dtu_unreachable");
    expect(t.service.status().log.length).toBe(n);
    expect(t.events.some((e) => e.kind === "unreachable")).toBe(true);
  });

  it("commissioning check: the meter rises by about 100 W, the response time is measured and the limit restored", async () => {
    const t = await loop({ ...SETTINGS, enabled: false });
    await t.run(20);
    const limitsBefore = t.port.snapshot().inverters.map((i) => i.live.limit_absolute);
    const answer = await t.service.check();
    expect(answer).toMatchObject({ ok: true, serial: HMS, cut_w: 100, warnings: [] });
    expect(answer.rise_w).toBeGreaterThanOrEqual(60);
    expect(answer.response_ms).toBeGreaterThan(1000);
    expect(answer.response_ms).toBeLessThanOrEqual(15_000);
    await t.run(15);
    expect(t.port.snapshot().inverters.map((i) => i.live.limit_absolute)).toEqual(limitsBefore);
    expect(t.service.status().log.map((e) => e.why.code)).toEqual(["check", "check_restore"]);
  });

  it("commissioning check: a meter that does not rise (wrong sign) fails with words", async () => {
    const t = await loop({ ...SETTINGS, enabled: false });
    await t.run(20);
    t.house.load_w = 400;
    t.house.invert = true;
    await t.run(3);
    const answer = await t.service.check();
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(/did not rise/);
  });
});
