/** config.json on disk (API.md §5): restart, defaults, corrupt files, migrations, key order, restore, reset. */
import { readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ADMIN, FORM, form, makeDataDir, startGateway, type TestGateway } from "../helpers/app.ts";

const here = new URL(".", import.meta.url).pathname;
let gw: TestGateway | null = null;
afterEach(async () => {
  await gw?.close();
  gw = null;
});

async function readConfig(dir: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(dir, "config.json"), "utf8")) as Record<string, unknown>;
}

function multipartFile(field: string, content: Buffer | string, boundary = "----up"): string {
  return (
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}"\r\n` +
    `Content-Type: application/octet-stream\r\n\r\n${content.toString()}\r\n--${boundary}--\r\n`
  );
}

describe("config.json persistence", () => {
  it("writes defaults on first start in the firmware's key order", async () => {
    const dir = await makeDataDir();
    gw = await startGateway({ dataDir: dir });
    const cfg = await readConfig(dir);
    expect(Object.keys(cfg)).toEqual([
      "cfg",
      "wifi",
      "mdns",
      "ntp",
      "mqtt",
      "dtu",
      "security",
      "device",
      "inverters",
    ]);
    expect(Object.keys(cfg.wifi as object)).toEqual([
      "ssid",
      "password",
      "ip",
      "netmask",
      "gateway",
      "dns1",
      "dns2",
      "dhcp",
      "hostname",
      "aptimeout",
    ]);
    const mqtt = cfg.mqtt as Record<string, unknown>;
    expect(Object.keys(mqtt)).toEqual([
      "enabled",
      "hostname",
      "port",
      "username",
      "password",
      "topic",
      "retain",
      "publish_interval",
      "clean_session",
      "lwt",
      "tls",
      "hass",
    ]);
    expect(Object.keys(mqtt.tls as object)).toEqual([
      "enabled",
      "root_ca_cert",
      "certlogin",
      "client_cert",
      "client_key",
    ]);
    const inverters = cfg.inverters as { serial: number; channel: object[] }[];
    expect(inverters).toHaveLength(10);
    expect(Object.keys(inverters[0] as object)).toEqual([
      "serial",
      "name",
      "order",
      "poll_enable",
      "poll_enable_night",
      "command_enable",
      "command_enable_night",
      "reachable_threshold",
      "zero_runtime",
      "zero_day",
      "channel",
    ]);
    expect(inverters.map((i) => i.serial).slice(0, 3)).toEqual([0x114182123456, 0x116482345678, 0]);
    expect(cfg.dtu).toMatchObject({ serial: Number(`0x1999801${String(0x5e913b).slice(-5)}`) });
    expect(cfg.cfg).toEqual({ version: 71936, save_count: 1 });
  });

  it("survives a restart; every save counts", async () => {
    const dir = await makeDataDir();
    gw = await startGateway({ dataDir: dir });
    const res = await gw.app.inject({
      method: "POST",
      url: "/api/inverter/add",
      headers: { ...FORM, authorization: ADMIN },
      payload: form({ serial: "138212345678", name: "Barn" }),
    });
    expect(res.json()).toMatchObject({ code: 4004 });
    await gw.close();
    gw = await startGateway({ dataDir: dir });
    const list = await gw.app.inject({ url: "/api/inverter/list", headers: { authorization: ADMIN } });
    expect(list.json()).toMatchObject({
      inverter: [{}, {}, { id: 2, serial: "138212345678", name: "Barn" }],
    });
    const sys = await gw.app.inject({ url: "/api/system/status" });
    expect(sys.json()).toMatchObject({ cfgsavecount: 2 });
  });

  it("reads every key as optional and migrates older schema versions", async () => {
    const dir = await makeDataDir();
    await writeFile(
      join(dir, "config.json"),
      JSON.stringify({
        cfg: { version: 0x00011600, save_count: 3 },
        mqtt: { publish_invterval: 30, hostname: "h".repeat(200) },
        dtu: { pa_level: 3 },
        inverters: [{ serial: 0x114182123456, name: "Old", channels: [300, 310] }],
      }),
    );
    gw = await startGateway({ dataDir: dir });
    const cfg = (await readConfig(dir)) as {
      cfg: { version: number; save_count: number };
      mqtt: { publish_interval: number; hostname: string };
      dtu: { nrf_pa_level: number };
      wifi: { hostname: string };
      inverters: { name: string; channel: { max_power: number }[] }[];
    };
    expect(cfg.cfg).toEqual({ version: 71936, save_count: 4 });
    expect(cfg.mqtt.publish_interval).toBe(30);
    expect(cfg.mqtt.hostname).toHaveLength(128);
    expect(cfg.dtu.nrf_pa_level).toBe(3);
    expect(cfg.wifi.hostname).toBe("OpenDTU-%06X");
    expect(cfg.inverters).toHaveLength(10);
    expect(cfg.inverters[0]?.channel.map((c) => c.max_power)).toEqual([300, 310, 0, 0, 0, 0]);
    expect(cfg).not.toHaveProperty("mqtt.publish_invterval");
  });

  it("keeps a corrupt file aside, starts on defaults and says so on the console", async () => {
    const dir = await makeDataDir();
    await writeFile(join(dir, "config.json"), '{"cfg": {"version": 71936, "save_co');
    const lines: string[] = [];
    gw = await startGateway({ dataDir: dir, onConsole: (c) => void lines.push(c) });
    const files = await readdir(dir);
    const kept = files.find((f) => f.startsWith("config.json.corrupt-"));
    expect(kept).toBeDefined();
    expect(await readFile(join(dir, kept as string), "utf8")).toBe('{"cfg": {"version": 71936, "save_co');
    expect(lines.join("")).toMatch(/Failed to read config file.*corrupt.*\r\n/);
    expect((await readConfig(dir)).cfg).toEqual({ version: 71936, save_count: 1 });
  });
});

