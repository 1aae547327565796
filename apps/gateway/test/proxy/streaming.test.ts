/**
 * Bodies are streamed through the proxy in both directions (issue 8): an upload reaches the device while the browser
 * is still sending (so its progress is the device's progress), a download reaches the browser while the device is
 * still sending. A raw HTTP server plays the device so the test sees each chunk.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash, randomBytes } from "node:crypto";
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { buildProxyApp, type ProxyApp } from "../../src/proxy/app.ts";

let upstream: Server;
let proxy: ProxyApp;
let proxyPort = 0;
/** Resolved when the upstream has seen the first bytes of an upload. */
let firstUploadChunk: () => void = () => undefined;
/** Lets the upstream finish its slow download. */
let finishDownload: () => void = () => undefined;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (req.url === "/api/firmware/update") {
      const hash = createHash("md5");
      let size = 0;
      req.on("data", (chunk: Buffer) => {
        if (size === 0) firstUploadChunk();
        size += chunk.length;
        hash.update(chunk);
      });
      req.on("end", () => {
        res.writeHead(200, { "content-type": "text/plain", connection: "close" });
        res.end(`${size} ${hash.digest("hex")} ${req.headers["content-type"] ?? ""}`);
      });
      return;
    }
    if (req.url === "/api/config/get") {
      res.writeHead(200, {
        "content-type": "application/json",
        "content-disposition": 'attachment; filename="config.json"',
      });
      res.write('{"part":1,');
      finishDownload = () => res.end('"part2":2}');
      return;
    }
    if (req.url === "/zones.json") {
      // Firmware from v26.3.28 has no zone table: the unknown path answers the HTML app (API.md §9.15, §1).
      res.writeHead(200, { "content-type": "text/html" }).end("<html>device app</html>");
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
  const { port } = upstream.address() as AddressInfo;
  proxy = await buildProxyApp({ device: `http://127.0.0.1:${port}` });
  await proxy.listen({ port: 0, host: "127.0.0.1" });
  proxyPort = (proxy.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await proxy.close();
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
});

describe("streaming through the proxy", () => {
  it("forwards an upload while it is still being sent, byte for byte", async () => {
    const first = randomBytes(64 * 1024);
    const rest = randomBytes(1024 * 1024);
    const reached = new Promise<void>((r) => (firstUploadChunk = r));
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: proxyPort,
          method: "POST",
          path: "/api/firmware/update",
          headers: { "content-type": "multipart/form-data; boundary=x", "transfer-encoding": "chunked" },
        },
        (res: IncomingMessage) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (c: string) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.write(first);
      // The rest is only sent once the device has the first part: a proxy that buffered would hang here.
      void reached.then(() => req.end(rest));
    });
    const { status, body } = await answer;
    expect(status).toBe(200);
    const whole = Buffer.concat([first, rest]);
    expect(body).toBe(
      `${whole.length} ${createHash("md5").update(whole).digest("hex")} multipart/form-data; boundary=x`,
    );
  });

  it("forwards a download while the device is still sending", async () => {
    const res = await fetch(`http://127.0.0.1:${proxyPort}/api/config/get`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="config.json"');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const dec = new TextDecoder();
    // The first part arrives before the device has finished.
    const part1 = await reader.read();
    expect(dec.decode(part1.value)).toBe('{"part":1,');
    finishDownload();
    let tail = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      tail += dec.decode(value);
    }
    expect(tail).toBe('"part2":2}');
  });

  it("serves the gateway's own zone table when the device has none", async () => {
    const res = await fetch(`http://127.0.0.1:${proxyPort}/zones.json`);
    expect(res.headers.get("content-type")).toContain("application/json");
    const zones = (await res.json()) as Record<string, string>;
    expect(zones["Europe/Berlin"]).toMatch(/^CET-1CEST/);
  });
});
