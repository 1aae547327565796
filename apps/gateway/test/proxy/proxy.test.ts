/**
 * Proxy mode (issue 8): a second gateway plays the device; the proxy in front of it must answer exactly like it,
 * pass the sockets, uploads and downloads through, fail fast while the device is down and recover by itself.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readFile, rm, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { WebSocket } from "ws";
import { buildProxyApp, parseDevice, type ProxyApp } from "../../src/proxy/app.ts";
import { parseArgs } from "../../src/server.ts";
import {
  ADMIN,
  consoleLine,
  form,
  FORM,
  makeDataDir,
  startGateway,
  type TestGateway,
} from "../helpers/app.ts";

let dataDir: string;
let device: TestGateway;
let devicePort = 0;
let deviceUrl = "";
let proxy: ProxyApp;
let proxyUrl = "";

async function startDevice(port: number): Promise<void> {
  device = await startGateway({ dataDir });
  const address = await device.app.listen({ port, host: "127.0.0.1" });
  deviceUrl = address;
  devicePort = Number(new URL(address).port);
}

beforeAll(async () => {
  dataDir = await makeDataDir();
  await startDevice(0);
  const web = join(dataDir, "web");
  await mkdir(join(web, "js"), { recursive: true });
  await writeFile(join(web, "index.html.gz"), gzipSync("<html>proxy app</html>"));
  await writeFile(join(web, "js", "app.js.gz"), gzipSync("console.log('app')"));
  proxy = await buildProxyApp({ device: deviceUrl, webRoot: web });
  proxyUrl = await proxy.listen({ port: 0, host: "127.0.0.1" });
  // One inverter so the live document has content.
  const res = await fetch(`${deviceUrl}/api/inverter/add`, {
    method: "POST",
    headers: { ...FORM, authorization: ADMIN },
    body: form({ serial: "114182123456", name: "Roof east" }),
  });
  expect(((await res.json()) as { code: number }).code).toBe(4004);
});

afterAll(async () => {
  await proxy.close();
  await device.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  type: string | null;
  disposition: string | null;
  challenge: string | null;
  body: Buffer;
}

async function both(path: string, init: RequestInit = {}): Promise<[Answer, Answer]> {
  const get = async (base: string): Promise<Answer> => {
    const res = await fetch(base + path, init);
    return {
      status: res.status,
      type: res.headers.get("content-type"),
      disposition: res.headers.get("content-disposition"),
      challenge: res.headers.get("www-authenticate"),
      body: Buffer.from(await res.arrayBuffer()),
    };
  };
  return [await get(deviceUrl), await get(proxyUrl)];
}

function normalize(a: Answer): Omit<Answer, "body"> & { body: string } {
  // Content-Type details (charset) are compared as the device sends them; bodies as text.
  return { ...a, body: a.body.toString("utf8") };
}

/** Opens a socket; resolves with the first text message, rejects when the handshake fails. */
function firstMessage(url: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once("message", (data) => {
      resolve(String(data));
      ws.close();
    });
    ws.once("unexpected-response", (_req, res) => {
      reject(new Error(`HTTP ${res.statusCode}`));
      ws.terminate();
    });
    ws.once("error", reject);
  });
}

function opened(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once("open", () => resolve(ws));
    ws.once("unexpected-response", (_req, res) => {
      reject(new Error(`HTTP ${res.statusCode} ${res.headers["www-authenticate"] ?? ""}`.trim()));
      ws.terminate();
    });
    ws.once("error", reject);
  });
}

const wsUrl = (base: string, path: string): string => base.replace(/^http/, "ws") + path;

describe("command line", () => {
  it("takes the device from --device or DTU_DEVICE (the option wins)", () => {
    expect(parseArgs(["--device", "http://10.0.0.5", "--port", "9000"], {}).devices).toEqual([
      "http://10.0.0.5",
    ]);
    expect(parseArgs([], { DTU_DEVICE: "10.0.0.6" }).devices).toEqual(["10.0.0.6"]);
    expect(parseArgs(["--device=10.0.0.7"], { DTU_DEVICE: "10.0.0.6" }).devices).toEqual(["10.0.0.7"]);
    expect(parseArgs([], {}).devices).toEqual([]);
  });
});

