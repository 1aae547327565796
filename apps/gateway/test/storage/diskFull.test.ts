/**
 * A full data disk (issue 11 item 2): every settings save answers 1006 "Write failed!" (API.md §9.8) and the running
 * settings stay equal to config.json on disk. A 64 KB tmpfs is mounted and filled where we may mount (root, always
 * under CI); elsewhere the same writes fail by an injected ENOSPC.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as AtomicWrite from "../../src/storage/atomicWrite.ts";
import { ADMIN, FORM, form, startGateway, type TestGateway } from "../helpers/app.ts";

const fault = vi.hoisted(() => ({ on: false }));
vi.mock("../../src/storage/atomicWrite.ts", async (importOriginal) => {
  const real = await importOriginal<typeof AtomicWrite>();
  return {
    atomicWrite: (path: string, data: string | Uint8Array) =>
      fault.on
        ? Promise.reject(Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }))
        : real.atomicWrite(path, data),
  };
});

let dir: string;
let mounted = false;
let gw: TestGateway;
const FILLER = "filler.bin";

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "dtu-full-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir], { stdio: "ignore" });
    mounted = true;
  } catch (err) {
    if (process.env.CI === "true") throw err;
  }
  gw = await startGateway({ dataDir: dir });
});

afterAll(async () => {
  await gw.close();
  if (mounted) execFileSync("umount", [dir]);
  await rm(dir, { recursive: true, force: true }).catch(() => rmdir(dir));
});

/** Fills the disk to the last byte (or switches the injected fault on). */
async function fillDisk(): Promise<void> {
  if (!mounted) {
    fault.on = true;
    return;
  }
  let size = 64 * 1024;
  let content = Buffer.alloc(0);
  // Grow the filler until nothing more fits: halve the step on every refusal.
  while (size >= 1) {
    const next = Buffer.concat([content, Buffer.alloc(size, 1)]);
    try {
      await writeFile(join(dir, FILLER), next);
      content = next;
    } catch {
      await writeFile(join(dir, FILLER), content);
      size = Math.floor(size / 2);
    }
  }
}

async function freeDisk(): Promise<void> {
  fault.on = false;
  await rm(join(dir, FILLER), { force: true });
}

async function post(url: string, data: unknown): Promise<unknown> {
  const res = await gw.app.inject({
    method: "POST",
    url,
    headers: { ...FORM, authorization: ADMIN },
    payload: form(data),
  });
  return res.json();
}

async function get(url: string, auth = ADMIN): Promise<Record<string, unknown>> {
  return (await gw.app.inject({ url, headers: { authorization: auth } })).json();
}

async function disk(): Promise<Record<string, Record<string, unknown>>> {
  return JSON.parse(await readFile(join(dir, "config.json"), "utf8")) as Record<
    string,
    Record<string, unknown>
  >;
}

const WRITE_FAILED = { type: "warning", message: "Write failed!", code: 1006 };

describe("settings saves on a full disk", () => {
  it("refuses a new password with 1006 and keeps the old one in memory and on disk", async () => {
    await fillDisk();
    try {
      expect(
        await post("/api/security/config", { password: "brandnew-pass", allow_readonly: false }),
      ).toEqual(WRITE_FAILED);
      expect(await get("/api/security/config")).toEqual({ password: "openDTU42", allow_readonly: true });
      expect((await disk()).security).toEqual({ password: "openDTU42", allow_readonly: true });
      const newLogin = `Basic ${Buffer.from("admin:brandnew-pass").toString("base64")}`;
      const refused = await gw.app.inject({
        url: "/api/security/config",
        headers: { authorization: newLogin },
      });
      expect(refused.statusCode).toBe(401);
    } finally {
      await freeDisk();
    }
  });

  it("keeps DTU, NTP, network, MQTT and inverter settings equal to the disk", async () => {
    const before = await disk();
    await fillDisk();
    try {
      const dtu = await get("/api/dtu/config");
      expect(await post("/api/dtu/config", { ...dtu, pollinterval: 77 })).toEqual(WRITE_FAILED);
      expect((await get("/api/dtu/config")).pollinterval).toBe(before.dtu?.poll_interval);

      const ntp = await get("/api/ntp/config");
      expect(await post("/api/ntp/config", { ...ntp, ntp_server: "time.example.org" })).toEqual(WRITE_FAILED);
      expect((await get("/api/ntp/config")).ntp_server).toBe(before.ntp?.server);

      const net = await get("/api/network/config");
      expect(await post("/api/network/config", { ...net, ssid: "HomeWifi", hostname: "renamed" })).toEqual(
        WRITE_FAILED,
      );
      expect((await get("/api/network/config")).hostname).toBe(before.wifi?.hostname);

      const mqtt = await get("/api/mqtt/config");
      expect(await post("/api/mqtt/config", { ...mqtt, mqtt_hostname: "broker.example" })).toEqual(
        WRITE_FAILED,
      );
      expect((await get("/api/mqtt/config")).mqtt_hostname).toBe(before.mqtt?.hostname);

      const list = await get("/api/inverter/list");
      expect(await post("/api/inverter/add", { serial: "114182123456", name: "New one" })).toEqual(
        WRITE_FAILED,
      );
      expect(await post("/api/inverter/del", { id: 0 })).toEqual(WRITE_FAILED);
      expect(await get("/api/inverter/list")).toEqual(list);

      // Memory equals disk, save count included.
      expect(await disk()).toEqual(before);
    } finally {
      await freeDisk();
    }
    // With room again the same save goes through.
    const dtu = await get("/api/dtu/config");
    expect(await post("/api/dtu/config", { ...dtu, pollinterval: 77 })).toMatchObject({ code: 1001 });
    expect((await disk()).dtu?.poll_interval).toBe(77);
  });

  it("answers a config upload that cannot be written in words and does not reboot", async () => {
    await fillDisk();
    try {
      const boundary = "----full";
      const res = await gw.app.inject({
        method: "POST",
        url: "/api/config/upload?file=pin_mapping.json",
        headers: { authorization: ADMIN, "content-type": `multipart/form-data; boundary=${boundary}` },
        payload:
          `--${boundary}\r\nContent-Disposition: form-data; name="config"; filename="config"\r\n\r\n` +
          `${JSON.stringify([{ name: "board" }])}\r\n--${boundary}--\r\n`,
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).toBe("Write failed!");
      expect(await readFile(join(dir, "pin_mapping.json")).catch(() => null)).toBeNull();
    } finally {
      await freeDisk();
    }
  });

  it("logs a fleet state that cannot be written and keeps running", async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(gw.app.gateway, "log").mockImplementation((l: string) => void lines.push(l));
    gw.fleet().persist = () => Promise.reject(new Error("ENOSPC: no space left on device"));
    await gw.app.gateway.persistFleet();
    spy.mockRestore();
    expect(lines.some((l) => l.startsWith("Fleet state not saved: ENOSPC"))).toBe(true);
  });
});
