/** Each HTTP meter kind read from a loopback server answering as that meter does (issue 31 "Tests"). */
import { afterEach, describe, expect, it } from "vitest";
import { MeterFailure } from "../../src/meter/failure.ts";
import { httpJsonReader } from "../../src/meter/readers/httpJson.ts";
import { shellyReader } from "../../src/meter/readers/shelly.ts";
import { tasmotaReader } from "../../src/meter/readers/tasmota.ts";
import type { MeterReader } from "../../src/meter/readers/types.ts";
import { basicOk, json, serve, shellyDigest, type TestServer } from "./servers.ts";

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const signal = new AbortController().signal;
async function failure(reader: MeterReader): Promise<MeterFailure["error"]> {
  try {
    await reader.read(signal);
  } catch (err) {
    if (err instanceof MeterFailure) return err.error;
    throw err;
  }
  throw new Error("did not fail");
}

const EM = { id: 0, a_act_power: 120.5, b_act_power: -800, c_act_power: 30, total_act_power: -649.5 };
const path = (url: string | undefined): string => (url ?? "").split("?")[0] ?? "";

describe("Shelly", () => {
  it("Gen2 triphase with Digest SHA-256: total and phases", async () => {
    const digest = shellyDigest("pro3em-pw");
    server = await serve((req, res) => {
      if (!digest.ok(req)) return digest.challenge(res);
      if (req.url === "/rpc/EM.GetStatus?id=0") return json(res, EM);
      json(res, { code: 404, message: "No handler" }, 404);
    });
    const reader = shellyReader({
      url: server.url,
      path: "",
      invert: false,
      username: "",
      password: "pro3em-pw",
    });
    expect(await reader.read(signal)).toMatchObject({ power_w: -649.5, phases_w: [120.5, -800, 30] });
    EM.total_act_power = 10;
    expect((await reader.read(signal)).power_w).toBe(10);
    // The nonce is kept: the second read needs no new challenge.
    expect(server.requests.length).toBe(3);
    expect(server.requests.some((r) => (r.authorization ?? "").includes("pro3em-pw"))).toBe(false);
  });

  it("Gen2 with a wrong password: auth refused", async () => {
    const digest = shellyDigest("right");
    server = await serve((req, res) => (digest.ok(req) ? json(res, EM) : digest.challenge(res)));
    const reader = shellyReader({
      url: server.url,
      path: "",
      invert: false,
      username: "",
      password: "wrong",
    });
    expect((await failure(reader)).code).toBe("auth_refused");
  });

  it("Gen2 monophase profile: EM1.GetStatus act_power of the chosen channel", async () => {
    server = await serve((req, res) => {
      if (req.url === "/rpc/EM1.GetStatus?id=1") return json(res, { id: 1, act_power: 456.7 });
      if (req.url === "/rpc/EM1.GetStatus?id=0") return json(res, { id: 0, act_power: 1 });
      json(res, { code: -105, message: "Argument 'id', value 0 not found!" }, 500);
    });
    const one = shellyReader({ url: server.url, path: "1", invert: false, username: "", password: "" });
    expect(await one.read(signal)).toMatchObject({ power_w: 456.7, phases_w: [456.7] });
    const first = shellyReader({ url: server.url, path: "", invert: true, username: "", password: "" });
    expect((await first.read(signal)).power_w).toBe(-1);
  });

  it("Gen1 3EM with Basic auth: emeters summed, or total_power", async () => {
    let status: unknown = { emeters: [{ power: 100 }, { power: 200.25 }, { power: -50 }], total_power: 0 };
    server = await serve((req, res) => {
      if (!basicOk(req, "admin", "gen1"))
        return void res.writeHead(401, { "www-authenticate": 'Basic realm="3EM"' }).end();
      if (path(req.url) === "/status") return json(res, status);
      res.writeHead(404).end("Not Found");
    });
    const reader = shellyReader({ url: server.url, path: "", invert: false, username: "", password: "gen1" });
    expect(await reader.read(signal)).toMatchObject({ power_w: 250.25, phases_w: [100, 200.25, -50] });
    status = { total_power: 321 };
    expect(await reader.read(signal)).toMatchObject({ power_w: 321, phases_w: null });
  });

  it("anything else is 'not a Shelly meter'", async () => {
    server = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body>router login</body></html>");
    });
    const reader = shellyReader({ url: server.url, path: "", invert: false, username: "", password: "" });
    expect(await failure(reader)).toMatchObject({ code: "not_meter", params: { kind: "shelly" } });
  });
});

