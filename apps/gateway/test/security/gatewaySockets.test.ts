/**
 * The gateway's socket upgrades, hardened (SECURITY.md; API.md §2.3): Origin must be this host or absent, client
 * frames are limited to a few KiB, and Digest answers need a nonce of ours, our realm, the request's own uri, and
 * are good once. Basic keeps working.
 */
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { startGateway, type TestGateway } from "../helpers/app.ts";
import { GOOD, attempt, digestAnswer, manualClock, nonceOf, type Attempt } from "./helpers.ts";

let gw: TestGateway;
let host: string;
const clock = manualClock();
const opened: WebSocket[] = [];

beforeEach(async () => {
  // No real waiting: the guessing brake has tests of its own (throttle.test.ts).
  gw = await startGateway({ tickMs: 60_000, security: { clock, sleep: async () => undefined } });
  await gw.app.listen({ port: 0, host: "127.0.0.1" });
  host = `127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const ws of opened.splice(0)) ws.terminate();
  await gw.close();
});

async function upgrade(path: string, headers: Record<string, string> = {}): Promise<Attempt> {
  const a = await attempt(`ws://${host}${path}`, headers);
  opened.push(a.ws);
  return a;
}

describe("Origin on socket upgrades", () => {
  it("accepts its own origin and none; refuses another site's page with 403", async () => {
    expect((await upgrade("/livedata", { origin: `http://${host}` })).result).toBe("open");
    expect((await upgrade("/console", {})).result).toBe("open");
    expect((await upgrade("/livedata", { origin: "http://evil.example" })).result).toBe(403);
    expect((await upgrade("/console", { origin: "null" })).result).toBe(403);
    // Same host name, other port: another origin.
    expect((await upgrade("/livedata", { origin: "http://127.0.0.1:1" })).result).toBe(403);
    expect(gw.app.sockets.clientCount("/livedata")).toBe(1);
  });
});

describe("frame size", () => {
  it("closes a socket that sends a frame over 4 KiB (1009) and keeps one that sends pings", async () => {
    const small = (await upgrade("/livedata")).ws;
    const big = (await upgrade("/livedata")).ws;
    const code = new Promise<number>((r) => big.once("close", (c) => r(c)));
    small.send("ping");
    big.send("x".repeat(5000));
    expect(await code).toBe(1009);
    await expect.poll(() => gw.app.sockets.clientCount("/livedata")).toBe(1);
    expect(small.readyState).toBe(WebSocket.OPEN);
  });
});

describe("Digest on socket upgrades (allow_readonly off)", () => {
  beforeEach(() => {
    gw.app.gateway.config.security.allow_readonly = false;
  });

  async function challenge(path = "/livedata"): Promise<string> {
    const refused = await upgrade(path);
    expect(refused.result).toBe(401);
    return nonceOf(refused.headers["www-authenticate"]);
  }

  it("accepts a fresh answer once; the same header again is refused", async () => {
    const header = digestAnswer(await challenge());
    expect((await upgrade("/livedata", { authorization: header })).result).toBe("open");
    expect((await upgrade("/livedata", { authorization: header })).result).toBe(401);
  });

  it("accepts the next nonce count on the same nonce (as RFC 2617 clients do), not an older one", async () => {
    const nonce = await challenge();
    expect(
      (await upgrade("/livedata", { authorization: digestAnswer(nonce, { nc: "00000002" }) })).result,
    ).toBe("open");
    expect(
      (await upgrade("/livedata", { authorization: digestAnswer(nonce, { nc: "00000001" }) })).result,
    ).toBe(401);
    expect(
      (await upgrade("/livedata", { authorization: digestAnswer(nonce, { nc: "00000003" }) })).result,
    ).toBe("open");
  });

  it("refuses a nonce it did not issue, another realm, another uri, and an expired nonce", async () => {
    const forged = "0".repeat(44);
    expect((await upgrade("/livedata", { authorization: digestAnswer(forged) })).result).toBe(401);
    const nonce = await challenge();
    const realm = digestAnswer(nonce, { realm: "elsewhere" });
    expect((await upgrade("/livedata", { authorization: realm })).result).toBe(401);
    // An answer for /livedata does not open /console.
    expect((await upgrade("/console", { authorization: digestAnswer(nonce) })).result).toBe(401);
    // A uri field naming /console, computed for it, on a /livedata upgrade: uri differs from the request.
    const other = digestAnswer(nonce, { uri: "/console" });
    expect((await upgrade("/livedata", { authorization: other })).result).toBe(401);
    const old = await challenge();
    clock.advance(5 * 60_000 + 1);
    expect((await upgrade("/livedata", { authorization: digestAnswer(old) })).result).toBe(401);
    // A fresh one still works after all those.
    expect((await upgrade("/livedata", { authorization: digestAnswer(await challenge()) })).result).toBe(
      "open",
    );
  });

  it("Basic keeps working, as many times as it is sent", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await upgrade("/console", { authorization: `Basic ${GOOD}` })).result).toBe("open");
    }
  });
});
