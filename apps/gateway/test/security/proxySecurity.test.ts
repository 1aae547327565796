/**
 * The proxy's security additions (SECURITY.md) against a stand-in device that records what reaches it: the session
 * cookie issued when a login passes through, turned into Basic credentials on socket upgrades only and never passed
 * on; logout and password change; Origin and frame-size checks before the device is bothered; the guessing brake.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WebSocketServer, type WebSocket } from "ws";
import { buildProxyApp, type ProxyApp } from "../../src/proxy/app.ts";
import { BAD, GOOD, attempt, manualClock } from "./helpers.ts";

let web: string;
let device: Server;
let deviceWss: WebSocketServer;
let proxy: ProxyApp;
let proxyHttp = "";
/** The device's admin password (Basic value); a password change sets it. */
let password = GOOD;
const upgrades: IncomingHttpHeaders[] = [];
const apiCalls: IncomingHttpHeaders[] = [];
const deviceFrames: number[] = [];
const waits: number[] = [];
const logged: string[] = [];
const opened: WebSocket[] = [];

beforeAll(async () => {
  web = await mkdtemp(join(tmpdir(), "dtu-proxy-sec-"));
  await mkdir(join(web, "js"), { recursive: true });
  await writeFile(join(web, "index.html.gz"), gzipSync("<html></html>"));
  await writeFile(join(web, "js", "app.js.gz"), gzipSync(""));
  device = createServer((req, res) => {
    apiCalls.push(req.headers);
    req.resume();
    const ok = req.headers.authorization === `Basic ${password}`;
    if (req.url === "/api/security/authenticate" && !ok) {
      res.writeHead(401).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end('{"type":"success","code":1001}');
  });
  deviceWss = new WebSocketServer({ noServer: true });
  device.on("upgrade", (req, socket, head) => {
    upgrades.push(req.headers);
    if (req.headers.authorization !== `Basic ${password}`) {
      socket.end(
        'HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Digest realm="asyncesp"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    deviceWss.handleUpgrade(req, socket, head, (ws) => {
      ws.on("message", (data: Buffer) => deviceFrames.push(data.length));
      ws.send("hello");
    });
  });
  await new Promise<void>((r) => device.listen(0, "127.0.0.1", r));
  const clock = manualClock();
  proxy = await buildProxyApp({
    device: `http://127.0.0.1:${(device.address() as AddressInfo).port}`,
    webRoot: web,
    security: {
      clock,
      log: (line) => logged.push(line),
      sleep: async (ms) => {
        waits.push(ms);
        clock.advance(ms);
      },
    },
  });
  proxyHttp = await proxy.listen({ port: 0, host: "127.0.0.1" });
});

afterAll(async () => {
  for (const ws of opened) ws.terminate();
  await proxy.close();
  for (const c of deviceWss.clients) c.terminate();
  await new Promise<void>((r) => deviceWss.close(() => r()));
  device.closeAllConnections();
  await new Promise<void>((r) => device.close(() => r()));
  await rm(web, { recursive: true, force: true });
});

beforeEach(() => {
  password = GOOD;
  upgrades.length = 0;
  apiCalls.length = 0;
});

const XRW = { "x-requested-with": "XMLHttpRequest" };

async function login(authdata = GOOD): Promise<string> {
  const res = await fetch(`${proxyHttp}/api/security/authenticate`, {
    headers: { ...XRW, authorization: `Basic ${authdata}` },
  });
  await res.arrayBuffer();
  return (res.headers.get("set-cookie") ?? "").split(";", 1)[0] ?? "";
}

/** A security settings save the device accepts (its answer passes through; the proxy then re-checks). */
const change = () =>
  fetch(`${proxyHttp}/api/security/config`, {
    method: "POST",
    headers: { ...XRW, authorization: `Basic ${GOOD}`, "content-type": "application/x-www-form-urlencoded" },
    body: "data=%7B%7D",
  }).then((r) => r.text());

async function upgrade(path: string, headers: Record<string, string>) {
  const a = await attempt(proxyHttp.replace(/^http/, "ws") + path, headers);
  opened.push(a.ws);
  return a;
}

describe("proxy session cookie", () => {
  it("is issued when the device accepts a login, and becomes Basic credentials on socket upgrades", async () => {
    expect(await login(BAD)).toBe("");
    const cookie = await login();
    expect(cookie).toMatch(/^dtu_session=[A-Za-z0-9_-]{43}$/);
    upgrades.length = 0;
    expect((await upgrade("/livedata", { cookie: `locale=de; ${cookie}` })).result).toBe("open");
    expect(upgrades[0]?.authorization).toBe(`Basic ${GOOD}`);
    expect(upgrades[0]?.cookie).toBeUndefined();
  });

  it("is never passed on to the device with /api calls, nor turned into credentials there", async () => {
    const cookie = await login();
    apiCalls.length = 0;
    await (
      await fetch(`${proxyHttp}/api/livedata/status`, { headers: { cookie: `a=1; ${cookie}; b=2` } })
    ).text();
    await (await fetch(`${proxyHttp}/api/system/status`, { headers: { cookie } })).text();
    expect(apiCalls.map((h) => [h.cookie, h.authorization])).toEqual([
      ["a=1; b=2", undefined],
      [undefined, undefined],
    ]);
  });

  it("dies on logout (answered by the proxy, not the device)", async () => {
    const cookie = await login();
    apiCalls.length = 0;
    const res = await fetch(`${proxyHttp}/gateway/logout`, { method: "POST", headers: { cookie } });
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toContain("Max-Age=0");
    expect(apiCalls).toHaveLength(0);
    expect((await upgrade("/livedata", { cookie })).result).toBe(401);
    expect(upgrades.at(-1)?.authorization).toBeUndefined();
  });

  it("dies when the device no longer takes its password after a security change; lives on otherwise", async () => {
    const cookie = await login();
    const before = proxy.security.sessions.size();
    await change();
    // The re-check asked the device (login, change, then the session and the open socket of the first test) and
    // kept the session (same password).
    await expect.poll(() => apiCalls.filter((h) => h.authorization === `Basic ${GOOD}`).length).toBe(4);
    expect(proxy.security.sessions.size()).toBe(before);
    password = Buffer.from("admin:n3w-secret").toString("base64");
    await change();
    await expect.poll(() => proxy.security.sessions.size()).toBe(0);
    password = GOOD;
    expect((await upgrade("/livedata", { cookie })).result).toBe(401);
  });
});

describe("proxy sockets and changed credentials", () => {
  const closing = (ws: WebSocket) => new Promise<number>((r) => ws.once("close", r));

  it("closes the sockets a session opened when it logs out, and only those", async () => {
    const mine = await login();
    const a = await upgrade("/livedata", { cookie: mine });
    const b = await upgrade("/console", { authorization: `Basic ${GOOD}` });
    expect([a.result, b.result]).toEqual(["open", "open"]);
    const closed = closing(a.ws);
    await (await fetch(`${proxyHttp}/gateway/logout`, { method: "POST", headers: { cookie: mine } })).text();
    expect(await closed).toBe(1008);
    expect(b.ws.readyState).toBe(b.ws.OPEN);
    b.ws.terminate();
  });

  it("closes the sockets whose password the device no longer takes after a security change", async () => {
    const a = await upgrade("/livedata", { cookie: await login() });
    const b = await upgrade("/console", { authorization: `Basic ${GOOD}` });
    const closed = [closing(a.ws), closing(b.ws)];
    password = Buffer.from("admin:n3w-secret").toString("base64");
    await change();
    expect(await Promise.all(closed)).toEqual([1008, 1008]);
  });
});

describe("proxy socket checks", () => {
  it("refuses a foreign Origin without asking the device", async () => {
    const cookie = await login();
    upgrades.length = 0;
    expect((await upgrade("/livedata", { cookie, origin: "http://evil.example" })).result).toBe(403);
    expect(upgrades).toHaveLength(0);
    const own = new URL(proxyHttp).origin;
    expect((await upgrade("/livedata", { cookie, origin: own })).result).toBe("open");
  });

  it("closes a client socket that sends more than 4 KiB in a frame; the device never gets it", async () => {
    deviceFrames.length = 0;
    const { ws } = await upgrade("/console", { authorization: `Basic ${GOOD}` });
    const closed = new Promise<number>((r) => ws.once("close", (code) => r(code)));
    ws.send("ping");
    await expect.poll(() => deviceFrames).toEqual([4]);
    ws.send(Buffer.alloc(5000));
    expect(await closed).toBe(1009);
    expect(deviceFrames).toEqual([4]);
  });

  it("slows down guesses in client Authorization headers, on upgrades and on HTTP", async () => {
    waits.length = 0;
    for (let i = 0; i < 3; i++) {
      expect((await upgrade("/livedata", { authorization: `Basic ${BAD}` })).result).toBe(401);
    }
    expect(waits).toEqual([]);
    expect((await upgrade("/livedata", { authorization: `Basic ${BAD}` })).result).toBe(401);
    expect(waits).toEqual([500]);
    expect(await login(BAD)).toBe("");
    expect(waits).toEqual([500, 1000]);
    expect(logged.at(-1)).toBe("Security: 5 wrong passwords from 127.0.0.1, its logins now wait 2000 ms");
    // The right password waits its turn once, then the address starts afresh.
    expect(await login()).not.toBe("");
    expect(await login()).not.toBe("");
    expect(waits).toEqual([500, 1000, 2000]);
  });
});
