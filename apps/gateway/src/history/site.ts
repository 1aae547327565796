/**
 * The History chunk on the web (issue 14 §6–7): `/history/*` from history_dist/ (built by `npm run build`, never in
 * the device's webapp_dist/), and the index page the gateway serves gets one `<script type="module">` for it. The
 * device build stays byte for byte as the firmware would embed it; on the device itself nothing refers to history.
 *
 * The hook has two halves, each with a test that fails when it breaks:
 * - here, `withHistoryScript` adds the tag to whatever index page is served: gzipped or not (told by the bytes, not
 *   by a header), before `</body>` in any letter case, else at the end (a minifier may drop the optional end tags;
 *   a module script anywhere runs after the app's own), never twice (test/history/site.test.ts);
 * - in the page, the chunk attaches to the device build's documented extension points (the element ids in
 *   apps/webapp/src/lib/extension.ts, apps/webapp README "Extension points"; test: src/app/extension.test.tsx).
 */
import { readFile, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply } from "fastify";
import { HISTORY_CHUNK } from "@dtu/api/history";

export const HISTORY_DIST = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../history_dist");
const ENTRY = HISTORY_CHUNK.slice(HISTORY_CHUNK.lastIndexOf("/") + 1);
const TAG = `<script type="module" src="${HISTORY_CHUNK}"></script>`;
const TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".css": "text/css",
  ".map": "application/json",
};

const isGzip = (b: Buffer): boolean => b.length > 2 && b[0] === 0x1f && b[1] === 0x8b;

/** The index page with the chunk's script tag, in the page's own encoding (gzip in, gzip out). */
export function withHistoryScript(page: Buffer): Buffer {
  const gz = isGzip(page);
  const html = (gz ? gunzipSync(page) : page).toString("utf8");
  if (html.includes(TAG)) return page;
  const end = html.search(/<\/body\s*>/i);
  const next = end < 0 ? html + TAG : html.slice(0, end) + TAG + html.slice(end);
  return gz ? gzipSync(next) : Buffer.from(next);
}

export interface HistorySite {
  /** Serves `/history/<file>`; false when the path is not one of the chunk's files. */
  send(reply: FastifyReply, path: string): Promise<boolean>;
  /** Adds the chunk's script tag to every index page `app` serves (an onSend hook). */
  install(app: FastifyInstance): void;
}

/** The History chunk's files from `dir`, and the hook that joins it to the index page once installed. */
export function createHistorySite(dir = HISTORY_DIST): HistorySite {
  const decorated = new WeakMap<Buffer, Buffer>();
  const files = new Map<string, { mtimeMs: number; body: Buffer }>();

  const decorate = async (reply: FastifyReply, payload: unknown): Promise<unknown> => {
    // The device build's index page is always bytes (static.ts, proxy/site.ts); the not-built placeholder, a string,
    // has no app to join.
    if (!Buffer.isBuffer(payload) || reply.statusCode !== 200) return payload;
    if (!/^text\/html\b/i.test(String(reply.getHeader("content-type") ?? ""))) return payload;
    // Only once the chunk is built (`npm run build`); until then the page stays as the device serves it.
    if (!(await stat(join(dir, ENTRY)).catch(() => null))?.isFile()) return payload;
    let out = decorated.get(payload);
    if (!out) {
      out = withHistoryScript(payload);
      decorated.set(payload, out);
    }
    return out;
  };

  return {
    install(app) {
      app.addHook("onSend", async (_req, reply, payload) => decorate(reply, payload));
    },
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

/** The site with its hook installed on `app` at once (proxy mode). */
export function attachHistorySite(app: FastifyInstance, dir = HISTORY_DIST): HistorySite {
  const site = createHistorySite(dir);
  site.install(app);
  return site;
}
