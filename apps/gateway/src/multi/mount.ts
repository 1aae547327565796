/**
 * One device's app under a path prefix (`/d/NAME/`, or `--base-path /solar/`), without a port of its own (issue 24
 * §3). The host (./host.ts) strips the prefix and hands the request to the app's router, so the app answers as it
 * would at `/`; the URL it came with stays the request's `originalUrl`. What the app cannot know, this adds to the
 * answers of requests that came under the prefix (an onSend hook, so it works whatever page or route produced them;
 * the overview's page and files at the top level, ./top.ts, came without it and stay as they are):
 * - the index page gets `<base href="PREFIX">` in place of the web app's own `<base href="/">` (or first thing in its
 *   head), so the web app resolves every relative URL (requests, sockets, links, assets) under the prefix and reads
 *   its base from `document.baseURI`; the page's policy allows a base of this origin (`base-uri 'self'`);
 * - cookies (the session cookie for socket upgrades) get `Path=PREFIX`, so each device's login stays its own in the
 *   browser: a login to one device neither opens nor replaces another's;
 * - a `Location` to an absolute path is put under the prefix.
 */
import { gunzipSync, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply } from "fastify";

const isGzip = (b: Buffer): boolean => b.length > 2 && b[0] === 0x1f && b[1] === 0x8b;

const escapeAttr = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The page with its base, in the page's own encoding (gzip in, gzip out); never twice. */
export function withBase(page: Buffer | string, prefix: string): Buffer {
  const bytes = typeof page === "string" ? Buffer.from(page) : page;
  const gz = isGzip(bytes);
  const html = (gz ? gunzipSync(bytes) : bytes).toString("utf8");
  const tag = `<base href="${escapeAttr(prefix)}">`;
  if (html.includes(tag)) return bytes;
  // The browser takes the first <base>; the page's own (index.html) gives way, so there is only one.
  const own = /<base href="\/"\s*\/?>/i.exec(html);
  const head = /<head(\s[^>]*)?>/i.exec(html);
  const at = own ? own.index : head ? head.index + head[0].length : 0;
  const next = html.slice(0, at) + tag + html.slice(own ? at + own[0].length : at);
  return gz ? gzipSync(next) : Buffer.from(next);
}

/** `Path=/…` of a Set-Cookie value moved under the prefix (`/d/garage`, no trailing slash: RFC 6265 path-match). */
export function cookieUnder(cookie: string, prefix: string): string {
  const base = prefix.replace(/\/$/, "");
  return cookie.replace(
    /;\s*path=(\/[^;]*)/i,
    (_m, path: string) => `; Path=${base}${path === "/" ? "" : path}`,
  );
}

function rewriteHeaders(reply: FastifyReply, prefix: string): void {
  const cookie = reply.getHeader("set-cookie");
  if (cookie !== undefined) {
    // Fastify's header() adds to set-cookie rather than replacing it: without the removal the browser would get the
    // cookie twice, once with `Path=/` (sent to every device, and replaced by each device's login).
    void reply.removeHeader("set-cookie");
    const cookies = Array.isArray(cookie) ? cookie : [String(cookie)];
    void reply.header(
      "set-cookie",
      cookies.map((c) => cookieUnder(String(c), prefix)),
    );
  }
  const location = reply.getHeader("location");
  if (typeof location === "string" && location.startsWith("/") && !location.startsWith("//"))
    void reply.header("location", prefix.replace(/\/$/, "") + location);
}

/** Adds the prefix's hook to `app` (before it is ready). */
export function placeUnder(app: FastifyInstance, prefix: string): void {
  const pages = new WeakMap<Buffer, Buffer>();
  app.addHook("onSend", async (req, reply, payload) => {
    if (!req.originalUrl.startsWith(prefix)) return payload;
    rewriteHeaders(reply, prefix);
    if (reply.statusCode !== 200) return payload;
    if (!/^text\/html\b/i.test(String(reply.getHeader("content-type") ?? ""))) return payload;
    if (typeof payload === "string") return withBase(payload, prefix);
    if (!Buffer.isBuffer(payload)) return payload;
    let out = pages.get(payload);
    if (!out) {
      out = withBase(payload, prefix);
      pages.set(payload, out);
    }
    return out;
  });
}
