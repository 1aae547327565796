/**
 * The History chunk on the web (issue 14 §6–7): `/history/*` from history_dist/ (built by `npm run build`, never in
 * the device's webapp_dist/), and the index page the gateway serves gets one `<script type="module">` for it. The
 * device build stays byte for byte as the firmware would embed it; on the device itself nothing refers to history.
 */
import { readFile, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply } from "fastify";

export const HISTORY_DIST = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../history_dist");
const ENTRY = "history.js";
const TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".css": "text/css",
  ".map": "application/json",
};

export interface HistorySite {
  /** Serves `/history/<file>`; false when the path is not one of the chunk's files. */
  send(reply: FastifyReply, path: string): Promise<boolean>;
}

export function attachHistorySite(app: FastifyInstance, dir = HISTORY_DIST): HistorySite {
  const decorated = new WeakMap<Buffer, Buffer>();
  const files = new Map<string, { mtimeMs: number; body: Buffer }>();
  let built = false;

  app.addHook("onSend", async (_req, reply, payload) => {
    if (!Buffer.isBuffer(payload) || reply.statusCode !== 200) return payload;
    if (!String(reply.getHeader("content-type") ?? "").startsWith("text/html")) return payload;
    built = (await stat(join(dir, ENTRY)).catch(() => null))?.isFile() ?? false;
    if (!built) return payload;
    const gz = reply.getHeader("content-encoding") === "gzip";
    let out = decorated.get(payload);
    if (!out) {
      const html = (gz ? gunzipSync(payload) : payload).toString("utf8");
      const tag = `<script type="module" src="/history/${ENTRY}"></script>`;
      const next = html.includes("</body>") ? html.replace("</body>", `${tag}</body>`) : html + tag;
      out = gz ? gzipSync(next) : Buffer.from(next);
      decorated.set(payload, out);
    }
    return out;
  });

  return {
    async send(reply, path) {
      const name = path.slice("/history/".length);
      if (!path.startsWith("/history/") || !/^[\w.-]+$/.test(name)) return false;
      const type = TYPES[name.slice(name.lastIndexOf("."))];
      const file = join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!type || !info?.isFile()) return false;
      let hit = files.get(file);
      if (!hit || hit.mtimeMs !== info.mtimeMs) {
        hit = { mtimeMs: info.mtimeMs, body: gzipSync(await readFile(file)) };
        files.set(file, hit);
      }
      void reply
        .code(200)
        .header("content-type", type)
        .header("content-encoding", "gzip")
        .header("cache-control", "no-cache")
        .send(hit.body);
      return true;
    },
  };
}