describe("parseDevice", () => {
  it("accepts bare hosts and keeps only the origin", () => {
    expect(parseDevice("192.168.1.50").href).toBe("http://192.168.1.50/");
    expect(parseDevice("http://opendtu.local:8080/some/page").href).toBe("http://opendtu.local:8080/");
    expect(() => parseDevice("ftp://x")).toThrow(/http/);
  });
});

describe("proxy in front of a device", () => {
  it("answers GET endpoints exactly like the device (status, content type, body)", async () => {
    const paths = [
      "/api/inverter/list",
      "/api/dtu/config",
      "/api/device/config",
      "/api/security/config",
      "/api/mqtt/config",
      "/api/network/config",
      "/api/ntp/config",
      "/api/limit/status",
      "/api/power/status",
      "/api/config/list",
      "/api/security/authenticate",
      "/api/devinfo/status?inv=114182123456",
      "/api/eventlog/status?inv=114182123456&locale=de",
      "/api/nothing/here",
      "/api/config/get?file=missing.json",
    ];
    for (const path of paths) {
      const [d, p] = await both(path, {
        headers: { authorization: ADMIN, "x-requested-with": "XMLHttpRequest" },
      });
      expect(normalize(p), path).toEqual(normalize(d));
    }
    // Volatile values (uptime, heap): same status, type and keys.
    const [d, p] = await both("/api/system/status");
    expect(p.status).toBe(200);
    expect(p.type).toBe(d.type);
    expect(Object.keys(JSON.parse(p.body.toString()) as object)).toEqual(
      Object.keys(JSON.parse(d.body.toString()) as object),
    );
  });

  it("passes 401 through with the challenge only when X-Requested-With is missing (API.md §2.2)", async () => {
    const [d1, p1] = await both("/api/security/config");
    expect(p1.status).toBe(401);
    expect(p1.challenge).toBe('Basic realm="Login Required"');
    expect(normalize(p1)).toEqual(normalize(d1));
    const [d2, p2] = await both("/api/security/config", {
      headers: { "x-requested-with": "XMLHttpRequest" },
    });
    expect(p2.status).toBe(401);
    expect(p2.challenge).toBeNull();
    expect(normalize(p2)).toEqual(normalize(d2));
  });

  it("forwards POSTs: validation warnings equal the device's, and a save reaches the device", async () => {
    const bad = { method: "POST", headers: { ...FORM, authorization: ADMIN }, body: form({ serial: "0" }) };
    const [d, p] = await both("/api/limit/config", bad);
    expect(normalize(p)).toEqual(normalize(d));
    expect(JSON.parse(p.body.toString())).toMatchObject({ type: "warning" });

    const res = await fetch(`${proxyUrl}/api/inverter/edit`, {
      method: "POST",
      headers: { ...FORM, authorization: ADMIN },
      body: form({
        id: 0,
        serial: "114182123456",
        name: "Through the proxy",
        channel: [{ name: "", max_power: 0 }],
      }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { type: string }).type).toBe("success");
    const list = (await (
      await fetch(`${deviceUrl}/api/inverter/list`, { headers: { authorization: ADMIN } })
    ).json()) as { inverter: { name: string }[] };
    expect(list.inverter[0]?.name).toBe("Through the proxy");
  });

  it("serves the web app itself: SPA index for app routes, the built files, zones from the device", async () => {
    const page = await fetch(`${proxyUrl}/info/system`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toBe("<html>proxy app</html>");
    const js = await fetch(`${proxyUrl}/js/app.js`);
    expect(await js.text()).toBe("console.log('app')");
    expect(js.headers.get("etag")).toMatch(/^proxy-/);
    const zones = await fetch(`${proxyUrl}/zones.json`);
    expect(zones.headers.get("content-type")).toContain("application/json");
    const direct = (await (await fetch(`${deviceUrl}/zones.json`)).json()) as Record<string, string>;
    expect(await zones.json()).toEqual(direct);
  });

  it("downloads the config backup byte for byte with its Content-Disposition", async () => {
    const [d, p] = await both("/api/config/get", { headers: { authorization: ADMIN } });
    expect(p.status).toBe(200);
    expect(p.disposition).toBe('attachment; filename="config.json"');
    expect(p.type).toBe(d.type);
    expect(p.body.equals(d.body)).toBe(true);
  });

  it("forwards the live socket: a live message arrives through the proxy", async () => {
    const text = await firstMessage(wsUrl(proxyUrl, "/livedata"));
    const doc = JSON.parse(text) as { inverters: { serial: string }[]; total: object };
    expect(doc.inverters.map((i) => i.serial)).toContain("114182123456");
    expect(doc).toHaveProperty("total");
    const ws = await opened(wsUrl(proxyUrl, "/console"));
    expect(device.app.sockets.clientCount("/console")).toBe(1);
    ws.close();
  });

  it("refuses sockets the device refuses and forwards an Authorization header on the upgrade (§2.3)", async () => {
    const secure = async (allow: boolean): Promise<void> => {
      const res = await fetch(`${proxyUrl}/api/security/config`, {
        method: "POST",
        headers: { ...FORM, authorization: ADMIN },
        body: form({ password: "openDTU42", allow_readonly: allow }),
      });
      expect(((await res.json()) as { type: string }).type).toBe("success");
    };
    await secure(false);
    try {
      // The device's refusal comes back with its Digest challenge (§2.3).
      await expect(opened(wsUrl(proxyUrl, "/livedata"))).rejects.toThrow(/^HTTP 401 Digest realm=/);
      // The proxy accepts the browser's socket only once the device accepted its own, so the device's next push
      // goes to this client: new statistics make the device push at its next check instead of after its 10 s
      // gap (§3.2), and the test runs that check itself.
      const ws = await opened(wsUrl(proxyUrl, "/livedata"), { authorization: ADMIN });
      const message = new Promise<string>((resolve) => ws.once("message", (data) => resolve(String(data))));
      device.fleet().bump();
      device.app.sockets.tick();
      const text = await message;
      ws.close();
      expect(JSON.parse(text)).toHaveProperty("inverters");
    } finally {
      await secure(true);
    }
  });

  it("uploads a config restore (multipart) byte for byte", async () => {
    const content = `${JSON.stringify({ proxy: "restore", bytes: "é€ü" }, null, 2)}\n`;
    const rebooted = consoleLine(device.app, "started");
    const body = new FormData();
    body.append("config", new Blob([content], { type: "application/json" }), "config");
    const res = await fetch(`${proxyUrl}/api/config/upload?file=pin_mapping.json`, {
      method: "POST",
      headers: { authorization: ADMIN },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("OK");
    // Rejects until the uploaded file is there.
    const stored = await vi.waitFor(() => readFile(join(dataDir, "pin_mapping.json"), "utf8"), {
      timeout: 10_000,
      interval: 20,
    });
    expect(stored).toBe(content);
    // The device reboots after a restore (§3.12); the proxy serves it again once it is back.
    await rebooted;
    const back = await vi.waitFor(
      async () => {
        const r = await fetch(`${proxyUrl}/api/config/get?file=pin_mapping.json`, {
          headers: { authorization: ADMIN },
        });
        expect(r.status, "the device after its reboot").toBe(200);
        return Buffer.from(await r.arrayBuffer());
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(back.toString("utf8")).toBe(content);
  });

  it("answers fast with a danger result while the device is down, and recovers when it is back", async () => {
    const live = await opened(wsUrl(proxyUrl, "/livedata"));
    const closed = new Promise<number>((r) => live.once("close", (code) => r(code)));
    await device.close();
    // The open socket is closed so the web app reconnects.
    await closed;

    const res = await fetch(`${proxyUrl}/api/system/status`, {
      headers: { "x-requested-with": "XMLHttpRequest" },
    });
    expect([502, 504]).toContain(res.status);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as { type: string; message: string };
    expect(body.type).toBe("danger");
    expect(body.message).toBe(`Device unreachable: connection refused (http://127.0.0.1:${devicePort})`);
    await expect(opened(wsUrl(proxyUrl, "/livedata"))).rejects.toThrow(/^HTTP 502$/);
    // The web app still loads, and the zone table falls back to the gateway's own.
    expect((await fetch(`${proxyUrl}/`)).status).toBe(200);
    const zones = (await (await fetch(`${proxyUrl}/zones.json`)).json()) as Record<string, string>;
    expect(Object.keys(zones).length).toBeGreaterThan(100);

    await startDevice(devicePort);
    const status = await fetch(`${proxyUrl}/api/system/status`);
    expect(status.status).toBe(200);
    expect(await status.json()).toHaveProperty("uptime");
    const text = await firstMessage(wsUrl(proxyUrl, "/livedata"));
    expect(JSON.parse(text)).toHaveProperty("inverters");
  });
});
