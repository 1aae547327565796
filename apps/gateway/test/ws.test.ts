/** The sockets on a real 127.0.0.1 port (API.md §2.3, §3.2, §3.3, §8.6). */
import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { parseStrict } from "@dtu/api/strict";
import { LiveData } from "@dtu/api/live";
import { consoleLine, startGateway, type TestGateway } from "./helpers/app.ts";

let gw: TestGateway;
let base: string;
const open: WebSocket[] = [];

beforeEach(async () => {
  gw = await startGateway({ tickMs: 50, rebootDelayMs: 100, outageMs: 600 });
  await gw.app.listen({ port: 0, host: "127.0.0.1" });
  base = `127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const ws of open) ws.terminate();
  open.length = 0;
  await gw.close();
});

function connect(path: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${base}${path}`, { headers });
    open.push(ws);
    ws.once("open", () => resolve(ws));
    ws.once("unexpected-response", (_req, res) =>
      reject(
        Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode, headers: res.headers }),
      ),
    );
    ws.once("error", reject);
  });
}

function nextMessage(ws: WebSocket, timeoutMs = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("no message")), timeoutMs);
    ws.once("message", (data: Buffer) => {
      clearTimeout(t);
      resolve(data.toString());
    });
  });
}

const md5 = (s: string) => createHash("md5").update(s).digest("hex");

describe("/livedata", () => {
  it("pushes the full live document when the statistics change; ignores incoming frames", async () => {
    const ws = await connect("/livedata");
    ws.send("ping");
    gw.fleet().bump();
    const doc = parseStrict(LiveData, JSON.parse(await nextMessage(ws)));
    expect(doc.inverters).toHaveLength(2);
    // No change since: push checks send nothing (the 10 s keep-alive push is further away). A push they sent would
    // reach the client before the marked one below, on the same TCP stream.
    for (let i = 0; i < 5; i++) gw.app.sockets.tick();
    const slot = gw.fleet().config.inverters[0];
    if (!slot) throw new Error("the test gateway has inverters");
    slot.name = "after the quiet checks";
    gw.fleet().bump();
    gw.app.sockets.tick();
    const next = parseStrict(LiveData, JSON.parse(await nextMessage(ws)));
    expect(next.inverters[0]?.name).toBe("after the quiet checks");
  });

  it("keeps at most 8 clients and closes the oldest", async () => {
    const first = await connect("/livedata");
    const closed = new Promise<void>((r) => first.once("close", () => r()));
    for (let i = 0; i < 8; i++) await connect("/livedata");
    await closed;
    expect(gw.app.sockets.clientCount("/livedata")).toBe(8);
  });

  it("keeps more clients when maxLiveClients lifts the device's cap (benchmark option)", async () => {
    await gw.close();
    gw = await startGateway({ tickMs: 50, maxLiveClients: 12 });
    await gw.app.listen({ port: 0, host: "127.0.0.1" });
    base = `127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
    const clients = [];
    for (let i = 0; i < 12; i++) clients.push(await connect("/livedata"));
    expect(gw.app.sockets.clientCount("/livedata")).toBe(12);
    expect(clients.every((c) => c.readyState === WebSocket.OPEN)).toBe(true);
  });

  it("answers 400 to an upgrade without Sec-WebSocket-Key", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`http://${base}/livedata`, {
        headers: { connection: "Upgrade", upgrade: "websocket", "sec-websocket-version": "13" },
      });
      req.on("response", (res) => resolve(res.statusCode ?? 0));
      req.on("upgrade", () => reject(new Error("upgraded")));
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(400);
  });
});

describe("socket auth with allow_readonly off", () => {
  beforeEach(() => {
    gw.app.gateway.config.security.allow_readonly = false;
  });

  it("refuses without credentials with a Digest challenge, accepts Basic and Digest", async () => {
    const err = (await connect("/console").catch((e: unknown) => e)) as {
      status: number;
      headers: Record<string, string>;
    };
    expect(err.status).toBe(401);
    const challenge = err.headers["www-authenticate"] ?? "";
    expect(challenge).toMatch(/^Digest realm="asyncesp", qop="auth", nonce="[0-9a-f]+", opaque="[0-9a-f]+"$/);
    const wrong = (await connect("/livedata", {
      authorization: `Basic ${Buffer.from("admin:bad").toString("base64")}`,
    }).catch((e: unknown) => e)) as { status: number };
    expect(wrong.status).toBe(401);
    await connect("/livedata", {
      authorization: `Basic ${Buffer.from("admin:openDTU42").toString("base64")}`,
    });
    const nonce = /nonce="([^"]+)"/.exec(challenge)?.[1] ?? "";
    const ha1 = md5("admin:asyncesp:openDTU42");
    const ha2 = md5("GET:/console");
    const response = md5(`${ha1}:${nonce}:00000001:c0ffee:auth:${ha2}`);
    await connect("/console", {
      authorization:
        `Digest username="admin", realm="asyncesp", nonce="${nonce}", uri="/console", qop=auth, ` +
        `nc=00000001, cnonce="c0ffee", response="${response}"`,
    });
  });
});

