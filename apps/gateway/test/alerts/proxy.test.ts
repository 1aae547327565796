/**
 * Alerts in proxy mode (`--device`): a device on loopback (live socket, limit/power/NTP/system status, event log,
 * admin check), the proxy with history and alerts on it, and a clock the test moves. The rules see what the history
 * recorder's own connection receives; the API is answered by the proxy with the device's access rule.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { WebSocketServer } from "ws";
import type { AlertList } from "@dtu/api/alerts";
import { alertResponseSchemas } from "@dtu/api/schemas";
import { parseStrict } from "@dtu/api/strict";
import { buildProxyApp, type ProxyApp } from "../../src/proxy/app.ts";

const ADMIN = `Basic ${Buffer.from("admin:secret").toString("base64")}`;
const A = "114182123456";
const B = "114182123457";
const f = (v: number, u: string, d = 1) => ({ v, u, d });

const state = { bReachable: true, events: 0, hostname: "dtu-garage" };

function inverter(serial: string, reachable: boolean) {
  const dc = (ch: number) => ({
    name: { u: "" },
    Power: f(reachable ? 150 + ch : 0, "W"),
    YieldDay: f(400, "Wh", 0),
  });
  return {
    serial,
    name: serial === A ? "Garage" : "Shed",
    order: 0,
    data_age: 1,
    poll_enabled: true,
    reachable,
    producing: reachable,
    limit_relative: 100,
    limit_absolute: 800,
    AC: {
      "0": { Power: f(reachable ? 290 : 0, "W"), YieldDay: f(800, "Wh", 0), YieldTotal: f(100, "kWh", 3) },
    },
    DC: { "0": dc(0), "1": dc(1) },
    INV: { "0": { Temperature: f(30, "°C") } },
    events: serial === A ? state.events : 0,
  };
}

const live = () => ({
  inverters: [inverter(A, true), inverter(B, state.bReachable)],
  total: { Power: f(580, "W"), YieldDay: f(1600, "Wh", 0), YieldTotal: f(200, "kWh", 3) },
  hints: { time_sync: false, radio_problem: false, default_password: false },
});

function answer(req: IncomingMessage): { status: number; body?: unknown } {
  const url = new URL(req.url ?? "/", "http://x");
  const admin = req.headers.authorization === ADMIN;
  switch (url.pathname) {
    case "/api/livedata/status":
      return { status: 200, body: live() };
    case "/api/limit/status":
      return {
        status: 200,
        body: Object.fromEntries(
          [A, B].map((s) => [s, { limit_relative: 100, max_power: 800, limit_set_status: "Ok" }]),
        ),
      };
    case "/api/power/status":
      return { status: 200, body: Object.fromEntries([A, B].map((s) => [s, { power_set_status: "Ok" }])) };
    case "/api/ntp/status":
      return {
        status: 200,
        body: {
          ntp_timezone: "CET-1CEST,M3.5.0,M10.5.0/3",
          ntp_status: true,
          sun_risetime: "Saturday, June 15 2024 05:00:00",
          sun_settime: "Saturday, June 15 2024 21:30:00",
          sun_isSunsetAvailable: true,
          sun_isDayPeriod: true,
        },
      };
    case "/api/ntp/config":
      return admin ? { status: 200, body: { latitude: 51.17, longitude: 10.45 } } : { status: 401 };
    case "/api/system/status":
      return { status: 200, body: { hostname: state.hostname } };
    case "/api/security/authenticate":
      return admin ? { status: 200, body: { type: "success", message: "ok", code: 1001 } } : { status: 401 };
    case "/api/eventlog/status": {
      const de = url.searchParams.get("locale") === "de";
      const events = state.events
        ? [
            {
              message_id: 141,
              message: de ? "Netz: Überspannung" : "Grid: Grid overvoltage",
              start_time: 40000,
              end_time: 0,
            },
          ]
        : [];
      return { status: 200, body: url.searchParams.get("inv") === A ? { count: events.length, events } : {} };
    }
    default:
      return { status: 404 };
  }
}

const device = createServer((req, res) => {
  const { status, body } = answer(req);
  res.writeHead(status, body === undefined ? {} : { "content-type": "application/json" });
  res.end(body === undefined ? undefined : JSON.stringify(body));
});
const wss = new WebSocketServer({ noServer: true });
device.on("upgrade", (req, socket, head) =>
  wss.handleUpgrade(req, socket, head, (ws) => ws.send(JSON.stringify(live()))),
);
const push = (): void => {
  for (const c of wss.clients) c.send(JSON.stringify(live()));
};

let t = Date.parse("2024-06-15T10:00:00Z"); // noon in Berlin
let dir: string;
let app: ProxyApp;

beforeAll(async () => {
  await new Promise<void>((r) => device.listen(0, "127.0.0.1", r));
  dir = await mkdtemp(join(tmpdir(), "dtu-proxy-alerts-"));
  app = await buildProxyApp({
    device: `http://127.0.0.1:${(device.address() as AddressInfo).port}`,
    history: { dataDir: dir, password: "secret", log: () => undefined },
    alerts: { tickMs: 3600_000, pollMs: 3600_000, now: () => t },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  await vi.waitFor(() => expect(app.alerts?.source.snapshot().inverters.length).toBe(2));
});

afterAll(async () => {
  for (const c of wss.clients) c.terminate();
  await app.close();
  device.closeAllConnections();
  await new Promise((r) => device.close(r));
  await rm(dir, { recursive: true, force: true });
});

const alertsOf = async (): Promise<AlertList> => {
  const res = await app.inject({ method: "GET", url: "/api/alerts?state=all" });
  return parseStrict(alertResponseSchemas.list, JSON.parse(res.body));
};

/** Moves the clock in 30 s steps; the device pushes a frame each step unless `silent`. */
async function advance(minutes: number, silent = false): Promise<void> {
  for (let i = 0; i < minutes * 2; i++) {
    t += 30_000;
    if (!silent) {
      push();
      const before = t;
      await expect.poll(() => app.alerts!.source.snapshot().dtuReachable && before === t).toBe(true);
    }
    await app.alerts!.refresh();
  }
}

