/**
 * The auth matrix (API.md §2): every endpoint × no / wrong / right credentials × allow_readonly on / off × with /
 * without X-Requested-With.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { endpoints, type EndpointDef } from "@dtu/api/endpoints";
import { ADMIN, WRONG, startGateway, type TestGateway } from "./helpers/app.ts";

let gw: TestGateway;
beforeAll(async () => {
  gw = await startGateway();
});
afterAll(async () => {
  await gw.close();
});

const BOUNDARY = "----matrix";
/** Requests that pass auth but change nothing: POSTs without `data`, uploads that fail early. */
function request(def: EndpointDef): { payload?: string; headers: Record<string, string> } {
  if (def.method === "GET") return { headers: {} };
  if (def.path === "/api/firmware/update") {
    return {
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      payload:
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="firmware"; filename="firmware"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\nxx\r\n--${BOUNDARY}--\r\n`,
    };
  }
  return { headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "nothing=1" };
}

const creds = { none: undefined, wrong: WRONG, right: ADMIN } as const;

describe("auth matrix", () => {
  for (const readonly of [true, false]) {
    for (const [name, def] of Object.entries(endpoints)) {
      it(`${def.method} ${def.path} (${name}) allow_readonly=${readonly}`, async () => {
        gw.app.gateway.config.security.allow_readonly = readonly;
        for (const [credName, auth] of Object.entries(creds)) {
          for (const xrw of [false, true]) {
            const base = request(def);
            const headers: Record<string, string> = { ...base.headers };
            if (auth) headers.authorization = auth;
            if (xrw) headers["x-requested-with"] = "XMLHttpRequest";
            const res = await gw.app.inject({
              method: def.method,
              url: def.path,
              headers,
              ...(base.payload !== undefined ? { payload: base.payload } : {}),
            });
            const allowed = def.auth === "none" || (def.auth === "read" && readonly) || credName === "right";
            const label = `${credName} xrw=${xrw}`;
            if (allowed) {
              expect(res.statusCode, label).not.toBe(401);
            } else {
              expect(res.statusCode, label).toBe(401);
              expect(res.body, label).toBe("");
              if (xrw) expect(res.headers["www-authenticate"], label).toBeUndefined();
              else expect(res.headers["www-authenticate"], label).toBe('Basic realm="Login Required"');
            }
          }
        }
      });
    }
  }

  it("a changed password invalidates the old credentials at once", async () => {
    // A gateway of its own: the matrix above needs the default password, whatever order the tests run in.
    const own = await startGateway();
    onTestFinished(() => own.close());
    own.app.gateway.config.security.allow_readonly = true;
    const res = await own.app.inject({
      method: "POST",
      url: "/api/security/config",
      headers: { authorization: ADMIN, "content-type": "application/x-www-form-urlencoded" },
      payload: `data=${encodeURIComponent(JSON.stringify({ password: "n3w-secret", allow_readonly: false }))}`,
    });
    expect(res.json()).toMatchObject({ code: 1001 });
    const old = await own.app.inject({ url: "/api/security/config", headers: { authorization: ADMIN } });
    expect(old.statusCode).toBe(401);
    const live = await own.app.inject({ url: "/api/livedata/status" });
    expect(live.statusCode).toBe(401);
    const fresh = `Basic ${Buffer.from("admin:n3w-secret").toString("base64")}`;
    const ok = await own.app.inject({ url: "/api/livedata/status", headers: { authorization: fresh } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ hints: { default_password: false } });
  });
});
