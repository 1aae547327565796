/**
 * Bad input for every POST endpoint (issue 2 tests): malformed JSON, wrong types, missing fields, a 100 kB body,
 * binary junk. Only answers the device gives, no crash, and config.json byte-identical after every rejection.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY_RESULT_CODES } from "@dtu/api/codes";
import { endpoints } from "@dtu/api/endpoints";
import { ADMIN, startGateway, type TestGateway } from "./helpers/app.ts";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => {
  await gw.close();
});

const DATA_POSTS = Object.values(endpoints).filter(
  (e) => e.method === "POST" && e.path !== "/api/config/upload" && e.path !== "/api/firmware/update",
);

const CODELESS = new Set([
  "Hostname must between 1 and 31 characters long!",
  "SSID must between 1 and 32 characters long!",
  "Password must not be longer than 64 characters long!",
]);

interface Case {
  name: string;
  contentType: string;
  payload: string | Buffer;
}

function cases(): Case[] {
  const urlenc = "application/x-www-form-urlencoded";
  const enc = (s: string) => `data=${encodeURIComponent(s)}`;
  const wrongTypes = JSON.stringify({
    serial: { a: 1 },
    name: [1, 2],
    id: "nine",
    channel: "many",
    limit_value: [],
    limit_type: null,
    power: {},
    order: 5,
    pollinterval: "x",
    nrf_palevel: -1,
    cmt_palevel: "loud",
    cmt_frequency: true,
    curPin: "pins",
    display: 7,
    password: 12,
    allow_readonly: "no",
    reboot: null,
    delete: 0,
    mqtt_enabled: "yes",
    ssid: null,
    ipaddress: 192,
    ntp_server: {},
    year: "twenty",
  });
  return [
    { name: "malformed JSON", contentType: urlenc, payload: enc('{"serial": 12, ') },
    { name: "JSON array", contentType: urlenc, payload: enc("[1,2,3]") },
    { name: "JSON null", contentType: urlenc, payload: enc("null") },
    { name: "empty object", contentType: urlenc, payload: enc("{}") },
    { name: "wrong types", contentType: urlenc, payload: enc(wrongTypes) },
    { name: "deep nesting", contentType: urlenc, payload: enc(`${"[".repeat(50)}${"]".repeat(50)}`) },
    { name: "100 kB data", contentType: urlenc, payload: enc(`{"x":"${"a".repeat(100_000)}"}`) },
    { name: "100 kB without data", contentType: urlenc, payload: `junk=${"b".repeat(100_000)}` },
    { name: "binary junk", contentType: "application/octet-stream", payload: randomBytes(4096) },
    { name: "binary junk as form", contentType: urlenc, payload: randomBytes(4096) },
    {
      name: "binary junk as multipart",
      contentType: "multipart/form-data; boundary=zz",
      payload: randomBytes(4096),
    },
    { name: "no content type", contentType: "", payload: randomBytes(64) },
    {
      name: "100 kB multipart data",
      contentType: "multipart/form-data; boundary=yy",
      payload: `--yy\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"x":"${"d".repeat(100_000)}"}\r\n--yy--\r\n`,
    },
    { name: "2 MB body", contentType: urlenc, payload: `data=${"c".repeat(2 * 1024 * 1024)}` },
  ];
}

function deviceAnswer(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const r = body as { type?: unknown; message?: unknown; code?: unknown; param?: unknown };
  const keys = Object.keys(r);
  if (!keys.every((k) => ["type", "message", "code", "param"].includes(k))) return false;
  if (r.type !== "success" && r.type !== "warning") return false;
  if (typeof r.message !== "string") return false;
  if (r.code === undefined) return CODELESS.has(r.message);
  return LEGACY_RESULT_CODES.includes(r.code as never);
}

describe("bad input on every POST endpoint", () => {
  for (const def of DATA_POSTS) {
    it(def.path, async () => {
      for (const c of cases()) {
        const before = await readFile(join(gw.dataDir, "config.json"));
        const headers: Record<string, string> = { authorization: ADMIN };
        if (c.contentType) headers["content-type"] = c.contentType;
        const res = await gw.app.inject({ method: "POST", url: def.path, headers, payload: c.payload });
        expect(res.statusCode, c.name).toBe(200);
        expect(res.headers["content-type"], c.name).toContain("application/json");
        const body: unknown = JSON.parse(res.body);
        expect(deviceAnswer(body), `${c.name}: ${res.body}`).toBe(true);
        if (c.name === "100 kB data" || c.name === "100 kB multipart data") {
          expect((body as { code: number }).code, c.name).toBe(1003);
        }
        if ((body as { type: string }).type === "warning") {
          const after = await readFile(join(gw.dataDir, "config.json"));
          expect(after.equals(before), `${c.name} changed config.json`).toBe(true);
        }
      }
    });
  }

  it("uploads survive junk too", async () => {
    for (const path of ["/api/config/upload", "/api/firmware/update"]) {
      for (const c of cases().filter((x) => x.contentType.startsWith("multipart"))) {
        const res = await gw.app.inject({
          method: "POST",
          url: path,
          headers: { authorization: ADMIN, "content-type": c.contentType },
          payload: c.payload,
        });
        expect([200, 400, 500], `${path} ${c.name}`).toContain(res.statusCode);
      }
    }
  });

  it("still answers afterwards", async () => {
    const res = await gw.app.inject({ url: "/api/system/status" });
    expect(res.statusCode).toBe(200);
  });
});
