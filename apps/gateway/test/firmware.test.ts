/** POST /api/firmware/update (API.md §3.13): MD5 field first, then the file; device texts for every failure. */
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ADMIN, consoleLine, startGateway, type TestGateway } from "./helpers/app.ts";

let gw: TestGateway;
let lines: string[];
beforeEach(async () => {
  lines = [];
  gw = await startGateway({ onConsole: (c) => void lines.push(c) });
});
afterEach(async () => {
  await gw.close();
});

const B = "----fw";
function body(parts: ({ field: string; value: string } | { file: Buffer })[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ("field" in p) {
      chunks.push(
        Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${B}\r\nContent-Disposition: form-data; name="firmware"; filename="firmware"\r\n` +
            "Content-Type: application/octet-stream\r\n\r\n",
        ),
        p.file,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${B}--\r\n`));
  return Buffer.concat(chunks);
}

async function upload(parts: Parameters<typeof body>[0]) {
  return gw.app.inject({
    method: "POST",
    url: "/api/firmware/update",
    headers: { authorization: ADMIN, "content-type": `multipart/form-data; boundary=${B}` },
    payload: body(parts),
  });
}

const image = Buffer.concat([Buffer.from([0xe9, 0x05, 0x02, 0x20]), Buffer.alloc(5000, 7)]);
const md5 = (b: Buffer) => createHash("md5").update(b).digest("hex");

describe("firmware upload", () => {
  it("400 texts for a missing, invalid or wrong MD5, a non-firmware file and an oversize file", async () => {
    const cases: [Parameters<typeof body>[0], string][] = [
      [[{ file: image }], "MD5 parameter missing"],
      [[{ field: "MD5", value: "1234" }, { file: image }], "MD5 parameter invalid"],
      [[{ field: "MD5", value: "0".repeat(32) }, { file: image }], "Could not end OTA"],
      [
        [{ field: "MD5", value: md5(Buffer.from("hello")) }, { file: Buffer.from("hello") }],
        "OTA could not begin",
      ],
    ];
    const big = Buffer.concat([Buffer.from([0xe9]), Buffer.alloc(1966080, 1)]);
    cases.push([[{ field: "MD5", value: md5(big) }, { file: big }], "OTA could not begin"]);
    for (const [parts, text] of cases) {
      const res = await upload(parts);
      expect(res.statusCode, text).toBe(400);
      expect(res.headers["content-type"]).toContain("text/plain");
      expect(res.body).toBe(text);
    }
    expect(gw.app.gateway.rebootPending()).toBe(false);
  });

  it("accepts a valid image (raw or gzip), answers OK and reboots", async () => {
    const gz = Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0]), Buffer.alloc(100, 3)]);
    const rebooted = consoleLine(gw.app, "started");
    const res = await upload([{ field: "MD5", value: md5(gz).toUpperCase() }, { file: gz }]);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("OK");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(gw.app.gateway.rebootPending()).toBe(true);
    const before = gw.fleet().calls.filter((c) => c === "reboot").length;
    await rebooted;
    expect(lines.join("")).toContain("Restarting...");
    expect(gw.fleet().calls.filter((c) => c === "reboot").length).toBe(before + 1);
    // A real-sized image (1.5 MB, above the 1 MiB form-body limit) streams through.
    const large = Buffer.concat([Buffer.from([0xe9]), Buffer.alloc(1_500_000, 9)]);
    const again = await upload([{ field: "MD5", value: md5(large) }, { file: large }]);
    expect(again.body).toBe("OK");
    // Exactly the partition size is still fine.
    const full = Buffer.concat([Buffer.from([0xe9]), Buffer.alloc(1966079, 5)]);
    expect((await upload([{ field: "MD5", value: md5(full) }, { file: full }])).body).toBe("OK");
  });
});
