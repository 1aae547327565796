/**
 * Upload names and sizes (issue 11 item 3): names the device's file system takes, a total size cap like its 256 KB,
 * and a firmware image larger than the partition refused before its bytes are read.
 */
import { request } from "node:http";
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { deviceLimits } from "@dtu/api/limits";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ADMIN, startGateway, type TestGateway } from "../helpers/app.ts";

let gw: TestGateway;
beforeEach(async () => {
  gw = await startGateway();
});
afterEach(async () => {
  await gw.close();
});

const B = "----names";
function uploadBody(content: string | Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="config"; filename="config"\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${B}--\r\n`),
  ]);
}

function upload(file: string, content: string | Buffer = "[]") {
  return gw.app.inject({
    method: "POST",
    url: `/api/config/upload?file=${encodeURIComponent(file)}`,
    headers: { authorization: ADMIN, "content-type": `multipart/form-data; boundary=${B}` },
    payload: uploadBody(content),
  });
}

describe("config upload names", () => {
  it.each([
    "bad\r\nname.json",
    'quote".json',
    "../config.json",
    ".hidden",
    "space name.json",
    "ünïcode.json",
    `${"a".repeat(27)}.json`,
  ])("refuses %j with a clear 400 and stores nothing", async (name) => {
    const before = await readdir(gw.dataDir);
    const res = await upload(name);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/^Invalid file name/);
    expect(await readdir(gw.dataDir)).toEqual(before);
  });

  it("accepts a plain name of 31 characters and serves it back with a sound header", async () => {
    const name = `${"a".repeat(26)}.json`;
    expect((await upload(name, "[1]")).body).toBe("OK");
    const res = await gw.app.inject({
      url: `/api/config/get?file=${name}`,
      headers: { authorization: ADMIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${name}"`);
  });

  it("answers a download of a refused name with 404, never 500", async () => {
    const res = await gw.app.inject({
      url: `/api/config/get?file=${encodeURIComponent('a"b\r\n.json')}`,
      headers: { authorization: ADMIN },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("file system size", () => {
  it("refuses an upload that does not fit in the 256 KB beside the stored files", async () => {
    await writeFile(join(gw.dataDir, "big.bin"), Buffer.alloc(200 * 1024));
    const res = await upload("extra.json", Buffer.alloc(80 * 1024, 0x20));
    expect(res.statusCode).toBe(500);
    expect(res.body).toBe("No space left on the device's file system");
    expect(await readdir(gw.dataDir)).not.toContain("extra.json");
    // What fits is still taken; replacing a file frees its own space.
    expect((await upload("extra.json", Buffer.alloc(30 * 1024, 0x20))).body).toBe("OK");
    expect((await upload("extra.json", Buffer.alloc(45 * 1024, 0x20))).body).toBe("OK");
  });
});

describe("oversize firmware", () => {
  it("is refused on its announced length, before the body is sent", async () => {
    const address = await gw.app.listen({ port: 0, host: "127.0.0.1" });
    const url = new URL("/api/firmware/update", address);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(url, {
        method: "POST",
        headers: {
          authorization: ADMIN,
          "content-type": "multipart/form-data; boundary=----fw",
          "content-length": String(deviceLimits.firmwareMaxBytes + 100_000),
        },
      });
      req.on("response", (res) => {
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      // Only the headers and a first line go out; the answer must come without the rest.
      req.write("------fw\r\n");
    });
    expect(answer).toEqual({ status: 400, body: "OTA could not begin" });
  });
});
