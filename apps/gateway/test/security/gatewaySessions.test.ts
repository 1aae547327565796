/**
 * The gateway's socket session (our addition, SECURITY.md): a successful login sets an opaque HttpOnly,
 * SameSite=Strict cookie that opens the sockets with allow_readonly off; it dies on logout and on a password
 * change, and it never opens an HTTP endpoint. The former `dtu_auth` cookie with readable credentials opens nothing.
 */
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { startGateway, type TestGateway } from "../helpers/app.ts";
import { BAD, GOOD, attempt } from "./helpers.ts";

let gw: TestGateway;
let base: string;
const opened: WebSocket[] = [];

beforeEach(async () => {
  gw = await startGateway({ tickMs: 60_000 });
  await gw.app.listen({ port: 0, host: "127.0.0.1" });
  base = `127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
  gw.app.gateway.config.security.allow_readonly = false;
});
afterEach(async () => {
  for (const ws of opened.splice(0)) ws.terminate();
  await gw.close();
});

const XRW = { "x-requested-with": "XMLHttpRequest" };

/** Logs in like the web app; returns the Set-Cookie header. */
async function login(authdata = GOOD, cookie?: string): Promise<string> {
  const res = await fetch(`http://${base}/api/security/authenticate`, {
    headers: { ...XRW, authorization: `Basic ${authdata}`, ...(cookie ? { cookie } : {}) },
  });
  await res.arrayBuffer();
  return res.headers.get("set-cookie") ?? `(status ${res.status})`;
}

const pair = (setCookie: string): string => setCookie.split(";", 1)[0] ?? "";

async function socket(path: string, cookie: string): Promise<"open" | number> {
  const a = await attempt(`ws://${base}${path}`, { cookie });
  opened.push(a.ws);
  return a.result;
}

async function post(path: string, data: unknown, cookie = ""): Promise<number> {
  const res = await fetch(`http://${base}${path}`, {
    method: "POST",
    headers: {
      ...XRW,
      authorization: `Basic ${GOOD}`,
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    body: `data=${encodeURIComponent(JSON.stringify(data))}`,
  });
  return ((await res.json()) as { code: number }).code;
}

describe("session cookie", () => {
  it("is set by a successful login only: opaque, HttpOnly, SameSite=Strict, whole site", async () => {
    const set = await login();
    expect(set).toMatch(/^dtu_session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/; Max-Age=\d+$/);
    expect(set).not.toContain(GOOD);
    expect(await login(BAD)).toBe("(status 401)");
    // Another login with the same cookie and credentials keeps the token (a page load re-checking its login).
    expect(pair(await login(GOOD, pair(set)))).toBe(pair(set));
  });

  it("opens both sockets, but no HTTP endpoint", async () => {
    const cookie = `theme=dark; ${pair(await login())}`;
    expect(await socket("/livedata", cookie)).toBe("open");
    expect(await socket("/console", cookie)).toBe("open");
    const res = await fetch(`http://${base}/api/livedata/status`, { headers: { ...XRW, cookie } });
    expect(res.status).toBe(401);
  });

  it("a made-up token, and the former dtu_auth cookie with real credentials, open nothing", async () => {
    expect(await socket("/livedata", `dtu_session=${"A".repeat(43)}`)).toBe(401);
    expect(await socket("/livedata", `dtu_auth=${GOOD}`)).toBe(401);
  });

  it("dies on logout: POST /gateway/logout drops it and clears the cookie", async () => {
    const cookie = pair(await login());
    const res = await fetch(`http://${base}/gateway/logout`, { method: "POST", headers: { ...XRW, cookie } });
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toMatch(
      /^dtu_session=; HttpOnly; SameSite=Strict; Path=\/; Max-Age=0$/,
    );
    expect(await socket("/livedata", cookie)).toBe(401);
    // A GET there is no logout: the SPA index, as for any unknown path (API.md §3.21).
    const get = await fetch(`http://${base}/gateway/logout`);
    expect(get.status).toBe(200);
    expect(get.headers.get("content-type")).toContain("text/html");
  });

  it("dies on a password change; an allow_readonly change keeps it", async () => {
    const cookie = pair(await login());
    expect(await post("/api/security/config", { password: "openDTU42", allow_readonly: false })).toBe(1001);
    expect(await socket("/livedata", cookie)).toBe("open");
    expect(await post("/api/security/config", { password: "n3w-secret", allow_readonly: false })).toBe(1001);
    expect(gw.app.security.sessions.size()).toBe(0);
    expect(await socket("/livedata", cookie)).toBe(401);
  });

  it("closes the sockets it opened on logout, and only those", async () => {
    const mine = pair(await login());
    const other = pair(await login(GOOD, "x=1"));
    const a = await attempt(`ws://${base}/livedata`, { cookie: mine });
    const b = await attempt(`ws://${base}/console`, { cookie: mine });
    const c = await attempt(`ws://${base}/livedata`, { cookie: other });
    opened.push(a.ws, b.ws, c.ws);
    const closed = [a, b].map((x) => new Promise<number>((r) => x.ws.once("close", r)));
    await fetch(`http://${base}/gateway/logout`, { method: "POST", headers: { ...XRW, cookie: mine } });
    expect(await Promise.all(closed)).toEqual([1008, 1008]);
    expect(c.ws.readyState).toBe(c.ws.OPEN);
  });

  it("closes the sockets opened with the old password on a password change, cookie or header", async () => {
    const viaCookie = await attempt(`ws://${base}/livedata`, { cookie: pair(await login()) });
    const viaHeader = await attempt(`ws://${base}/console`, { authorization: `Basic ${GOOD}` });
    opened.push(viaCookie.ws, viaHeader.ws);
    const closed = [viaCookie, viaHeader].map((x) => new Promise<number>((r) => x.ws.once("close", r)));
    // Saving the same password closes nothing.
    expect(await post("/api/security/config", { password: "openDTU42", allow_readonly: false })).toBe(1001);
    expect(gw.app.sockets.clientCount("/livedata") + gw.app.sockets.clientCount("/console")).toBe(2);
    expect(await post("/api/security/config", { password: "n3w-secret", allow_readonly: false })).toBe(1001);
    expect(await Promise.all(closed)).toEqual([1008, 1008]);
  });
});
