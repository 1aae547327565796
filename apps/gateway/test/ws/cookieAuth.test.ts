/**
 * Our addition to socket auth (API.md §2.3 allows only Authorization headers): the web app's `dtu_auth` cookie with
 * base64 Basic credentials opens the sockets while allow_readonly is off, because a browser WebSocket cannot send
 * an Authorization header. HTTP endpoints do not look at the cookie.
 */
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { upgradeAuthorization } from "../../src/http/auth.ts";
import { startGateway, type TestGateway } from "../helpers/app.ts";

let gw: TestGateway;
let base: string;
const open: WebSocket[] = [];

const GOOD = Buffer.from("admin:openDTU42").toString("base64");
const BAD = Buffer.from("admin:wrong-one").toString("base64");

beforeEach(async () => {
  gw = await startGateway({ tickMs: 50 });
  await gw.app.listen({ port: 0, host: "127.0.0.1" });
  base = `127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
  gw.app.gateway.config.security.allow_readonly = false;
});
afterEach(async () => {
  for (const ws of open) ws.terminate();
  open.length = 0;
  await gw.close();
});

/** Resolves with "open" or the refusal's HTTP status. */
function attempt(path: string, headers: Record<string, string>): Promise<"open" | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${base}${path}`, { headers });
    open.push(ws);
    ws.once("open", () => resolve("open"));
    ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.once("error", reject);
  });
}

describe("dtu_auth cookie on socket upgrades (allow_readonly off)", () => {
  it("opens both sockets with the right credentials in the cookie", async () => {
    expect(await attempt("/livedata", { cookie: `theme=dark; dtu_auth=${GOOD}` })).toBe("open");
    expect(await attempt("/console", { cookie: `dtu_auth=${GOOD}` })).toBe("open");
    expect(gw.app.sockets.clientCount("/livedata")).toBe(1);
  });

  it("refuses a wrong, empty or garbled cookie and no cookie, with the Digest challenge", async () => {
    expect(await attempt("/livedata", { cookie: `dtu_auth=${BAD}` })).toBe(401);
    expect(await attempt("/livedata", { cookie: "dtu_auth=" })).toBe(401);
    expect(await attempt("/livedata", { cookie: `dtu_auth=${GOOD}\tx` })).toBe(401);
    expect(await attempt("/livedata", { cookie: `other_auth=${GOOD}` })).toBe(401);
    expect(await attempt("/console", {})).toBe(401);
  });

  it("lets an Authorization header win over the cookie", async () => {
    expect(await attempt("/livedata", { authorization: `Basic ${BAD}`, cookie: `dtu_auth=${GOOD}` })).toBe(
      401,
    );
    expect(await attempt("/livedata", { authorization: `Basic ${GOOD}`, cookie: `dtu_auth=${BAD}` })).toBe(
      "open",
    );
  });

  it("does not open HTTP endpoints with the cookie", async () => {
    const res = await fetch(`http://${base}/api/livedata/status`, {
      headers: { cookie: `dtu_auth=${GOOD}`, "x-requested-with": "XMLHttpRequest" },
    });
    expect(res.status).toBe(401);
  });
});

describe("upgradeAuthorization", () => {
  it("prefers the header, else builds Basic from the cookie, else nothing", () => {
    expect(upgradeAuthorization({ authorization: "Digest x", cookie: `dtu_auth=${GOOD}` })).toBe("Digest x");
    expect(upgradeAuthorization({ cookie: ` a=1 ;dtu_auth=${GOOD}; b=2` })).toBe(`Basic ${GOOD}`);
    expect(upgradeAuthorization({ cookie: "dtu_auth=abc\r\nX-Evil: 1" })).toBeUndefined();
    expect(upgradeAuthorization({})).toBeUndefined();
  });
});
