/**
 * Real devices in a several-device gateway with history and alerts on (issue 24 leftovers): two fake devices on
 * loopback (test/history/fakeDevice.ts) with different passwords, each given in its own address. Each device sees
 * one live socket from the gateway (the recorder's, which the overview follows), is recorded with its own
 * credentials, and a device going silent raises its alert on its overview card. No password reaches any output.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { HistoryInfo } from "@dtu/api/history";
import { alertResponseSchemas } from "@dtu/api/schemas";
import { parseStrict } from "@dtu/api/strict";
import { startLines } from "../../src/multi/cli.ts";
import { parseDeviceSpecs } from "../../src/multi/specs.ts";
import type { ProxyApp } from "../../src/proxy/app.ts";
import { parseArgs, reachNote, urls } from "../../src/server.ts";
import { basicAuth, startFakeDevice, type FakeDevice } from "../history/fakeDevice.ts";
import { listenHost, openOverview, type HostUnderTest, type OpenOverview } from "./helpers.ts";

// Characters a URL's user part must percent-encode, so both ways of writing them are exercised.
const PASSWORDS = ["g@rage/pw:1", "h0use,pw%2"];
let dir: string;
let t: HostUnderTest;
let devices: FakeDevice[];
/** The alert rules' clock (the proxies' `alerts.now`); the test moves it. */
let now = Date.parse("2026-06-21T10:00:00Z");
/** Everything the gateway printed, and every answer body the test read. */
const output: string[] = [];

const get = async (path: string, authorization?: string): Promise<{ status: number; body: string }> => {
  const res = await fetch(`http://${t.origin}${path}`, { headers: authorization ? { authorization } : {} });
  const body = await res.text();
  output.push(body);
  return { status: res.status, body };
};
const overview = async (): Promise<OpenOverview> =>
  openOverview(JSON.parse((await get("/api/overview")).body));
const proxyOf = (i: number): ProxyApp => t.host.devices[i]?.app as ProxyApp;

beforeAll(async () => {
  for (const stream of ["log", "warn", "error"] as const) {
    vi.spyOn(console, stream).mockImplementation(
      (...args: unknown[]) => void output.push(args.map(String).join(" ")),
    );
  }
  dir = await mkdtemp(join(tmpdir(), "dtu-multi-real-"));
  devices = await Promise.all(PASSWORDS.map((pw) => startFakeDevice("v23", false, pw)));
  // Through the command line's own parsing, as DTU_DEVICES (a comma in a password is written %2C there).
  const args = parseArgs([], {
    DTU_DEVICES: devices
      .map(
        (d, i) =>
          `${["garage", "house"][i]}=http://admin:${encodeURIComponent(PASSWORDS[i] ?? "")}@${d.url.host}`,
      )
      .join(","),
  });
  t = await listenHost({
    specs: parseDeviceSpecs(args.devices),
    dataDir: join(dir, "host"),
    history: {},
    proxy: { webRoot: join(dir, "no-web"), alerts: { now: () => now, tickMs: 3600_000, pollMs: 3600_000 } },
  });
  output.push(...startLines(t.host.devices, { host: "127.0.0.1", urls, reachNote }, 8080));
});

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
  await Promise.all(devices.map((d) => d.close()));
  await rm(dir, { recursive: true, force: true });
});

