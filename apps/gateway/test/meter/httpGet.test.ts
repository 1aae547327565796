/** The bounded GET: each bad answer of issue 31 "Bad input and safety" gives its code, quickly. */
import { afterEach, describe, expect, it } from "vitest";
import { HttpAuth, httpGet, MAX_BODY_BYTES } from "../../src/meter/httpGet.ts";
import { MeterFailure } from "../../src/meter/failure.ts";
import { freePort } from "../helpers/ports.ts";
import { basicOk, json, serve, type TestServer } from "./servers.ts";

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function failure(p: Promise<unknown>): Promise<MeterFailure["error"]> {
  try {
    await p;
  } catch (err) {
    if (err instanceof MeterFailure) return err.error;
    throw err;
  }
  throw new Error("did not fail");
}

describe("httpGet", () => {
  it("reads a JSON answer and follows a redirect", async () => {
    server = await serve((req, res) => {
      if (req.url === "/old") {
        res.writeHead(302, { location: "/new" }).end();
        return;
      }
      json(res, { ok: true });
    });
    expect((await httpGet(`${server.url}/old`)).body).toBe('{"ok":true}');
  });

  it("says 'redirect loop' after a few redirects", async () => {
    server = await serve((_req, res) => res.writeHead(301, { location: "/again" }).end());
    expect((await failure(httpGet(server.url))).code).toBe("redirect_loop");
    expect(server.requests.length).toBe(4);
  });

  it("cuts a 10 MB answer at the cap", async () => {
    const chunk = Buffer.alloc(1024 * 1024, "x");
    server = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      let sent = 0;
      const more = (): void => {
        while (sent < 10 && res.write(chunk)) sent++;
        if (sent < 10) res.once("drain", more);
        else res.end();
      };
      res.on("error", () => undefined);
      more();
    });
    expect(await failure(httpGet(server.url))).toMatchObject({
      code: "too_large",
      params: { max_bytes: MAX_BODY_BYTES },
    });
  });

  it("gives up on a meter that does not answer in time", async () => {
    server = await serve(() => undefined);
    const started = Date.now();
    expect(await failure(httpGet(server.url, { timeoutMs: 150 }))).toMatchObject({
      code: "timeout",
      params: { seconds: 0.15 },
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("names a refused connection, an HTTP status and a non-http URL", async () => {
    const port = await freePort();
    expect((await failure(httpGet(`http://127.0.0.1:${port}/`))).code).toBe("refused");
    server = await serve((_req, res) => res.writeHead(500).end("boom"));
    expect(await failure(httpGet(server.url))).toMatchObject({
      code: "http_status",
      params: { status: 500 },
    });
    expect((await failure(Promise.resolve().then(() => httpGet("file:///etc/passwd")))).code).toBe("network");
  });

  it("sends Basic credentials only when asked, and says when they are refused", async () => {
    server = await serve((req, res) => {
      if (basicOk(req, "admin", "s3cret!")) json(res, { ok: 1 });
      else res.writeHead(401, { "www-authenticate": 'Basic realm="x"' }).end();
    });
    const auth = new HttpAuth("admin", "s3cret!");
    await httpGet(server.url, { auth });
    await httpGet(server.url, { auth });
    // The first read learns the scheme from the 401; the next sends at once.
    expect(server.requests.map((r) => r.authorization === undefined)).toEqual([true, false, false]);
    const wrong = await failure(httpGet(server.url, { auth: new HttpAuth("admin", "wrong-pw") }));
    expect(wrong.code).toBe("auth_refused");
    expect(JSON.stringify(wrong)).not.toContain("wrong-pw");
    expect((await failure(httpGet(server.url))).code).toBe("auth_refused");
  });

  it("never sends credentials to the host a redirect names", async () => {
    const other = await serve((_req, res) => json(res, { elsewhere: true }));
    server = await serve((req, res) => {
      if (!basicOk(req, "admin", "pw")) res.writeHead(401, { "www-authenticate": "Basic" }).end();
      else res.writeHead(302, { location: `${other.url.replace("127.0.0.1", "localhost")}/x` }).end();
    });
    const auth = new HttpAuth("admin", "pw");
    auth.basic = true;
    await httpGet(server.url, { auth });
    expect(other.requests[0]?.authorization).toBeUndefined();
    await other.close();
  });
});