describe("Tasmota", () => {
  it("reads a path inside StatusSNS, with the web password as query parameters", async () => {
    server = await serve((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.searchParams.get("password") !== "tas pw")
        return json(res, { WARNING: "Need user=<username>&password=<password>" });
      if (url.searchParams.get("cmnd") !== "Status 10") return json(res, {});
      json(res, {
        StatusSNS: { Time: "2026-11-28T12:00:00", SML: { curr_w: -1234, total_in: 5, total_out: 6 } },
      });
    });
    const reader = tasmotaReader({
      url: server.url,
      path: "SML.curr_w",
      pathExport: "",
      unit: "W",
      invert: false,
      username: "",
      password: "tas pw",
    });
    expect(await reader.read(signal)).toMatchObject({ power_w: -1234, found: "-1234" });
    const missing = tasmotaReader({
      url: server.url,
      path: "SML.nope",
      pathExport: "",
      unit: "W",
      invert: false,
      username: "",
      password: "tas pw",
    });
    expect(await failure(missing)).toMatchObject({
      code: "no_value",
      params: { path: "StatusSNS.SML.nope" },
    });
    const noPw = tasmotaReader({
      url: server.url,
      path: "SML.curr_w",
      pathExport: "",
      unit: "W",
      invert: false,
      username: "",
      password: "",
    });
    expect((await failure(noPw)).code).toBe("no_value");
  });

  it("import minus export from two paths (OBIS 1.7.0 / 2.7.0), in kW", async () => {
    server = await serve((_req, res) => json(res, { StatusSNS: { MT: { Power_in: 0.25, Power_out: 1.5 } } }));
    const reader = tasmotaReader({
      url: server.url,
      path: "MT.Power_in",
      pathExport: "MT.Power_out",
      unit: "kW",
      invert: false,
      username: "",
      password: "",
    });
    expect((await reader.read(signal)).power_w).toBe(-1250);
  });
});

describe("HTTP JSON", () => {
  it("the number at a path, in kW, turned round, with Basic auth from the first request", async () => {
    server = await serve((req, res) => {
      if (!basicOk(req, "me", "pw")) return void res.writeHead(401).end();
      json(res, { a: { b: [{}, { c: "0.75" }] } });
    });
    const reader = httpJsonReader({
      url: `${server.url}/api/grid`,
      path: "a.b[1].c",
      pathExport: "",
      unit: "kW",
      invert: true,
      username: "me",
      password: "pw",
    });
    expect(await reader.read(signal)).toMatchObject({ power_w: -750, phases_w: null, found: "0.75" });
    expect(server.requests.length).toBe(1);
  });

  it("an HTML page is 'not JSON', a text is 'not a number'", async () => {
    let html = true;
    server = await serve((_req, res) => {
      if (html)
        return void res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><p>hi</p>");
      json(res, { a: "offline" });
    });
    const reader = httpJsonReader({
      url: server.url,
      path: "a",
      pathExport: "",
      unit: "W",
      invert: false,
      username: "",
      password: "",
    });
    expect((await failure(reader)).code).toBe("not_json");
    html = false;
    expect(await failure(reader)).toMatchObject({
      code: "not_number",
      params: { path: "a", value: "offline" },
    });
  });
});