it("reads what the device tells: location with the admin credentials, hostname, hints, sun", async () => {
  await app.alerts!.refresh();
  const snap = app.alerts!.source.snapshot();
  expect(snap.dtuName).toBe("dtu-garage");
  expect(snap.elevation).toBeGreaterThan(55); // 10:00 UTC in mid-June at 51° N
  expect(snap.localDay).toBe("2024-06-15");
  expect(snap.clockUnsynced).toBe(false);
});

it("an inverter that stops answering by day, then the DTU itself going silent", async () => {
  await app.inject({
    method: "POST",
    url: "/api/alerts/config",
    headers: { authorization: ADMIN, "content-type": "application/x-www-form-urlencoded" },
    payload: `data=${encodeURIComponent(JSON.stringify({ rules: { inverter_silent: { minutes: 2 }, dtu_silent: { minutes: 3 } } }))}`,
  });
  state.bReachable = false;
  await advance(1);
  expect((await alertsOf()).alerts).toEqual([]);
  await advance(2);
  expect((await alertsOf()).alerts.map((a) => [a.kind, a.serial, a.cleared])).toEqual([
    ["inverter_silent", B, null],
  ]);

  // No frame for a minute is an outage; after 3 more minutes the alert.
  await advance(3.5, true);
  expect((await alertsOf()).alerts.map((a) => a.kind)).toEqual(["inverter_silent"]);
  await advance(1.5, true);
  const now = await alertsOf();
  expect(now.alerts.map((a) => [a.kind, a.serial])).toEqual([
    ["dtu_silent", null],
    ["inverter_silent", B],
  ]);
  expect(now.alerts[0]?.name).toBe("dtu-garage");
  expect(now.storage).toBe("database");
});

it("a new entry of an inverter's event log, with the device's text in the alert language", async () => {
  await app.inject({
    method: "POST",
    url: "/api/alerts/config",
    headers: { authorization: ADMIN, "content-type": "application/x-www-form-urlencoded" },
    payload: `data=${encodeURIComponent(JSON.stringify({ language: "de" }))}`,
  });
  state.events = 1;
  await advance(0.5);
  const entry = (await alertsOf()).alerts.find((a) => a.kind === "event_log");
  expect(entry?.title).toBe("Garage: Netz: Überspannung");
  expect(entry?.detail).toContain("11:06:40");
});

it("access as on the device: the list is open with read-only access on, the rest needs the device's admin", async () => {
  expect((await app.inject("/api/alerts")).statusCode).toBe(200);
  expect((await app.inject("/api/alerts/config")).statusCode).toBe(401);
  const wrong = `Basic ${Buffer.from("admin:nope").toString("base64")}`;
  expect(
    (await app.inject({ url: "/api/alerts/config", headers: { authorization: wrong } })).statusCode,
  ).toBe(401);
  const ok = await app.inject({ url: "/api/alerts/config", headers: { authorization: ADMIN } });
  expect(parseStrict(alertResponseSchemas.configGet, JSON.parse(ok.body)).language).toBe("de");
  const post = await app.inject({
    method: "POST",
    url: "/api/alerts/ack",
    payload: "data=%7B%22id%22%3A1%7D",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(post.statusCode).toBe(401);
});
