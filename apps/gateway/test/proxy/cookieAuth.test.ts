/**
 * Proxy sockets and the web app's `dtu_auth` cookie (our addition; API.md §2.3, §9.4): a browser upgrade without an
 * Authorization header reaches the device with `Authorization: Basic <cookie value>`, and the cookie itself is not
 * passed on. A stand-in device records what the upgrade carried.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { buildProxyApp, type ProxyApp } from "../../src/proxy/app.ts";

const GOOD = Buffer.from("admin:openDTU42").toString("base64");

let web: string;
let device: Server;
let wss: WebSocketServer;
let proxy: ProxyApp;
let proxyWs = "";
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  web = await mkdtemp(join(tmpdir(), "dtu-proxy-cookie-"));
  await mkdir(join(web, "js"), { recursive: true });
  await writeFile(join(web, "index.html.gz"), gzipSync("<html></html>"));
  await writeFile(join(web, "js", "app.js.gz"), gzipSync(""));
  // The stand-in device accepts only Basic credentials of admin/openDTU42 (as with allow_readonly off, §2.3).
  device = createServer((_req, res) => res.end());
  wss = new WebSocketServer({ noServer: true });
  device.on("upgrade", (req, socket, head) => {
    seen.push(req.headers);
    if (req.headers.authorization !== `Basic ${GOOD}`) {
      socket.end(
        'HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Digest realm="asyncesp"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => ws.send("hello"));
  });
  await new Promise<void>((r) => device.listen(0, "127.0.0.1", r));
  const port = (device.address() as AddressInfo).port;
  proxy = await buildProxyApp({ device: `http://127.0.0.1:${port}`, webRoot: web });
  proxyWs = (await proxy.listen({ port: 0, host: "127.0.0.1" })).replace(/^http/, "ws");
});

afterAll(async () => {
  await proxy.close();
  for (const c of wss.clients) c.terminate();
  await new Promise<void>((r) => wss.close(() => r()));
  device.closeAllConnections();
  await new Promise<void>((r) => device.close(() => r()));
  await rm(web, { recursive: true, force: true });
});

/** Resolves with the first message, or the refusal's HTTP status. */
function attempt(path: string, headers: Record<string, string>): Promise<string | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(proxyWs + path, { headers });
    ws.once("message", (data) => {
      resolve(String(data));
      ws.close();
    });
    ws.once("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once("error", reject);
  });
}

describe("proxy: dtu_auth cookie → Authorization: Basic on the device upgrade", () => {
  it("turns the cookie into Basic credentials and does not forward the cookie", async () => {
    seen.length = 0;
    expect(await attempt("/livedata", { cookie: `locale=de; dtu_auth=${GOOD}` })).toBe("hello");
    expect(seen).toHaveLength(1);
    expect(seen[0]?.authorization).toBe(`Basic ${GOOD}`);
    expect(seen[0]?.cookie).toBeUndefined();
    expect(await attempt("/console", { cookie: `dtu_auth=${GOOD}` })).toBe("hello");
  });

  it("without header or cookie nothing is added and the device's refusal comes back", async () => {
    seen.length = 0;
    expect(await attempt("/livedata", {})).toBe(401);
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it("a wrong cookie is refused by the device; an Authorization header of the client wins", async () => {
    const bad = Buffer.from("admin:nope").toString("base64");
    expect(await attempt("/livedata", { cookie: `dtu_auth=${bad}` })).toBe(401);
    seen.length = 0;
    expect(await attempt("/livedata", { authorization: `Basic ${bad}`, cookie: `dtu_auth=${GOOD}` })).toBe(
      401,
    );
    expect(seen[0]?.authorization).toBe(`Basic ${bad}`);
  });
});
