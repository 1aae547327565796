/**
 * The gateway's half of the History hook (src/history/site.ts): the index page gets the chunk's script tag exactly
 * once, whatever the device build's markup looks like and whether it is served gzipped or not, and only once the
 * chunk is built.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { HISTORY_CHUNK } from "@dtu/api/history";
import { attachHistorySite, withHistoryScript } from "../../src/history/site.ts";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "../../../..");
const BUILT_INDEX = join(REPO, "webapp_dist/index.html.gz");
const SOURCE_INDEX = readFileSync(join(REPO, "apps/webapp/index.html"), "utf8");
const TAG = `<script type="module" src="${HISTORY_CHUNK}"></script>`;

const tags = (html: string): number => html.split(HISTORY_CHUNK).length - 1;
const text = (b: Buffer): string => (b[0] === 0x1f ? gunzipSync(b) : b).toString("utf8");

describe("the History script tag in the index page", () => {
  it.each([
    ["the web app's index.html", SOURCE_INDEX],
    ["upper-case end tags", SOURCE_INDEX.replace("</body>", "</BODY >")],
    ["a minified page without </body> and </html>", SOURCE_INDEX.replace(/<\/body>\s*<\/html>\s*$/, "")],
    ["a page on one line", SOURCE_INDEX.replace(/\n\s*/g, "")],
  ])("is added once to %s, plain or gzipped, inside the body", (_name, html) => {
    for (const page of [Buffer.from(html), gzipSync(html)]) {
      const out = withHistoryScript(page);
      expect(out[0] === 0x1f).toBe(page[0] === 0x1f);
      const result = text(out);
      expect(tags(result)).toBe(1);
      expect(result.replace(TAG, "")).toBe(html);
      const body = /<\/body\s*>/i.exec(result);
      if (body) expect(result.indexOf(TAG)).toBeLessThan(body.index);
      // Serving the decorated page again adds nothing.
      expect(text(withHistoryScript(out))).toBe(result);
    }
  });

  it.runIf(existsSync(BUILT_INDEX))("is added once to the device build's own index.html.gz", () => {
    const result = text(withHistoryScript(readFileSync(BUILT_INDEX)));
    expect(tags(result)).toBe(1);
    expect(result).toMatch(/<script type="module"[^>]* src="\/js\/app\.js"/);
  });
});

describe("the gateway's index page", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function serve(built: boolean) {
    dir = mkdtempSync(join(tmpdir(), "dtu-history-site-"));
    if (built) writeFileSync(join(dir, "history.js"), "export {};");
    const app = Fastify();
    const site = attachHistorySite(app, dir);
    const page = gzipSync(SOURCE_INDEX);
    app.get("/*", async (req, reply) => {
      if (await site.send(reply, req.url)) return reply;
      return reply.header("content-type", "text/html").header("content-encoding", "gzip").send(page);
    });
    return app;
  }

  it("carries the chunk once it is built, on every SPA path, and serves the chunk", async () => {
    const app = await serve(true);
    for (const url of ["/", "/history", "/settings/ntp"]) {
      const res = await app.inject(url);
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(tags(text(res.rawPayload))).toBe(1);
    }
    const chunk = await app.inject(HISTORY_CHUNK);
    expect([chunk.statusCode, chunk.headers["content-type"]]).toEqual([200, "text/javascript"]);
    expect(gunzipSync(chunk.rawPayload).toString()).toBe("export {};");
    await app.close();
  });

  it("leaves the page as the device serves it while the chunk is not built", async () => {
    const app = await serve(false);
    expect(text((await app.inject("/")).rawPayload)).toBe(SOURCE_INDEX);
    await app.close();
  });
});
