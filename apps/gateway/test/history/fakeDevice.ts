/**
 * A device on loopback for the proxy recorder test: `/api/ntp/status`, `/api/livedata/status` (+ `?inv=`) and the
 * `/livedata` socket in the v23.11.16 shape (full snapshots, inverter values in AC/0) or the v24.2.12+ shape
 * (summary GET, detail per `?inv=` and per socket frame, values in INV/0; API.md §9.2–9.3). With read-only access
 * off, every read and the socket upgrade need Basic admin:secret (or the password given); the login check always
 * does. It counts its live-socket clients (the device keeps at most 8, API.md §3.2).
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";

export const basicAuth = (password: string): string =>
  `Basic ${Buffer.from(`admin:${password}`).toString("base64")}`;
export const AUTH = basicAuth("secret");
export const SERIAL = "114182123456";
export const RULE = "CET-1CEST,M3.5.0,M10.5.0/3";

export interface FakeDevice {
  url: URL;
  refused: number;
  /** Read-only access, switchable mid-run as on the device's security page. */
  readOnly: boolean;
  /** Live-socket clients connected now. */
  clients(): number;
  /** Closes the open live sockets (as a device reboot does). */
  dropSockets(): void;
  /** Sends one socket frame to every client (power in W, total in Wh). */
  send(power: number, totalWh: number): void;
  close(): Promise<void>;
}

const f = (v: number, u: string, d = 1) => ({ v, u, d });

function inverter(shape: "v23" | "v24", detail: boolean, power: number, totalWh: number) {
  const summary = {
    serial: SERIAL,
    name: "Garage",
    order: 0,
    data_age: 0,
    poll_enabled: true,
    reachable: true,
    producing: power > 0,
    limit_relative: 100,
    limit_absolute: 800,
  };
  if (shape === "v24" && !detail) return summary;
  const levels = {
    YieldDay: f(totalWh % 5000, "Wh", 0),
    YieldTotal: f(totalWh / 1000, "kWh", 3),
    Temperature: f(31, "°C"),
  };
  const dc = (ch: number, name: string) => ({
    name: { u: name },
    Power: f(power / 2 + 10, "W"),
    Voltage: f(31, "V"),
    Current: f(power / 62, "A", 2),
    YieldDay: f(100 * ch, "Wh", 0),
    YieldTotal: f(totalWh / 2000, "kWh", 3),
    Irradiation: { ...f(50, "%", 3), max: 410 },
  });
  return {
    ...summary,
    AC: {
      "0": {
        Power: f(power, "W"),
        Voltage: f(230, "V"),
        Current: f(power / 230, "A", 2),
        ...(shape === "v23" ? levels : {}),
      },
    },
    DC: { "0": dc(0, "East"), "1": dc(1, "West") },
    ...(shape === "v24" ? { INV: { "0": levels } } : {}),
    events: 0,
  };
}

export async function startFakeDevice(
  shape: "v23" | "v24",
  readOnly: boolean,
  password = "secret",
): Promise<FakeDevice> {
  const state = { power: 300, total: 1_500_000 };
  const auth = basicAuth(password);
  const ok = (req: IncomingMessage) => dev.readOnly || req.headers.authorization === auth;
  const doc = (detail: boolean) => ({
    inverters: [inverter(shape, detail, state.power, state.total)],
    total: {
      Power: f(state.power, "W"),
      YieldDay: f(0, "Wh", 0),
      YieldTotal: f(state.total / 1000, "kWh", 3),
    },
    hints: { time_sync: false, radio_problem: false, default_password: false },
  });
  const dev: FakeDevice = {
    url: new URL("http://127.0.0.1"),
    refused: 0,
    readOnly,
    clients: () => wss.clients.size,
    dropSockets() {
      for (const c of wss.clients) c.terminate();
    },
    send(power, totalWh) {
      state.power = power;
      state.total = totalWh;
      for (const c of wss.clients) c.send(JSON.stringify(doc(true)));
    },
    close: async () => {
      for (const c of wss.clients) c.terminate();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    // The login check is admin class: credentials needed whatever read-only access says (API.md §2.1).
    const admin = url.pathname === "/api/security/authenticate";
    if (admin ? req.headers.authorization !== auth : !ok(req)) {
      dev.refused++;
      res.writeHead(401).end();
      return;
    }
    const body =
      url.pathname === "/api/ntp/status"
        ? { ntp_timezone: RULE, ntp_status: true }
        : url.pathname === "/api/livedata/status"
          ? doc(url.searchParams.get("inv") === SERIAL || shape === "v23")
          : {};
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) => {
    if (!ok(req)) {
      dev.refused++;
      socket.end("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => ws.send(JSON.stringify(doc(true))));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  dev.url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return dev;
}