describe("real devices, each with its own password in its address", () => {
  it("records each device with its own credentials while its read-only access is off", async () => {
    for (const [i, name] of ["garage", "house"].entries()) {
      const auth = basicAuth(PASSWORDS[i] ?? "");
      const last = await vi.waitUntil(
        async () => {
          const res = await get(`/d/${name}/api/history/last`, auth);
          const body = JSON.parse(res.body) as { inverters?: { serial: string; power_w: number | null }[] };
          return res.status === 200 && body.inverters?.length ? body.inverters : undefined;
        },
        { timeout: 10_000, interval: 25 },
      );
      expect(last[0]?.power_w).toBe(300);
    }
    // Each device's answer to its recorder: read-only access off, and its own password accepted.
    expect(await Promise.all([0, 1].map((i) => proxyOf(i).history?.access))).toEqual([
      "credentials-ok",
      "credentials-ok",
    ]);
  });

  it("gets one live socket from the gateway per device, which the overview follows", async () => {
    for (const d of devices) d.readOnly = true;
    // The device's rule as its port last asked it (for history above) holds for a few seconds (history/proxy.ts).
    const opened = async () => {
      const res = await get("/api/overview");
      return res.status === 200 && (JSON.parse(res.body) as { locked: string[] }).locked.length === 0;
    };
    await vi.waitUntil(async () => ((await opened()) ? true : undefined), { timeout: 8000, interval: 25 });
    await vi.waitUntil(
      async () => ((await overview()).devices.every((d) => d.reachable) ? true : undefined),
      { timeout: 5000, interval: 25 },
    );
    expect(devices.map((d) => d.clients())).toEqual([1, 1]);
    devices[0]?.send(777, 1_600_000);
    await vi.waitUntil(async () => ((await overview()).devices[0]?.power_w === 777 ? true : undefined), {
      timeout: 5000,
      interval: 25,
    });
    expect(devices.map((d) => d.clients())).toEqual([1, 1]);
  });

  it("gives the devices' today for the History of all devices as their own History says it", async () => {
    const days = await Promise.all(
      ["garage", "house"].map(async (name, i) => {
        const info = await get(`/d/${name}/api/history/info`, basicAuth(PASSWORDS[i] ?? ""));
        expect(info.status, info.body).toBe(200);
        return (JSON.parse(info.body) as HistoryInfo).today;
      }),
    );
    expect(days[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.parse((await get("/api/overview/devices")).body)).toEqual({
      names: ["garage", "house"],
      today: [...days].sort().at(-1),
    });
  });

  it("shows the alert of a device that went silent on its card and at the card's link", async () => {
    const rules = JSON.stringify({ rules: { dtu_silent: { minutes: 1 } } });
    for (const [i, name] of ["garage", "house"].entries()) {
      const res = await fetch(`http://${t.origin}/d/${name}/api/alerts/config`, {
        method: "POST",
        headers: {
          authorization: basicAuth(PASSWORDS[i] ?? ""),
          "content-type": "application/x-www-form-urlencoded",
        },
        body: `data=${encodeURIComponent(rules)}`,
      });
      output.push(await res.text());
      expect(res.status).toBe(200);
    }
    // Three minutes in 30 s steps: the garage sends a frame each step, the house none.
    for (let step = 1; step <= 6; step++) {
      now += 30_000;
      devices[0]?.send(700 + step, 1_600_000 + step);
      await vi.waitFor(() => expect(t.host.devices[0]?.port.snapshot().total?.Power.v).toBe(700 + step), {
        timeout: 5000,
      });
      for (const i of [0, 1]) await proxyOf(i).alerts?.refresh();
    }
    const o = await overview();
    expect(o.devices.map((d) => [d.name, d.alerts_open, d.alerts_critical])).toEqual([
      ["garage", 0, 0],
      ["house", 1, 1],
    ]);
    const listed = parseStrict(
      alertResponseSchemas.list,
      JSON.parse((await get("/d/house/api/alerts?state=open")).body),
    );
    expect(listed.alerts.map((a) => [a.kind, a.cleared])).toEqual([["dtu_silent", null]]);
    const garage = parseStrict(
      alertResponseSchemas.list,
      JSON.parse((await get("/d/garage/api/alerts?state=open")).body),
    );
    expect(garage.alerts).toEqual([]);
  });

  it("shows a device whose socket closed as not answering, and prints no password anywhere", async () => {
    await devices[1]?.close();
    await vi.waitUntil(async () => ((await overview()).devices[1]?.reachable === false ? true : undefined), {
      timeout: 5000,
      interval: 25,
    });
    expect((await overview()).devices[0]?.reachable).toBe(true);
    const down = await get("/d/house/api/livedata/status");
    expect(down.status).toBe(502);
    expect(down.body).toContain(`Device unreachable`);
    await get("/api/overview/devices");
    expect(output.join("\n")).toContain(`forwarded to ${devices[0]?.url.origin} with its own credentials`);
    for (const pw of PASSWORDS) {
      for (const form of [pw, encodeURIComponent(pw), Buffer.from(`admin:${pw}`).toString("base64")]) {
        expect(output.join("\n")).not.toContain(form);
      }
    }
  });
});
