/**
 * The gateway's own files in the data folder (history.db with its -wal/-shm, damaged files kept aside, alerts.json)
 * are not the device's (API.md §3.12), in any spelling a case-insensitive file system takes for them (issue 34 item 14): over real HTTP on loopback the device's file API does not list, count, serve
 * or replace them, and the factory reset leaves them alone.
 */
import { createHash } from "node:crypto";
import { request } from "node:http";
import { readFile, readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SystemStatus } from "@dtu/api/system";
import { ADMIN, consoleLine, form, FORM, startGateway, type TestGateway } from "../helpers/app.ts";

let gw: TestGateway;
let base = "";
const consoleText: string[] = [];
/** A damaged history kept aside (history/keeper.ts names them so), with its WAL beside it. */
const ASIDE = "history.db.corrupt-2026-11-27T03-00-00-000Z";

interface Answer {
  status: number;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/** One request on its own connection: a simulated reboot closes the open ones, a pooled one could be stale. */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = "",
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      base + path,
      { method, agent: false, headers: { ...headers, authorization: ADMIN } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: res.statusCode ?? 0,
            text: async () => text,
            json: async () => JSON.parse(text),
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const get = (path: string) => send("GET", path);
const post = (path: string, body: string, headers: Record<string, string>) =>
  send("POST", path, headers, body);

function upload(file: string, content: string) {
  const B = "----own";
  const body =
    `--${B}\r\nContent-Disposition: form-data; name="config"; filename="config"\r\n\r\n` +
    `${content}\r\n--${B}--\r\n`;
  return post(`/api/config/upload?file=${encodeURIComponent(file)}`, body, {
    "content-type": `multipart/form-data; boundary=${B}`,
  });
}

const digest = async (name: string) =>
  createHash("sha256")
    .update(await readFile(join(gw.dataDir, name)))
    .digest("hex");

beforeAll(async () => {
  // History and alerts on, as the CLI runs them: the gateway writes its own files itself. No outage after a reboot.
  gw = await startGateway({ history: {}, alerts: { tickMs: 3_600_000, delivery: null }, outageMs: 0 });
  gw.app.gateway.onLog((chunk) => void consoleText.push(chunk));
  base = await gw.app.listen({ port: 0, host: "127.0.0.1" });
  const saved = await post("/api/alerts/config", form({ language: "de" }), FORM);
  expect(((await saved.json()) as { type: string }).type).toBe("success");
  await writeFile(join(gw.dataDir, ASIDE), Buffer.alloc(100 * 1024, 1));
  await writeFile(join(gw.dataDir, `${ASIDE}-wal`), "x");
});

afterAll(async () => {
  await gw.close();
});

describe("the device's file API sees only the device's files", () => {
  it("the data folder does hold the gateway's own files (so the checks below mean something)", async () => {
    const names = await readdir(gw.dataDir);
    for (const own of ["history.db", "alerts.json", ASIDE]) expect(names).toContain(own);
  });

  it("config/list names only config.json", async () => {
    const res = await get("/api/config/list");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ configs: [{ name: "config.json" }] });
  });

  it("system/status counts only the device's files toward the file system", async () => {
    const status = (await (await get("/api/system/status")).json()) as SystemStatus;
    const config = (await stat(join(gw.dataDir, "config.json"))).size;
    // 8 KB of metadata plus config.json in 4 KB blocks; history.db and the 100 KB kept aside are not counted.
    expect(status.littlefs_used).toBe(8192 + Math.ceil(config / 4096) * 4096);
  });

  it.each([
    "history.db",
    "history.db-wal",
    "alerts.json",
    ASIDE,
    "HISTORY.DB",
    "Alerts.json",
    "alerts.json.",
  ])("config/get?file=%s answers 404 with an empty body", async (name) => {
    const res = await get(`/api/config/get?file=${encodeURIComponent(name)}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("");
  });

  it.each([
    ["history.db", "recorded history"],
    ["history.db-shm", "recorded history"],
    ["alerts.json", "alert settings"],
    // As a case-insensitive file system that drops trailing dots finds them (Windows, macOS): the same files.
    ["HISTORY.DB", "recorded history"],
    ["History.db-WAL", "recorded history"],
    ["Alerts.json", "alert settings"],
    ["alerts.json.", "alert settings"],
    ["ALERTS.JSON..", "alert settings"],
    ["History.db.Newer-1", "file of a newer gateway version kept aside"],
  ])("an upload naming %s is refused with a 500 body in words and writes nothing", async (name, what) => {
    const before = await readdir(gw.dataDir);
    const stored = name.replace(/\.+$/, "").toLowerCase();
    const kept = before.includes(stored) ? await digest(stored) : null;
    const res = await upload(name, "not a database");
    expect(res.status).toBe(500);
    expect(await res.text()).toBe(
      `${name} is the gateway's own file (${what}), not a file of the device: it cannot be uploaded here. Nothing was changed.`,
    );
    expect(await readdir(gw.dataDir)).toEqual(before);
    if (kept !== null) expect(await digest(stored)).toBe(kept);
    expect(consoleText.join("")).not.toContain("Config file uploaded");
  });

  it("a device file is still uploaded, listed and counted", async () => {
    const before = ((await (await get("/api/system/status")).json()) as SystemStatus).littlefs_used;
    const rebooted = consoleLine(gw.app, "started");
    expect(await (await upload("pin_mapping.json", "[]")).text()).toBe("OK");
    await rebooted;
    expect(await (await get("/api/config/list")).json()).toEqual({
      configs: [{ name: "config.json" }, { name: "pin_mapping.json" }],
    });
    const after = ((await (await get("/api/system/status")).json()) as SystemStatus).littlefs_used;
    expect(after).toBe(before + 4096);
  });

  it("the factory reset deletes config.json and leaves the gateway's own files alone", async () => {
    const own = ["history.db", "alerts.json", ASIDE];
    const digests = await Promise.all(own.map(digest));
    const rebooted = consoleLine(gw.app, "started");
    const res = await post("/api/config/delete", form({ delete: true }), FORM);
    expect(await res.json()).toMatchObject({ type: "success", code: 3002 });
    await rebooted;
    const names = await readdir(gw.dataDir);
    for (const name of own) expect(names).toContain(name);
    expect(await Promise.all(own.map(digest))).toEqual(digests);
    expect(await readFile(join(gw.dataDir, "alerts.json"), "utf8")).toContain('"language": "de"');
  });
});
