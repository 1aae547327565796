/**
 * The host hands a request under `/d/NAME/` to the device's app before reading its body (src/multi/host.ts): an
 * upload reaches a real device while the browser is still sending, a download reaches the browser while the device
 * is still sending, and a simulated device takes a firmware upload as at `/`. A raw HTTP server plays the real device
 * so the test sees each chunk.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { request, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD } from "@dtu/api/limits";
import { startStreamingDevice, type StreamingDevice } from "../helpers/streamingDevice.ts";
import { basic, listenHost, type HostUnderTest } from "./helpers.ts";

let upstream: StreamingDevice;
let host: HostUnderTest;
let dir: string;

beforeAll(async () => {
  upstream = await startStreamingDevice();
  dir = await mkdtemp(join(tmpdir(), "dtu-multi-stream-"));
  host = await listenHost({
    specs: [
      { name: "roof", target: "sim" },
      { name: "garage", target: new URL(upstream.origin) },
    ],
    dataDir: dir,
  });
});

afterAll(async () => {
  await host?.close();
  await upstream?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A request whose body the test writes itself; resolves with the answer's status and body. */
function open(method: string, path: string, headers: Record<string, string | number> = {}) {
  const [hostname, port] = host.origin.split(":");
  let answer: (value: { status: number; body: string }) => void = () => undefined;
  const done = new Promise<{ status: number; body: string }>((r) => (answer = r));
  const req = request({ hostname, port: Number(port), method, path, headers }, (res: IncomingMessage) => {
    const chunks: Buffer[] = [];
    res.on("data", (c: Buffer) => chunks.push(c));
    res.on("end", () => answer({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
  });
  return { req, done };
}

describe("streaming through /d/NAME/", () => {
  it("passes an upload to the real device while it is still being sent", async () => {
    const chunk = randomBytes(256 * 1024);
    const chunks = 8;
    const firstSeen = upstream.firstUploadChunk();
    const { req, done } = open("POST", "/d/garage/api/firmware/update", {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": chunk.length * chunks,
    });
    req.write(chunk);
    // The rest is held back until the device has the first part: a host that read the whole body first would wait
    // here forever.
    await firstSeen;
    const hash = createHash("md5").update(chunk);
    for (let i = 1; i < chunks; i++) {
      req.write(chunk);
      hash.update(chunk);
    }
    req.end();
    expect(await done).toEqual({
      status: 200,
      body: `${chunk.length * chunks} ${hash.digest("hex")} multipart/form-data; boundary=x`,
    });
  });

  it("passes a download to the browser while the device is still sending it", async () => {
    const [hostname, port] = host.origin.split(":");
    const firstPart = await new Promise<{ res: IncomingMessage; text: string }>((resolve, reject) => {
      const req = request({ hostname, port: Number(port), path: "/d/garage/api/config/get" }, (res) => {
        res.once("data", (c: Buffer) => resolve({ res, text: c.toString() }));
      });
      req.on("error", reject);
      req.end();
    });
    expect(firstPart.text).toBe('{"part":1,');
    const rest = new Promise<string>((r) => firstPart.res.on("data", (c: Buffer) => r(c.toString())));
    upstream.finishDownload();
    expect(await rest).toBe('"part2":2}');
  });

  it("gives a simulated device's firmware upload to its own handler, as at /", async () => {
    const image = Buffer.concat([Buffer.from([0x12]), randomBytes(64 * 1024)]);
    const md5 = createHash("md5").update(image).digest("hex");
    const body = Buffer.concat([
      Buffer.from(`--x\r\nContent-Disposition: form-data; name="MD5"\r\n\r\n${md5}\r\n`),
      Buffer.from('--x\r\nContent-Disposition: form-data; name="firmware"; filename="f.bin"\r\n\r\n'),
      image,
      Buffer.from("\r\n--x--\r\n"),
    ]);
    const { req, done } = open("POST", "/d/roof/api/firmware/update", {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": body.length,
      authorization: basic(DEFAULT_PASSWORD),
    });
    req.end(body);
    // Read to its end and refused (no ESP32 magic byte): the device's own answer, which only its handler gives.
    expect(await done).toEqual({ status: 400, body: "OTA could not begin" });
  });
});
