/**
 * One device behind a reverse proxy that keeps its prefix (`--base-path /solar/`, upstream #1118): every path and
 * socket under the prefix, the index page with its base, the session cookie kept to the prefix, and the
 * several-device overview absent.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN } from "../helpers/app.ts";
import { connect, listenHost, received, webRoot, type HostUnderTest } from "./helpers.ts";

let dir: string;
let t: HostUnderTest;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "dtu-base-"));
  t = await listenHost({
    specs: [{ name: "dtu", target: "sim" }],
    basePath: "/solar/",
    dataDir: dir,
    sim: { webRoot: await webRoot(dir) },
  });
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`http://${t.origin}${path}`, { headers, redirect: "manual" });

describe("--base-path /solar/", () => {
  it("serves the device under the prefix, its data folder being --data itself", async () => {
    const res = await get("/solar/api/livedata/status");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { inverters: unknown[] }).inverters).toHaveLength(2);
    expect(t.host.devices[0]?.dataDir).toBe(dir);
    const page = await (await get("/solar/live")).text();
    expect(page).toContain('<head><base href="/solar/"><meta charset="utf-8">');
  });

  it("forwards the sockets under the prefix", async () => {
    const ws = await connect(`ws://${t.origin}/solar/console`);
    try {
      // The device's console announces every new socket client.
      const line = received(ws, /Websocket: \[\/livedata\]\[\d+\] connect/);
      (await connect(`ws://${t.origin}/solar/livedata`)).terminate();
      await line;
    } finally {
      ws.terminate();
    }
    await expect(connect(`ws://${t.origin}/console`)).rejects.toMatchObject({ status: 404 });
  });

  it("keeps the session cookie to the prefix", async () => {
    const login = await get("/solar/api/security/authenticate", { authorization: ADMIN });
    expect(login.status).toBe(200);
    expect(login.headers.getSetCookie()).toHaveLength(1);
    expect(login.headers.get("set-cookie")).toMatch(/; Path=\/solar(;|$)/);
  });

  it("answers outside the prefix with the way in, and has no overview", async () => {
    const root = await get("/");
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe("/solar/");
    expect((await get("/solar")).headers.get("location")).toBe("/solar/");
    const overview = await get("/api/overview");
    expect(overview.status).toBe(404);
    expect(((await overview.json()) as { message: string }).message).toMatch(/\/solar\//);
  });
});
