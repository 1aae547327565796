/**
 * History in proxy mode (issue 14 §1): the gateway's own connection to the device, whether or not a browser is open.
 * On every (re)connect: the time zone from `GET /api/ntp/status` (read class, API.md §3.18), the live document from
 * `GET /api/livedata/status`, and for the summary form of v24.2.12+ the detail of each inverter (`?inv=`, API.md
 * §9.2); then every `/livedata` frame (full snapshots on v23.11.16, one inverter per frame later, §9.3). With
 * read-only access off the device wants credentials: Basic on both the GETs and the socket upgrade (§2.3, §9.4).
 * While the socket is down nothing is recorded: a gap, never invented values. Reconnects back off up to 60 s.
 */
import type { LiveData, LiveInverter } from "@dtu/api/live";
import { WebSocket } from "ws";
import { safeParse } from "../time/clock.ts";
import type { PosixTz } from "../time/posixTz.ts";
import type { Feed } from "./feed.ts";

export interface DeviceFeedOptions {
  device: URL;
  /** `Basic …` or null (read-only access on). */
  auth: string | null;
  feed: Feed;
  setZone: (tz: PosixTz, rule: string) => void;
  log?: (line: string) => void;
  /** The device let the socket in (true) or refused it with 401 (false): the recorder has or lost access. */
  onAccess?: (granted: boolean) => void;
  timeoutMs?: number;
  /** First reconnect delay (default 2 s, doubling up to 60 s); tests shorten it. */
  retryMs?: number;
  /**
   * Every live document as it arrives, for the alert rules on the recorder's connection (src/alerts/proxySource.ts)
   * and the several-device overview (issue 24, src/multi/): `full` for the GET's
   * complete inverter list, false for a detail answer or a socket frame (merge by serial, API.md §9.3).
   */
  onDocument?: (doc: Partial<LiveData>, full: boolean) => void;
  /** The device's live socket opened (true) or closed (false). */
  onConnection?: (open: boolean) => void;
}

export interface DeviceFeed {
  connected(): boolean;
  close(): void;
}

const PING_MS = 15_000;
const MAX_BACKOFF_MS = 60_000;

export type Access = "open" | "credentials-needed" | "credentials-wrong" | "credentials-ok" | "unreachable";

/** What the device says to a read request without and (if given) with credentials. */
export async function probeAccess(device: URL, auth: string | null, timeoutMs = 4000): Promise<Access> {
  const status = async (withAuth: boolean): Promise<number> => {
    const res = await fetch(new URL("/api/livedata/status", device), {
      headers: withAuth && auth ? { authorization: auth } : {},
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    return res.status;
  };
  try {
    if ((await status(false)) !== 401) return "open";
    if (!auth) return "credentials-needed";
    return (await status(true)) === 401 ? "credentials-wrong" : "credentials-ok";
  } catch {
    return "unreachable";
  }
}

export function startDeviceFeed(opts: DeviceFeedOptions): DeviceFeed {
  const headers: Record<string, string> = opts.auth ? { authorization: opts.auth } : {};
  const timeout = opts.timeoutMs ?? 5000;
  let ws: WebSocket | null = null;
  let open = false;
  let closed = false;
  const firstBackoff = opts.retryMs ?? 2000;
  let backoff = firstBackoff;
  let retry: NodeJS.Timeout | null = null;
  let beat: NodeJS.Timeout | null = null;

  const getJson = async <T>(path: string): Promise<T> => {
    const res = await fetch(new URL(path, opts.device), { headers, signal: AbortSignal.timeout(timeout) });
    if (!res.ok) throw new Error(`HTTP ${res.status} for ${path}`);
    return (await res.json()) as T;
  };

  const push = (inverters: unknown): void => {
    if (!Array.isArray(inverters)) return;
    // Elements without a serial are inverters without a config entry (`{}`, API.md §9.3).
    opts.feed.push((inverters as LiveInverter[]).filter((i) => typeof i?.serial === "string"));
  };

  async function initial(): Promise<void> {
    const ntp = await getJson<{ ntp_timezone?: unknown }>("/api/ntp/status");
    if (typeof ntp.ntp_timezone === "string") opts.setZone(safeParse(ntp.ntp_timezone), ntp.ntp_timezone);
    const doc = await getJson<LiveData>("/api/livedata/status");
    opts.onDocument?.(doc, true);
    push(doc.inverters);
    for (const inv of doc.inverters ?? []) {
      if (inv.AC || typeof inv.serial !== "string") continue;
      const detail = await getJson<LiveData>(`/api/livedata/status?inv=${encodeURIComponent(inv.serial)}`);
      opts.onDocument?.(detail, false);
      push(detail.inverters);
    }
  }

  function schedule(): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect();
    }, backoff);
    backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
  }

  function connect(): void {
    const url = new URL("/livedata", opts.device);
    url.protocol = opts.device.protocol === "https:" ? "wss:" : "ws:";
    const sock = new WebSocket(url, { headers, handshakeTimeout: timeout });
    ws = sock;
    let alive = true;
    sock.on("open", () => {
      open = true;
      backoff = firstBackoff;
      opts.onAccess?.(true);
      opts.onConnection?.(true);
      initial().catch((err: unknown) => opts.log?.(`History: first read failed (${String(err)})`));
      beat = setInterval(() => {
        if (!alive) {
          sock.terminate();
          return;
        }
        alive = false;
        sock.ping();
        opts.feed.heartbeat();
      }, PING_MS);
    });
    sock.on("pong", () => (alive = true));
    sock.on("message", (data, isBinary) => {
      alive = true;
      if (isBinary) return;
      try {
        const doc = JSON.parse(data.toString()) as Partial<LiveData>;
        if (typeof doc === "object" && doc !== null) opts.onDocument?.(doc, false);
        push(doc?.inverters);
      } catch {
        // Not a live document: ignored, as the web app does.
      }
    });
    sock.on("unexpected-response", (_req, res) => {
      // 401: read-only access is off and our credentials (if any) are not accepted (API.md §2.3).
      if (res.statusCode === 401) opts.onAccess?.(false);
      res.resume();
      sock.terminate();
    });
    sock.on("error", () => undefined);
    sock.on("close", () => {
      if (open) opts.onConnection?.(false);
      open = false;
      if (beat) clearInterval(beat);
      beat = null;
      if (ws === sock) ws = null;
      schedule();
    });
  }

  connect();
  return {
    connected: () => open,
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (beat) clearInterval(beat);
      ws?.terminate();
    },
  };
}
