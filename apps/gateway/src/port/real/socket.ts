/**
 * A real device's one live socket from the gateway (it keeps at most 8 clients, API.md §3.2), shared by every
 * feature through the port. On every (re)connect: `GET /api/ntp/status` (the zone, the sun), the live document
 * `GET /api/livedata/status`, and for the summary form of v24.2.12+ the detail of each inverter (`?inv=`, API.md
 * §9.2); then every `/livedata` frame (full snapshots on v23.11.16, one inverter per frame later, §9.3). With
 * read-only access off the device wants credentials: Basic on the GETs and on the socket upgrade (§2.3, §9.4).
 * Reconnects back off (`backoff`), pings find a dead connection.
 */
import type { LiveData } from "@dtu/api/live";
import { WebSocket } from "ws";
import { drainStream } from "../../lib/drain.ts";
import { retryTimer, type BackoffPolicy, type Schedule } from "../../lib/backoff.ts";
import { getJson, type Wire } from "./wire.ts";

export interface LiveSocketEvents {
  /** The live socket opened (true) or closed (false). */
  connection(open: boolean): void;
  /** A live document: `full` for the GET's complete inverter list, false for a detail answer or a frame. */
  document(doc: Partial<LiveData>, full: boolean): void;
  /** `/api/ntp/status` as read on connect. */
  ntp(status: Record<string, unknown>): void;
  /** The device let the socket in (true) or refused it with 401 (false). */
  access(granted: boolean): void;
  /** A console line (a failed first read). */
  log(line: string): void;
}

/** Reconnect waits by default: doubling from 2 s up to a minute, never giving up (lib/backoff.ts). */
export const RECONNECT: BackoffPolicy = { firstMs: 2000, maxMs: 60_000 };

export interface LiveSocket {
  connected(): boolean;
  close(): void;
}

const PING_MS = 15_000;

/** The reads of a fresh connection, in order. */
async function firstReads(wire: Wire, on: LiveSocketEvents): Promise<void> {
  on.ntp(await getJson<Record<string, unknown>>(wire, "/api/ntp/status"));
  const doc = await getJson<LiveData>(wire, "/api/livedata/status");
  on.document(doc, true);
  for (const inv of doc.inverters ?? []) {
    if (inv.AC || typeof inv.serial !== "string") continue;
    on.document(
      await getJson<LiveData>(wire, `/api/livedata/status?inv=${encodeURIComponent(inv.serial)}`),
      false,
    );
  }
}

export function openLiveSocket(wire: Wire, on: LiveSocketEvents, backoff: Schedule): LiveSocket {
  const headers: Record<string, string> = wire.auth ? { authorization: wire.auth } : {};
  let ws: WebSocket | null = null;
  let open = false;
  let ping: NodeJS.Timeout | null = null;
  const reconnect = retryTimer(backoff, () => connect());

  function connect(): void {
    const url = new URL("/livedata", wire.device);
    url.protocol = wire.device.protocol === "https:" ? "wss:" : "ws:";
    const sock = new WebSocket(url, { headers, handshakeTimeout: wire.timeoutMs });
    ws = sock;
    let alive = true;
    sock.on("open", () => {
      open = true;
      reconnect.reset();
      on.access(true);
      on.connection(true);
      firstReads(wire, on).catch((err: unknown) => on.log(`first read failed (${String(err)})`));
      ping = setInterval(() => {
        if (!alive) return void sock.terminate();
        alive = false;
        sock.ping();
      }, PING_MS);
    });
    sock.on("pong", () => (alive = true));
    sock.on("message", (data, isBinary) => {
      alive = true;
      if (isBinary) return;
      try {
        const doc = JSON.parse(data.toString()) as unknown;
        if (typeof doc === "object" && doc !== null) on.document(doc as Partial<LiveData>, false);
      } catch {
        // Not a live document: ignored, as the web app does.
      }
    });
    sock.on("unexpected-response", (_req, res) => {
      // 401: read-only access is off and our credentials (if any) are not accepted (API.md §2.3).
      if (res.statusCode === 401) on.access(false);
      void drainStream(res);
      sock.terminate();
    });
    sock.on("error", () => undefined);
    sock.on("close", () => {
      if (open) on.connection(false);
      open = false;
      if (ping) clearInterval(ping);
      ping = null;
      if (ws === sock) ws = null;
      reconnect.arm();
    });
  }

  connect();
  return {
    connected: () => open,
    close() {
      reconnect.stop();
      if (ping) clearInterval(ping);
      ws?.terminate();
    },
  };
}