describe("restore and factory reset", () => {
  it("restores a device backup and a pin profile, then reboots into them", async () => {
    const dir = await makeDataDir();
    const lines: string[] = [];
    gw = await startGateway({ dataDir: dir, onConsole: (c) => void lines.push(c) });
    const upload = async (file: string, content: string) =>
      gw!.app.inject({
        method: "POST",
        url: `/api/config/upload?file=${file}`,
        headers: { "content-type": "multipart/form-data; boundary=----up", authorization: ADMIN },
        payload: multipartFile("config", content),
      });
    const pins = await readFile(join(here, "fixtures", "pin_mapping.json"), "utf8");
    const r1 = await upload("pin_mapping.json", pins);
    expect(r1.statusCode).toBe(200);
    expect(r1.body).toBe("OK");
    expect(r1.headers["access-control-allow-origin"]).toBe("*");
    expect(r1.headers.connection).toBe("close");
    const backup = await readFile(join(here, "fixtures", "device-backup.json"), "utf8");
    const r2 = await upload("config.json", backup);
    expect(r2.body).toBe("OK");
    expect(await readFile(join(dir, "config.json"), "utf8")).toBe(backup);
    await expect
      .poll(() => lines.join("").includes("Restarting"), { timeout: 3000, interval: 20 })
      .toBe(true);
    await expect
      .poll(
        async () => {
          const res = await gw!.app.inject({ url: "/api/device/config", headers: { authorization: ADMIN } });
          return (res.json() as { curPin: { cmt: { clk: number } } }).curPin.cmt.clk === 6;
        },
        { timeout: 3000, interval: 20 },
      )
      .toBe(true);
    const device = await gw.app.inject({ url: "/api/device/config", headers: { authorization: ADMIN } });
    expect(device.json()).toMatchObject({
      curPin: { name: "OpenDTU Fusion v2 with CMT2300A and NRF24", nrf24: { miso: 48 }, led: { led0: 17 } },
    });
    const list = await gw.app.inject({ url: "/api/inverter/list", headers: { authorization: ADMIN } });
    expect(list.json()).toMatchObject({
      inverter: [
        { id: 0, serial: "114182123456", name: "Roof east", channel: [{}, { yield_total_offset: 12.5 }] },
      ],
    });
    const dtu = await gw.app.inject({ url: "/api/dtu/config", headers: { authorization: ADMIN } });
    expect(dtu.json()).toMatchObject({ serial: "199980112345" });
    const sys = await gw.app.inject({ url: "/api/system/status" });
    expect(sys.json()).toMatchObject({ cfgsavecount: 17, resetreason_0: "Software reset CPU" });
    // The backup taken now is the device's own format again.
    const get = await gw.app.inject({ url: "/api/config/get", headers: { authorization: ADMIN } });
    expect(get.json()).toMatchObject({
      dtu: { serial: 28147069297477 },
      inverters: [{ serial: 18973052777558 }],
    });
    const listFiles = await gw.app.inject({ url: "/api/config/list", headers: { authorization: ADMIN } });
    expect(listFiles.json()).toEqual({ configs: [{ name: "config.json" }, { name: "pin_mapping.json" }] });
  });

  it("upload without ?file answers 500 with an empty body", async () => {
    gw = await startGateway();
    const res = await gw.app.inject({
      method: "POST",
      url: "/api/config/upload",
      headers: { "content-type": "multipart/form-data; boundary=----up", authorization: ADMIN },
      payload: multipartFile("config", "{}"),
    });
    expect(res.statusCode).toBe(500);
    expect(res.body).toBe("");
  });

  it("factory reset deletes config.json and reboots into defaults; pin_mapping.json survives", async () => {
    const dir = await makeDataDir();
    await writeFile(join(dir, "pin_mapping.json"), "[]");
    gw = await startGateway({ dataDir: dir });
    await gw.app.inject({
      method: "POST",
      url: "/api/dtu/config",
      headers: { ...FORM, authorization: ADMIN },
      payload: form({
        serial: "199980100001",
        pollinterval: 9,
        nrf_palevel: 0,
        cmt_palevel: 0,
        cmt_frequency: 865000,
      }),
    });
    expect(((await readConfig(dir)).dtu as { poll_interval: number }).poll_interval).toBe(9);
    const res = await gw.app.inject({
      method: "POST",
      url: "/api/config/delete",
      headers: { ...FORM, authorization: ADMIN },
      payload: form({ delete: true }),
    });
    expect(res.json()).toMatchObject({ type: "success", code: 3002 });
    await expect
      .poll(
        async () => {
          try {
            return ((await readConfig(dir)).dtu as { poll_interval: number }).poll_interval === 5;
          } catch {
            return false;
          }
        },
        { timeout: 3000, interval: 20 },
      )
      .toBe(true);
    expect(await readFile(join(dir, "pin_mapping.json"), "utf8")).toBe("[]");
    await expect
      .poll(() => gw!.app.gateway.config.dtu.poll_interval === 5, { timeout: 3000, interval: 20 })
      .toBe(true);
  });
});
