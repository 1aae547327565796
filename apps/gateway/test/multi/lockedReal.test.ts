/**
 * The overview device by device with a real device among them (issue 24): a simulated device and a fake real device
 * on loopback (test/history/fakeDevice.ts), both with read-only access off and different passwords. The real
 * device's read rule is its own answer (its device port, src/port/real/access.ts), its brake the gateway's proxy for it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Overview, type OverviewDevice } from "@dtu/api/overview";
import { parseStrict } from "@dtu/api/strict";
import type { GatewayApp } from "../../src/app.ts";
import type { ProxyApp } from "../../src/proxy/app.ts";
import { ADMIN, FORM, form } from "../helpers/app.ts";
import { basicAuth, startFakeDevice, type FakeDevice } from "../history/fakeDevice.ts";
import { basic, listenHost, webRoot, type HostUnderTest } from "./helpers.ts";

let dir: string;
let t: HostUnderTest;
let garage: FakeDevice;
const ROOF = basic("roofPass1");
const GARAGE = basicAuth("garage-pw");
const XHR = { "x-requested-with": "XMLHttpRequest" };

const get = (path: string, authorization?: string): Promise<Response> =>
  fetch(`http://${t.origin}${path}`, { headers: { ...XHR, ...(authorization ? { authorization } : {}) } });
const overview = async (authorization: string): Promise<Overview> => {
  const res = await get("/api/overview", authorization);
  expect(res.status).toBe(200);
  return parseStrict(Overview, await res.json());
};
/** The brake of a device against this test's address: the next credentialed request's delay. */
const braking = (i: number): number =>
  (t.host.devices[i]?.app as GatewayApp | ProxyApp).security.throttle.delayOf("127.0.0.1");

beforeAll(async () => {
  // The proxy's console lines (its own live connection) stay out of the test output.
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  dir = await mkdtemp(join(tmpdir(), "dtu-locked-real-"));
  garage = await startFakeDevice("v23", false, "garage-pw");
  t = await listenHost({
    specs: [
      { name: "roof", target: "sim" },
      {
        name: "garage",
        target: new URL(garage.url.origin),
        credentials: { user: "admin", password: "garage-pw" },
      },
    ],
    dataDir: dir,
    history: {},
    sim: { webRoot: await webRoot(dir), security: { sleep: async () => undefined } },
    proxy: { webRoot: join(dir, "no-web"), security: { sleep: async () => undefined } },
  });
  const res = await fetch(`http://${t.origin}/d/roof/api/security/config`, {
    method: "POST",
    headers: { ...FORM, authorization: ADMIN },
    body: form({ password: "roofPass1", allow_readonly: false }),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
  await garage?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("a simulated and a real device, each locked with its own password", () => {
  it("answers 401 only when no device accepts the credentials", async () => {
    expect((await get("/api/overview")).status).toBe(401);
    expect((await get("/api/overview", basic("wrong"))).status).toBe(401);
  });

  it("shows the real device to its password, with the simulated one locked, and the other way round", async () => {
    const o = await vi.waitUntil(
      async () => {
        const o = await overview(GARAGE);
        return (o.devices[1] as OverviewDevice | undefined)?.power_w === 300 ? o : undefined;
      },
      { timeout: 5000, interval: 25 },
    );
    expect(o.devices[0]).toEqual({ name: "roof", locked: true });
    expect(o.locked).toEqual(["roof"]);
    expect(o.total.power_w).toBe(300);
    const r = await overview(ROOF);
    expect(r.devices[1]).toEqual({ name: "garage", locked: true });
    expect(r.locked).toEqual(["garage"]);
    expect(JSON.stringify(r)).not.toContain('"power_w":300');
  });

  it("logs in at the top with either password, counts neither at the other device, and counts a wrong one at both", async () => {
    const path = "/api/security/authenticate";
    for (let i = 0; i < 4; i++) {
      expect((await get(path, ROOF)).status).toBe(200);
      expect((await get(path, GARAGE)).status).toBe(200);
      expect((await get("/api/overview", ROOF)).status).toBe(200);
    }
    expect([braking(0), braking(1)]).toEqual([0, 0]);
    for (const guess of ["guess1", "guess2", "guess3"])
      expect((await get(path, basic(guess))).status).toBe(401);
    expect(braking(0)).toBeGreaterThan(0);
    expect(braking(1)).toBeGreaterThan(0);
    // The right passwords still open their devices (garage's from the minute's cache of accepted credentials).
    expect((await get(path, GARAGE)).status).toBe(200);
    expect((await get(path, ROOF)).status).toBe(200);
    expect(braking(0)).toBe(0);
  });

  it("does not call a password wrong while the real device cannot check it, and shows the sim to its own", async () => {
    await garage.close();
    const path = "/api/security/authenticate";
    const res = await get(path, basic("untried-pw"));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ type: "danger", message: "A device did not answer" });
    expect((await get(path, ROOF)).status).toBe(200);
    const o = await overview(ROOF);
    expect(o.locked).toEqual(["garage"]);
  });
});
