/**
 * The password-guessing brake (SECURITY.md): figures on an injected clock, then on the gateway over HTTP (with a
 * recording sleep: the waits are asserted, not waited for) and on its socket upgrades.
 */
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addressKey, createThrottle } from "../../src/security/throttle.ts";
import { ADMIN, WRONG, startGateway, type TestGateway } from "../helpers/app.ts";
import { BAD, GOOD, attempt, manualClock } from "./helpers.ts";

describe("throttle figures", () => {
  it("3 free guesses, then 0.5 s doubling to the 8 s cap; a right password resets; other addresses never wait", () => {
    const clock = manualClock();
    const log: string[] = [];
    const t = createThrottle({ clock, log: (l) => log.push(l) });
    const delays: number[] = [];
    for (let i = 0; i < 9; i++) {
      t.failure("10.0.0.9");
      delays.push(t.delayOf("10.0.0.9"));
    }
    expect(delays).toEqual([0, 0, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect(t.delayOf("10.0.0.7")).toBe(0);
    expect(t.reserve("10.0.0.7")).toBe(0);
    expect(log[0]).toBe("Security: 3 wrong passwords from 10.0.0.9, its logins now wait 500 ms");
    expect(log).toHaveLength(7);
    t.success("10.0.0.9");
    expect(t.delayOf("10.0.0.9")).toBe(0);
  });

  it("queues parallel requests of one address and refuses beyond a minute of queue", () => {
    const clock = manualClock();
    const t = createThrottle({ clock, log: () => undefined });
    for (let i = 0; i < 7; i++) t.failure("a");
    // 8 s each: the 8th parallel request would wait 64 s.
    const waits = Array.from({ length: 8 }, () => t.reserve("a"));
    expect(waits).toEqual([8000, 16000, 24000, 32000, 40000, 48000, 56000, null]);
    clock.advance(56_000);
    expect(t.reserve("a")).toBe(8000);
  });

  it("forgets an address 15 min after its last wrong password", () => {
    const clock = manualClock();
    const t = createThrottle({ clock, log: () => undefined });
    for (let i = 0; i < 5; i++) t.failure("a");
    clock.advance(15 * 60_000);
    expect(t.delayOf("a")).toBe(2000);
    clock.advance(1);
    expect(t.delayOf("a")).toBe(0);
  });

  it("keys IPv4-mapped addresses as IPv4 and IPv6 by /64", () => {
    expect(addressKey("::ffff:192.168.1.20")).toBe("192.168.1.20");
    expect(addressKey("2001:db8:0:1:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:db8:0:1:bbbb:1:2:3")).toBe("2001:db8:0:1::/64");
    expect(addressKey("fe80::1")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
  });
});

describe("on the gateway", () => {
  let gw: TestGateway;
  const waits: number[] = [];
  const console: string[] = [];

  beforeEach(async () => {
    waits.length = 0;
    console.length = 0;
    // The sleep records the wait and moves the clock by it, as if it had been waited.
    const clock = manualClock();
    const sleep = async (ms: number): Promise<void> => {
      waits.push(ms);
      clock.advance(ms);
    };
    gw = await startGateway({
      security: { clock, sleep },
      onConsole: (line) => console.push(line),
    });
  });
  afterEach(async () => {
    await gw.close();
  });

  const get = (authorization: string, remoteAddress: string) =>
    gw.app.inject({
      url: "/api/security/authenticate",
      headers: { authorization, "x-requested-with": "XMLHttpRequest" },
      remoteAddress,
    });

  it("slows an address down after wrong passwords; the right one from elsewhere is never delayed", async () => {
    for (let i = 0; i < 5; i++) expect((await get(WRONG, "192.168.1.66")).statusCode).toBe(401);
    // The third wrong password arms the brake: the 4th and 5th request waited 0.5 s and 1 s.
    expect(waits).toEqual([500, 1000]);
    expect(console.join("")).toContain(
      "Security: 5 wrong passwords from 192.168.1.66, its logins now wait 2000 ms",
    );
    // Another address logs in at once.
    expect((await get(ADMIN, "192.168.1.10")).statusCode).toBe(200);
    expect(waits).toEqual([500, 1000]);
    // The guesser's right password still waits its turn, then resets the address.
    expect((await get(ADMIN, "192.168.1.66")).statusCode).toBe(200);
    expect(waits).toEqual([500, 1000, 2000]);
    expect((await get(WRONG, "192.168.1.66")).statusCode).toBe(401);
    expect(waits).toHaveLength(3);
    // Requests without credentials (the open read pages) never wait.
    gw.app.gateway.config.security.allow_readonly = true;
    for (let i = 0; i < 5; i++) await get(WRONG, "192.168.1.77");
    const open = await gw.app.inject({ url: "/api/livedata/status", remoteAddress: "192.168.1.77" });
    expect(open.statusCode).toBe(200);
    expect(waits).toHaveLength(5);
  });

  it("counts wrong passwords on socket upgrades too (allow_readonly off)", async () => {
    await gw.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `ws://127.0.0.1:${(gw.app.server.address() as AddressInfo).port}/livedata`;
    gw.app.gateway.config.security.allow_readonly = false;
    const results: ("open" | number)[] = [];
    for (const auth of [BAD, BAD, BAD, BAD, GOOD]) {
      const a = await attempt(url, { authorization: `Basic ${auth}` });
      results.push(a.result);
      a.ws.terminate();
    }
    expect(results).toEqual([401, 401, 401, 401, "open"]);
    expect(waits).toEqual([500, 1000]);
    expect(console.join("")).toContain("Security: 4 wrong passwords from 127.0.0.1");
  });
});
