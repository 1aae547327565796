import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gunzipSync } from "node:zlib";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ADMIN, FORM, form, makeDataDir, startGateway, type TestGateway } from "./helpers/app.ts";

let gw: TestGateway;
beforeEach(async () => {
  gw = await startGateway();
});
afterEach(async () => {
  await gw.close();
});

describe("device routing (API.md §1, §3.21)", () => {
  it("serves the placeholder page when the web app is not built", async () => {
    const res = await gw.app.inject({ url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("npm run build");
  });

  it("matches a registered path followed by /... and ignores query strings", async () => {
    const a = await gw.app.inject({ url: "/api/system/status/x?foo=1" });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toHaveProperty("uptime");
    const b = await gw.app.inject({ url: "/api/system/statusx" });
    expect(b.headers["content-type"]).toContain("text/html");
  });

  it("answers unknown paths and wrong methods with the SPA index", async () => {
    for (const req of [
      { method: "GET" as const, url: "/api/nothing" },
      { method: "GET" as const, url: "/api/limit/config" },
      { method: "POST" as const, url: "/api/system/status" },
      { method: "DELETE" as const, url: "/whatever" },
      { method: "GET" as const, url: "/livedata" },
    ]) {
      const res = await gw.app.inject(req);
      expect(res.statusCode, req.url).toBe(200);
      expect(res.headers["content-type"], req.url).toContain("text/html");
    }
  });

  it("answers HEAD on API paths with the page, as the device (its handlers are GET/POST only), without a body", async () => {
    for (const url of ["/api/system/status", "/api/livedata/status", "/api/security/config", "/zones.json"]) {
      const res = await gw.app.inject({ method: "HEAD", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.headers["www-authenticate"], url).toBeUndefined();
      expect(res.body, url).toBe("");
    }
  });

  it("serves the built app gzipped with ETag and 304 on /js/app.js", async () => {
    const web = join(await makeDataDir(), "web");
    await mkdir(join(web, "js"), { recursive: true });
    await writeFile(join(web, "index.html.gz"), gzipSync("<html>app</html>"));
    await writeFile(join(web, "js", "app.js.gz"), gzipSync("console.log(1)"));
    await writeFile(join(web, "favicon.png"), Buffer.from([0x89, 0x50]));
    await gw.close();
    gw = await startGateway({ webRoot: web });
    const index = await gw.app.inject({ url: "/some/route" });
    expect(index.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(index.rawPayload).toString()).toBe("<html>app</html>");
    const js = await gw.app.inject({ url: "/js/app.js" });
    expect(js.headers["content-type"]).toContain("text/javascript");
    expect(js.headers.etag).toBe("v23.11.16");
    expect(js.headers["cache-control"]).toBe("public, must-revalidate");
    expect(gunzipSync(js.rawPayload).toString()).toBe("console.log(1)");
    const again = await gw.app.inject({ url: "/js/app.js", headers: { "if-none-match": "v23.11.16" } });
    expect(again.statusCode).toBe(304);
    const icon = await gw.app.inject({ url: "/favicon.png" });
    expect(icon.headers["content-type"]).toBe("image/png");
    const ico = await gw.app.inject({ url: "/favicon.ico" });
    expect(ico.headers["content-type"]).toContain("text/html");
  });

  it("serves /zones.json gzipped from the generated table", async () => {
    const res = await gw.app.inject({ url: "/zones.json" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-type"]).toContain("application/json");
    const zones = JSON.parse(gunzipSync(res.rawPayload).toString()) as Record<string, string>;
    expect(zones["Europe/Berlin"]).toBe("CET-1CEST,M3.5.0,M10.5.0/3");
  });

  it("takes the data field from urlencoded and multipart bodies", async () => {
    const a = await gw.app.inject({
      method: "POST",
      url: "/api/maintenance/reboot",
      headers: { ...FORM, authorization: ADMIN },
      payload: form({ reboot: false }),
    });
    expect(a.json()).toEqual({ type: "warning", message: "Reboot cancled!", code: 6002 });
    const boundary = "----x";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"reboot":false}\r\n--${boundary}--\r\n`;
    const b = await gw.app.inject({
      method: "POST",
      url: "/api/maintenance/reboot",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: ADMIN },
      payload: body,
    });
    expect(b.json()).toMatchObject({ code: 6002 });
    const c = await gw.app.inject({
      method: "POST",
      url: "/api/maintenance/reboot",
      headers: { "content-type": "application/json", authorization: ADMIN },
      payload: '{"reboot":true}',
    });
    expect(c.json()).toMatchObject({ code: 1002 });
  });
});

describe("odd requests", () => {
  it("answers URLs the framework cannot decode like any unmatched path", async () => {
    const spa = await gw.app.inject({ url: "/%zz" });
    expect(spa.statusCode).toBe(200);
    expect(spa.headers["content-type"]).toContain("text/html");
    const api = await gw.app.inject({ url: "/api/system/status/%zz" });
    expect(api.headers["content-type"]).toBe("application/json");
  });
});
