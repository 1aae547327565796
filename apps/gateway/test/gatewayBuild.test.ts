/**
 * The gateway serves the gateway build of the one web app (issue 20, README "Two builds"): its lazy chunks and
 * install icons next to the device's static files, and `GET /api/gateway/features`, which tells the app which
 * gateway screens have something to show, in both modes.
 */
import { mkdir, rm, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProxyApp } from "../src/proxy/app.ts";
import { makeDataDir, startGateway, type TestGateway } from "./helpers/app.ts";
import { startFakeDevice } from "./history/fakeDevice.ts";

/** A gateway build as scripts/build-kind.mjs writes it: plain files, the gateway compresses them. */
async function gatewayDist(dir: string): Promise<string> {
  const web = join(dir, "gateway_dist");
  await mkdir(join(web, "js"), { recursive: true });
  await writeFile(join(web, "index.html"), "<html>one app</html>");
  await writeFile(join(web, "js", "app.js"), "import('./History-Ab12_x.js')");
  await writeFile(join(web, "js", "History-Ab12_x.js"), "export const h = 1");
  await writeFile(join(web, "icon-192.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  return web;
}

describe("simulated gateway", () => {
  let gw: TestGateway;
  let web = "";
  beforeAll(async () => {
    const dir = await makeDataDir();
    web = await gatewayDist(dir);
    gw = await startGateway({ webRoot: web, history: {}, alerts: { tickMs: 3600_000 } });
  });
  afterAll(async () => {
    await gw?.close();
    await rm(join(web, ".."), { recursive: true, force: true });
  });

  it("serves the entry, its lazy chunks and the install icons, compressed", async () => {
    const page = await gw.app.inject({ url: "/history" });
    expect(gunzipSync(page.rawPayload).toString()).toBe("<html>one app</html>");
    const chunk = await gw.app.inject({ url: "/js/History-Ab12_x.js" });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers["content-type"]).toContain("text/javascript");
    expect(chunk.headers["cache-control"]).toContain("immutable");
    expect(gunzipSync(chunk.rawPayload).toString()).toBe("export const h = 1");
    const icon = await gw.app.inject({ url: "/icon-192.png" });
    expect(icon.headers["content-type"]).toBe("image/png");
  });

  it("answers a chunk that does not exist, or a path out of js/, with the app's index page", async () => {
    for (const url of ["/js/Gone-Zz99.js", "/js/..%2Findex.html", "/js/a/b-c.js"]) {
      const res = await gw.app.inject({ url });
      expect(res.headers["content-type"], url).toContain("text/html");
    }
  });

  it("gives a rebuilt entry a new ETag under the same firmware hash, so its new chunk names are fetched", async () => {
    const first = (await gw.app.inject({ url: "/js/app.js" })).headers.etag;
    expect(first).toMatch(/^v23\.11\.16-[0-9a-f]+$/);
    const later = new Date(Date.now() + 60_000);
    await utimes(join(web, "js", "app.js"), later, later);
    const second = (await gw.app.inject({ url: "/js/app.js" })).headers.etag;
    expect(second).not.toBe(first);
    const again = await gw.app.inject({ url: "/js/app.js", headers: { "if-none-match": String(second) } });
    expect(again.statusCode).toBe(304);
  });

  it("offers history while it records and alerts while they run, to anyone (no credentials needed to know)", async () => {
    const res = await gw.app.inject({ url: "/api/gateway/features" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ history: true, alerts: true, devices: false });
  });

  it("offers nothing extra without history and alerts", async () => {
    const plain = await startGateway();
    try {
      expect((await plain.app.inject({ url: "/api/gateway/features" })).json()).toEqual({
        history: false,
        alerts: false,
        devices: false,
      });
    } finally {
      await plain.close();
    }
  });
});

describe("proxy", () => {
  it.each([
    ["read-only access on", true, { history: true, alerts: false, devices: false }],
    ["read-only access off and no device password", false, { history: false, alerts: false, devices: false }],
  ] as const)("offers history only while it can be recorded (%s)", async (_label, readOnly, expected) => {
    const device = await startFakeDevice("v24", readOnly);
    const dataDir = await makeDataDir();
    const proxy = await buildProxyApp({
      device: device.url.origin,
      webRoot: join(dataDir, "none"),
      history: { dataDir },
    });
    try {
      const res = await proxy.inject({ url: "/api/gateway/features" });
      expect(res.json()).toEqual(expected);
    } finally {
      await proxy.close();
      await device.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
