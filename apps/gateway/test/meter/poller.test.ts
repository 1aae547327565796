/**
 * The poller against a loopback Shelly: the same power as the server within a second, "stale" 10 s after the meter
 * stops (time moved by hand, never slept), never two reads at once, the cause named.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MeterPoller, type Timers } from "../../src/meter/poller.ts";
import { shellyReader } from "../../src/meter/readers/shelly.ts";
import type { MeterReader } from "../../src/meter/readers/types.ts";
import { json, serve, type TestServer } from "./servers.ts";

let server: TestServer | null = null;
let poller: MeterPoller | null = null;
afterEach(async () => {
  await poller?.stop();
  await server?.close();
  server = poller = null;
});

/** Timers that only run when the test says so. */
const NO_TIMERS: Timers = { setTimeout: () => 1, clearTimeout: () => undefined };

describe("meter poller", () => {
  it("reports the same power as the server within a second", async () => {
    let power = 500;
    server = await serve((_req, res) =>
      json(res, { total_act_power: power, a_act_power: power, b_act_power: 0, c_act_power: 0 }),
    );
    poller = new MeterPoller({
      reader: shellyReader({ url: server.url, path: "", invert: false, username: "", password: "" }),
      intervalMs: 250,
      now: () => Date.now(),
    });
    poller.start();
    await vi.waitFor(() => expect(poller?.status().power_w).toBe(500), { timeout: 1000, interval: 20 });
    power = -1800;
    const changed = Date.now();
    await vi.waitFor(() => expect(poller?.status().power_w).toBe(-1800), { timeout: 1000, interval: 20 });
    expect(Date.now() - changed).toBeLessThan(1000);
    expect(poller.status().state).toBe("ok");
  });

  it("is stale 10 s after the meter stops, with the cause; the old value is never fresh again", async () => {
    let now = 1_000_000;
    server = await serve((_req, res) =>
      json(res, { total_act_power: 42, a_act_power: 42, b_act_power: 0, c_act_power: 0 }),
    );
    poller = new MeterPoller({
      reader: shellyReader({ url: server.url, path: "", invert: false, username: "", password: "" }),
      intervalMs: 1000,
      now: () => now,
      timers: NO_TIMERS,
    });
    await poller.poll();
    expect(poller.status()).toMatchObject({ state: "ok", power_w: 42, age_ms: 0, error: null });
    await server.close();
    server = null;
    for (let s = 1; s <= 10; s++) {
      now += 1000;
      await poller.poll();
      expect(poller.status()).toMatchObject({ state: "ok", error: { code: "refused" } });
    }
    now += 1;
    expect(poller.status()).toMatchObject({
      state: "stale",
      power_w: 42,
      age_ms: 10_001,
      error: { code: "refused" },
    });
  });

  it("stale after 3 intervals when those are longer than 10 s; 'error' when never read", async () => {
    let now = 0;
    const reader: MeterReader = {
      read: () => Promise.reject(new Error("boom")),
      close: async () => undefined,
    };
    poller = new MeterPoller({ reader, intervalMs: 5000, now: () => now, timers: NO_TIMERS });
    expect(poller.status()).toMatchObject({ state: "stale", power_w: null, error: null });
    await poller.poll();
    expect(poller.status()).toMatchObject({ state: "error", power_w: null, error: { code: "network" } });
    let ok = true;
    poller = new MeterPoller({
      reader: {
        read: async () => (ok ? { power_w: 1, phases_w: null, found: "1" } : Promise.reject(new Error("x"))),
        close: async () => undefined,
      },
      intervalMs: 5000,
      now: () => now,
      timers: NO_TIMERS,
    });
    await poller.poll();
    ok = false;
    now = 15_000;
    expect(poller.status().state).toBe("ok");
    now = 15_001;
    expect(poller.status().state).toBe("stale");
  });

  it("never starts a read while one is in flight", async () => {
    let inFlight = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const reader: MeterReader = {
      read: () =>
        new Promise((resolve) => {
          inFlight++;
          most = Math.max(most, inFlight);
          release.push(() => {
            inFlight--;
            resolve({ power_w: 1, phases_w: null, found: "1" });
          });
        }),
      close: async () => undefined,
    };
    const pending: (() => void)[] = [];
    const timers: Timers = { setTimeout: (fn) => pending.push(fn), clearTimeout: () => undefined };
    poller = new MeterPoller({ reader, intervalMs: 250, now: () => 0, timers });
    const first = poller.poll();
    void poller.poll();
    void poller.poll();
    expect(most).toBe(1);
    release.shift()?.();
    await first;
    expect(pending.length).toBe(1);
  });
});
