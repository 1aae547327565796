/** A devices host (src/multi/) on a real 127.0.0.1 port, and the socket helpers its tests share. */
import { mkdir, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import WebSocket from "ws";
import { Overview, type OverviewDevice } from "@dtu/api/overview";
import { parseStrict } from "@dtu/api/strict";
import { createDevicesHost, type DevicesHost, type DevicesOptions } from "../../src/multi/devices.ts";

export const basic = (password: string): string =>
  `Basic ${Buffer.from(`admin:${password}`).toString("base64")}`;

/** A web root with a gzipped index page (as the device build), so the base tag can be seen. */
export async function webRoot(dir: string): Promise<string> {
  const web = join(dir, "web");
  await mkdir(web, { recursive: true });
  await writeFile(
    join(web, "index.html.gz"),
    gzipSync(
      '<!doctype html><html><head><meta charset="utf-8"><script src="js/app.js"></script></head><body></body></html>',
    ),
  );
  return web;
}

/** Two simulated devices, roof and garage, in the command line's order. */
export const TWO_SIMS: DevicesOptions["specs"] = [
  { name: "roof", target: "sim" },
  { name: "garage", target: "sim" },
];

export interface HostUnderTest {
  host: DevicesHost;
  origin: string;
  close(): Promise<void>;
}

export async function listenHost(opts: DevicesOptions): Promise<HostUnderTest> {
  const host = await createDevicesHost(opts);
  await new Promise<void>((done) => host.server.listen(0, "127.0.0.1", done));
  const origin = `127.0.0.1:${(host.server.address() as AddressInfo).port}`;
  return { host, origin, close: () => host.close() };
}

/** Opens a socket; rejects with the HTTP status of a refused upgrade. */
export function connect(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once("open", () => resolve(ws));
    ws.once("unexpected-response", (_req, res) => {
      ws.terminate();
      reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode }));
    });
    ws.once("error", reject);
  });
}

/** Resolves with the first text the socket receives that matches. */
export function received(ws: WebSocket, pattern: RegExp, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no message matching ${String(pattern)}`)), timeoutMs);
    const onMessage = (data: Buffer): void => {
      const text = data.toString();
      if (!pattern.test(text)) return;
      clearTimeout(timer);
      ws.off("message", onMessage);
      resolve(text);
    };
    ws.on("message", onMessage);
  });
}

/**
 * A host clock at a June noon in Germany (the default location) running `speed` times faster, so simulated fleets
 * poll and produce within a second whatever the real time of day; `freeze()` stops it, so nothing moves between two
 * reads, `run()` lets it go on.
 */
export function fastNoon(speed = 120): { now(): number; freeze(): void; run(): void } {
  const noon = Date.UTC(2026, 5, 21, 11, 0, 0);
  let origin = Date.now();
  let base = noon;
  let frozen: number | null = null;
  return {
    now: () => frozen ?? base + (Date.now() - origin) * speed,
    freeze() {
      frozen = base + (Date.now() - origin) * speed;
    },
    run() {
      if (frozen === null) return;
      base = frozen;
      origin = Date.now();
      frozen = null;
    },
  };
}

/** An overview whose every card has figures (no device locked for the request). */
export type OpenOverview = Omit<Overview, "devices"> & { devices: OverviewDevice[] };

/** Parses an overview strictly and checks that no card is locked (the request may read every device). */
export function openOverview(body: unknown): OpenOverview {
  const o = parseStrict(Overview, body);
  const devices = o.devices.filter((d): d is OverviewDevice => !d.locked);
  if (devices.length !== o.devices.length || o.locked.length > 0)
    throw new Error(`locked cards in the overview: ${o.locked.join(", ")}`);
  return { ...o, devices };
}