describe("/console", () => {
  it("streams the gateway's log lines ending in \\r\\n, no history", async () => {
    const con = await connect("/console");
    const got: string[] = [];
    const connectLine = new Promise<void>((resolve) =>
      con.on("message", (d: Buffer) => {
        got.push(d.toString());
        if (got.join("").includes("] connect")) resolve();
      }),
    );
    await connect("/livedata");
    await connectLine;
    expect(got.join("")).toMatch(/Websocket: \[\/livedata\]\[\d+\] connect\r\n/);
    expect(got.join("")).not.toContain("started");
  });
});

describe("reboot simulation", () => {
  it("drops sockets, refuses connections for a while, resets uptime", async () => {
    // The outage is measured on the host clock: the test ends it by moving the clock, not by waiting.
    let now = Date.now();
    await gw.close();
    gw = await startGateway({ tickMs: 50, rebootDelayMs: 100, outageMs: 600, clock: { now: () => now } });
    await gw.app.listen({ port: 0, host: "127.0.0.1" });
    base = `127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
    const rebooted = consoleLine(gw.app, "started");
    const ws = await connect("/livedata");
    const closed = new Promise<void>((r) => ws.once("close", () => r()));
    gw.app.gateway.bootAt -= 100_000;
    const res = await fetch(`http://${base}/api/maintenance/reboot`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from("admin:openDTU42").toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "data=%7B%22reboot%22%3Atrue%7D",
    });
    expect(await res.json()).toMatchObject({ type: "success", code: 6001 });
    await closed;
    await expect(fetch(`http://${base}/api/system/status`)).rejects.toThrow();
    await rebooted;
    await expect(fetch(`http://${base}/api/system/status`)).rejects.toThrow();
    now += 600;
    const sys = (await (await fetch(`http://${base}/api/system/status`)).json()) as { uptime: number };
    expect(sys.uptime).toBeLessThan(5);
  });
});

describe("live push schedule", () => {
  it("pushes at least every 10 s even without new statistics", async () => {
    let now = Date.now();
    // The app's own timer stays out of the way (an hour); the test runs the push checks itself.
    const local = await startGateway({ tickMs: 3_600_000, clock: { now: () => now } });
    try {
      await local.app.listen({ port: 0, host: "127.0.0.1" });
      const port = (local.app.server.address() as AddressInfo).port;
      const ws = new WebSocket(`ws://127.0.0.1:${port}/livedata`);
      open.push(ws);
      const messages: string[] = [];
      ws.on("message", (d: Buffer) => messages.push(d.toString()));
      await new Promise((resolve) => ws.once("open", resolve));
      // A new client gets the document at the first check (the last push is more than 10 s ago).
      local.app.sockets.tick();
      const count = (n: number): Promise<void> =>
        new Promise((resolve) => {
          const check = (): void => {
            if (messages.length < n) return;
            ws.off("message", check);
            resolve();
          };
          ws.on("message", check);
          check();
        });
      await count(1);
      // Checks within the 10 s add nothing: a push they sent would arrive before the marked keep-alive below.
      for (let i = 0; i < 5; i++) local.app.sockets.tick();
      now += 9_000;
      local.app.sockets.tick();
      const slot = local.fleet().config.inverters[0];
      if (!slot) throw new Error("the test gateway has inverters");
      slot.name = "keep-alive";
      now += 1_000;
      local.app.sockets.tick();
      await count(2);
      const keepAlive = parseStrict(LiveData, JSON.parse(messages[1] ?? ""));
      expect(keepAlive.inverters[0]?.name).toBe("keep-alive");
    } finally {
      await local.close();
    }
  });
});

describe("upgrade on a path that is no socket", () => {
  it("is answered like a normal request: the SPA index", async () => {
    const res = await new Promise<{ status: number; type: string }>((resolve, reject) => {
      const req = httpRequest(`http://${base}/other`, {
        headers: {
          connection: "Upgrade",
          upgrade: "websocket",
          "sec-websocket-version": "13",
          "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
        },
      });
      req.on("response", (r) => {
        r.resume();
        resolve({ status: r.statusCode ?? 0, type: String(r.headers["content-type"]) });
      });
      req.on("upgrade", () => reject(new Error("upgraded")));
      req.on("error", reject);
      req.end();
    });
    expect(res).toEqual({ status: 200, type: "text/html" });
  });
});
