/**
 * Static content as the device serves it (API.md §3.21): pre-gzipped files with `Content-Encoding: gzip`, the SPA
 * index for every unmatched path, `/js/app.js` with ETag = git hash and 304, `/zones.json` gzipped (its route is in
 * the endpoint map, routes/system.ts). The gateway serves its own build (gateway_dist/, plain files compressed here
 * once per version), which adds lazy chunks under `/js/` and install icons; a device build (webapp_dist/) works too.
 */
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * What static serving reads of whoever serves (the simulated Gateway, or the proxy's site): the web root, the zone
 * table and the `/js/app.js` ETag.
 */
export interface StaticSource {
  webRoot: string;
  zonesFile: string;
  identity: { readonly gitHash: string };
}

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>OpenDTU gateway</title></head>
<body style="font-family:sans-serif;max-width:40em;margin:3em auto">
<h1>The web app is not built yet</h1>
<p>The gateway is running and its API answers under <code>/api/</code>. To get the web interface, run
<code>npm run build</code> in the repository and reload this page.</p>
</body></html>
`;

const cache = new Map<string, { mtimeMs: number; body: Buffer }>();

/** The gzipped bytes of `<name>.gz`, or of `<name>` compressed on the fly; null if neither exists. */
async function gzipped(dir: string, name: string): Promise<Buffer | null> {
  const pre = join(dir, `${name}.gz`);
  const plain = join(dir, name);
  for (const [path, compress] of [
    [pre, false],
    [plain, true],
  ] as const) {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) continue;
    const hit = cache.get(path);
    if (hit && hit.mtimeMs === info.mtimeMs) return hit.body;
    const raw = await readFile(path);
    // Level 9: once per file version (cached), and the gateway build's entry is what `/` waits for.
    const body = compress ? gzipSync(raw, { level: 9 }) : raw;
    cache.set(path, { mtimeMs: info.mtimeMs, body });
    return body;
  }
  return null;
}

/** The generated zone table, compacted and gzipped once per file version; `{}` while it does not exist. */
async function zonesGzip(file: string): Promise<Buffer> {
  const info = await stat(file).catch(() => null);
  const key = `zones:${file}`;
  const hit = cache.get(key);
  if (hit && hit.mtimeMs === (info?.mtimeMs ?? -1)) return hit.body;
  let text = "{}";
  if (info) {
    try {
      text = JSON.stringify(JSON.parse(await readFile(file, "utf8")));
    } catch {
      text = "{}";
    }
  }
  const body = gzipSync(text);
  cache.set(key, { mtimeMs: info?.mtimeMs ?? -1, body });
  return body;
}

/**
 * The device's ETag is its firmware's git hash, which changes with the app it embeds. The gateway build (plain
 * `js/app.js`) changes on every `npm run build` under the same hash, and an old entry would name lazy chunks that are
 * gone: its ETag also carries the file's time. Empty for a device build (`js/app.js.gz`).
 */
async function builtAt(dir: string): Promise<string> {
  if (await stat(join(dir, "js/app.js.gz")).catch(() => null)) return "";
  const info = await stat(join(dir, "js/app.js")).catch(() => null);
  return info ? `-${Math.round(info.mtimeMs).toString(16)}` : "";
}

function sendGzip(reply: FastifyReply, type: string, body: Buffer): void {
  void reply.code(200).header("content-type", type).header("content-encoding", "gzip").send(body);
}

/** `/zones.json` (API.md §3.18): the zone table, gzipped like every static file of the device. */
export async function sendZones(gw: Pick<StaticSource, "zonesFile">, reply: FastifyReply): Promise<void> {
  sendGzip(reply, "application/json", await zonesGzip(gw.zonesFile));
}

export async function sendSpa(gw: Pick<StaticSource, "webRoot">, reply: FastifyReply): Promise<void> {
  const body = await gzipped(gw.webRoot, "index.html");
  if (body) return sendGzip(reply, "text/html", body);
  void reply.code(200).header("content-type", "text/html").send(PLACEHOLDER);
}

/** The SPA index as raw HTTP bytes, for upgrade requests on paths that are not sockets. */
export async function spaBytes(gw: Pick<StaticSource, "webRoot">): Promise<{ body: Buffer; gzip: boolean }> {
  const body = await gzipped(gw.webRoot, "index.html");
  return body ? { body, gzip: true } : { body: Buffer.from(PLACEHOLDER), gzip: false };
}

const FILES: Record<string, { name: string; type: string }> = {
  "/favicon.ico": { name: "favicon.ico", type: "image/x-icon" },
  "/favicon.png": { name: "favicon.png", type: "image/png" },
  "/site.webmanifest": { name: "site.webmanifest", type: "application/manifest+json" },
  // The gateway build's install icons (its manifest names them; the device build has none).
  "/icon-192.png": { name: "icon-192.png", type: "image/png" },
  "/icon-512.png": { name: "icon-512.png", type: "image/png" },
};

/** A lazy chunk of the gateway build (`js/<name>-<hash>.js`, apps/webapp/scripts/build-kind.mjs). */
const CHUNK = /^\/js\/([\w-]+-[\w-]+\.js)$/;

function matches(path: string, route: string): boolean {
  return path === route || path.startsWith(`${route}/`);
}

/**
 * Static paths; returns false when the path is none of them (or its file is missing), so the caller falls back to
 * the SPA index.
 */
export async function sendStatic(
  gw: StaticSource,
  req: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<boolean> {
  if (path === "/" || matches(path, "/index.html")) {
    await sendSpa(gw, reply);
    return true;
  }
  if (matches(path, "/js/app.js")) {
    const body = await gzipped(gw.webRoot, "js/app.js");
    if (!body) return false;
    const etag = gw.identity.gitHash + (await builtAt(gw.webRoot));
    const inm = req.headers["if-none-match"];
    void reply.header("cache-control", "public, must-revalidate").header("etag", etag);
    if (typeof inm === "string" && inm.startsWith(etag)) {
      void reply.code(304).send();
      return true;
    }
    sendGzip(reply, "text/javascript", body);
    return true;
  }
  const chunk = CHUNK.exec(path)?.[1];
  if (chunk) {
    const body = await gzipped(gw.webRoot, `js/${chunk}`);
    if (!body) return false;
    // The name changes with the content: cached for good.
    void reply.header("cache-control", "public, max-age=31536000, immutable");
    sendGzip(reply, "text/javascript", body);
    return true;
  }
  for (const [route, file] of Object.entries(FILES)) {
    if (!matches(path, route)) continue;
    const body = await gzipped(gw.webRoot, file.name);
    if (!body) return false;
    sendGzip(reply, file.type, body);
    return true;
  }
  return false;
}
