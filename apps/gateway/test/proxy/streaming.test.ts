/**
 * Bodies are streamed through the proxy in both directions (issue 8): an upload reaches the device while the browser
 * is still sending (so its progress is the device's progress), a download reaches the browser while the device is
 * still sending. A raw HTTP server plays the device so the test sees each chunk.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash, randomBytes } from "node:crypto";
import { request, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { buildProxyApp, type ProxyApp } from "../../src/proxy/app.ts";
import { startStreamingDevice, type StreamingDevice } from "../helpers/streamingDevice.ts";

let upstream: StreamingDevice;
let proxy: ProxyApp;
let proxyPort = 0;

beforeAll(async () => {
  upstream = await startStreamingDevice();
  proxy = await buildProxyApp({ device: upstream.origin });
  await proxy.listen({ port: 0, host: "127.0.0.1" });
  proxyPort = (proxy.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

describe("streaming through the proxy", () => {
  it("forwards an upload while it is still being sent, byte for byte", async () => {
    const first = randomBytes(64 * 1024);
    const rest = randomBytes(1024 * 1024);
    const reached = upstream.firstUploadChunk();
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
    upstream.finishDownload();
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
