/**
 * Security headers (SECURITY.md): every page the gateway or the proxy serves carries the CSP, nosniff and
 * no-referrer; API answers (device ones passed through, history and its CSV) carry nosniff and a CSP of their own
 * (issue 21 item 5).
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProxyApp, type ProxyApp } from "../../src/proxy/app.ts";
import { ADMIN, startGateway, type TestGateway } from "../helpers/app.ts";

let gw: TestGateway;
let proxy: ProxyApp;
let web: string;

beforeAll(async () => {
  gw = await startGateway();
  web = join(gw.dataDir, "web");
  await mkdir(join(web, "js"), { recursive: true });
  await writeFile(join(web, "index.html.gz"), gzipSync("<html></html>"));
  await writeFile(join(web, "js", "app.js.gz"), gzipSync(""));
  const device = await gw.app.listen({ port: 0, host: "127.0.0.1" });
  proxy = await buildProxyApp({ device, webRoot: web, security: { log: () => undefined } });
});
afterAll(async () => {
  await proxy.close();
  await gw.close();
  await rm(web, { recursive: true, force: true });
});

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self' https://api.github.com; object-src 'none'; base-uri 'self'; form-action 'self'; " +
  "frame-ancestors 'none'";

describe.each([
  ["gateway", () => gw.app],
  ["proxy", () => proxy],
])("%s", (_name, app) => {
  it.each(["/", "/index.html", "/settings/security", "/js/app.js", "/favicon.ico", "/zones.json"])(
    "%s carries CSP, nosniff and no-referrer",
    async (url) => {
      const res = await app().inject({ url });
      expect(res.headers["content-security-policy"]).toBe(CSP);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
    },
  );

  it.each(["/api/system/status", "/api/livedata/status", "/api/does-not-exist"])(
    "API answer %s carries nosniff and the API policy",
    async (url) => {
      const res = await app().inject({ url, headers: { authorization: ADMIN } });
      expect(res.headers["content-security-policy"]).toBe(
        "default-src 'none'; frame-ancestors 'none'; sandbox",
      );
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
    },
  );
});
