/**
 * The web app as the proxy serves it: the gateway's own static serving (src/http/static.ts: pre-gzipped files,
 * `/js/app.js` ETag, SPA fallback) on the proxy's own `StaticSource`, plus `/zones.json`
 * taken from the device first (firmware ≥ v26.3.28 has none, API.md §9.15) with the gateway's generated table as
 * fallback.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { drain } from "../lib/drain.ts";
import { sendSpa, sendStatic, sendZones, type StaticSource } from "../http/static.ts";

/** Where the proxy's web app and zone table are. */
export interface SiteParts {
  webRoot: string;
  zonesFile: string;
}

export interface Site {
  /** Serves a static path or the SPA index (never fails). */
  send(req: FastifyRequest, reply: FastifyReply, path: string): Promise<void>;
  /** The gateway's generated zone table (gzipped JSON). */
  sendLocalZones(req: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export function createSite(parts: SiteParts): Site {
  const appJs = join(parts.webRoot, "js", "app.js.gz");
  const gw: StaticSource = {
    webRoot: parts.webRoot,
    zonesFile: parts.zonesFile,
    identity: {
      // The ETag of /js/app.js: the build's modification time, so a rebuilt web app is fetched again even though
      // the proxy keeps running (the device uses its firmware git hash, which says nothing about this build).
      get gitHash(): string {
        const mtime = statSync(appJs, { throwIfNoEntry: false })?.mtimeMs ?? 0;
        return `proxy-${Math.round(mtime).toString(16)}`;
      },
    },
  };
  return {
    async send(req, reply, path) {
      if (req.method === "GET" || req.method === "HEAD") {
        if (await sendStatic(gw, req, reply, path)) return;
      }
      await sendSpa(gw, reply);
    },
    async sendLocalZones(_req, reply) {
      await sendZones(gw, reply);
    },
  };
}

/**
 * `/zones.json` from the device when it answers JSON; null otherwise (unreachable, or a later firmware that answers
 * its HTML app for the unknown path, API.md §9.0 rule 4).
 */
export async function deviceZones(device: string, timeoutMs: number): Promise<Buffer | null> {
  try {
    const res = await fetch(new URL("/zones.json", device), { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok || !(res.headers.get("content-type") ?? "").includes("json")) {
      await drain(res);
      return null;
    }
    const text = await res.text();
    JSON.parse(text);
    return gzipSync(text);
  } catch {
    return null;
  }
}
