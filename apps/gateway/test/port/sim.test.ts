/**
 * The simulated device's port on a real fleet driven by a hand-moved clock: what subscribers hear on the app's
 * tick, reachability through the reboot's outage and after close, `read` from the fleet's statistics, the model,
 * the read rule through the brake, and a limit command acknowledged from the fleet's status.
 */
import { describe, expect, it } from "vitest";
import { createFleet } from "../../src/fleet/index.ts";
import { PORT_BEAT_MS, type PortEvent } from "../../src/port/contract.ts";
import { createSimPort } from "../../src/port/sim/index.ts";
import { basicHeader } from "../../src/security/basic.ts";
import { createSecurity } from "../../src/security/index.ts";
import { clockAt, configWith, slot } from "../fleet/helpers.ts";

const HM = "114182123456";
const HMS = "116482345678";

async function simPort(at = "2026-06-21T10:00:00Z") {
  const { host, clock } = clockAt(at);
  const config = configWith([slot(HM), slot(HMS)], 5);
  const fleet = await createFleet({ config, clock, log: () => undefined, stateFile: null });
  let outage = false;
  const waits: number[] = [];
  const security = createSecurity({
    clock: host,
    log: () => undefined,
    sleep: async (ms) => void waits.push(ms),
  });
  const lines: string[] = [];
  const port = createSimPort({
    fleet,
    clock,
    hostNow: host.now,
    config: () => config,
    hostname: () => "OpenDTU-Sim",
    inOutage: () => outage,
    security,
    log: (l) => lines.push(l),
  });
  const events: PortEvent[] = [];
  port.subscribe((_s, e) => events.push(e));
  /** The app's tick, `s` seconds later. */
  const tick = (s = 1): void => {
    host.advance(s * 1000);
    fleet.tick();
    port.tick();
  };
  return { host, config, fleet, port, events, tick, lines, waits, setOutage: (v: boolean) => (outage = v) };
}

describe("simulated device port", () => {
  it("tells readings on the app's tick, beats while nothing is new, and reads `read` from the fleet", async () => {
    const t = await simPort();
    expect(t.events).toEqual(["reachability"]);
    expect(t.port.snapshot().inverters.map((i) => i.read)).toEqual([false, false]);
    for (let i = 0; i < 30; i++) t.tick();
    expect(t.events).toContain("reading");
    const snap = t.port.snapshot();
    expect(snap.reachable).toBe(true);
    expect(snap.inverters.map((i) => i.live.serial)).toEqual([HM, HMS]);
    expect(snap.inverters.every((i) => i.read && i.readAt !== null && i.readAt <= t.host.now())).toBe(true);
    expect(snap.total?.Power.v).toBeGreaterThan(0);
    expect(snap.version).toBeGreaterThan(0);
    // The model the backfill needs.
    expect(t.port.model?.config().dtu.serial).toBe(t.config.dtu.serial);
    expect(t.port.model?.yieldTotalsWh(HM)?.length).toBe(2);
    expect(t.port.place.today()).toBe("2026-06-21");
    expect(t.port.place.location()).toEqual({
      latitude: t.config.ntp.latitude,
      longitude: t.config.ntp.longitude,
    });
    expect(t.port.id).toBe(String(t.config.dtu.serial));
  });

  it("beats at least every PORT_BEAT_MS while nothing changes", async () => {
    const t = await simPort("2026-06-21T23:30:00Z"); // Berlin night: the inverters sleep, nothing new
    for (let i = 0; i < 5; i++) t.tick();
    t.events.length = 0;
    for (let s = 0; s < 31; s++) t.tick();
    expect(t.events.filter((e) => e === "beat").length).toBe(Math.floor(31_000 / PORT_BEAT_MS));
  });

  it("is unreachable during the reboot's outage and after close, keeping its last document", async () => {
    const t = await simPort();
    for (let i = 0; i < 10; i++) t.tick();
    t.setOutage(true);
    t.tick();
    expect(t.port.snapshot().reachable).toBe(false);
    expect(await t.port.limitStatus()).toBeNull();
    expect(t.events.at(-1)).toBe("reachability");
    t.setOutage(false);
    t.tick();
    expect(t.port.snapshot().reachable).toBe(true);
    await t.port.close();
    expect(t.port.snapshot().reachable).toBe(false);
    expect(t.port.snapshot().inverters).toHaveLength(2);
    expect((await t.port.setPower(HM, false)).result).toBe("unreachable");
  });

  it("applies the read rule through the security layer's brake", async () => {
    const t = await simPort();
    expect((await t.port.access(undefined, "10.0.0.9")).kind).toBe("open");
    expect((await t.port.access(undefined, "10.0.0.9", "admin")).kind).toBe("refused");
    t.config.security.allow_readonly = false;
    expect((await t.port.access(undefined, "10.0.0.9")).kind).toBe("refused");
    const right = basicHeader("admin", t.config.security.password);
    expect((await t.port.access(right, "10.0.0.9")).kind).toBe("accepted");
    const wrong = basicHeader("admin", "guess");
    for (let i = 0; i < 4; i++) {
      const a = await t.port.access(wrong, "10.0.0.9");
      expect(a.kind).toBe("refused");
      if (a.kind === "refused") a.count();
    }
    // The fourth guess from the same address waits (three free ones, security/throttle.ts).
    await t.port.access(wrong, "10.0.0.9");
    expect(t.waits.length).toBeGreaterThan(0);
  });

  it("sends a limit through the fleet and reports its acknowledgement from the limit status", async () => {
    const t = await simPort();
    for (let i = 0; i < 20; i++) t.tick();
    const sent = t.port.setLimit({ serial: HM, value: 50, type: 1 });
    let outcome: Awaited<typeof sent> | null = null;
    void sent.then((o) => (outcome = o));
    for (let i = 0; i < 60 && outcome === null; i++) {
      t.tick();
      await Promise.resolve();
    }
    expect(outcome).toMatchObject({ answer: { code: 1001, type: "success" } });
    expect(["ok", "failure"]).toContain(outcome!.result);
    expect(outcome!.ackMs).toBeGreaterThan(0);
    expect(t.lines).toContain(`Limit command: ${HM} 50 type 1`);
    expect(await t.port.setLimit({ serial: "999999999999", value: 50, type: 1 })).toMatchObject({
      result: "refused",
      answer: { code: 5004 },
    });
    expect((await t.port.setLimit({ serial: HM, value: 0, type: 1 })).answer?.code).toBe(5002);
  });
});
