/**
 * A real device with read-only access off that stops answering (switched off, out of Wi-Fi): its last answer on read
 * access holds (its device port, src/port/real/access.ts), so the owner whose password it accepted keeps seeing its card, "not answering
 * since …", instead of a locked card asking for a password the owner already gave. Nothing new is unlocked: a
 * password the device never accepted stays unreadable ("unanswered": it could not be checked, so it is not called
 * wrong), and none stays refused. Time moves with an injected clock.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProxyApp, type ProxyApp } from "../../src/proxy/app.ts";
import type { DevicePort } from "../../src/port/contract.ts";
import { createRealPort } from "../../src/port/real/index.ts";
import { basicAuth, startFakeDevice, type FakeDevice } from "../history/fakeDevice.ts";

const PASSWORD = "garage-pw";
const RIGHT = basicAuth(PASSWORD);
const ADDRESS = "127.0.0.1";
let dir: string;
let device: FakeDevice;
let app: ProxyApp;
let source: DevicePort;
let now = 1_800_000_000_000;

const kinds = async (...auths: (string | undefined)[]): Promise<string[]> => {
  const answers = [];
  for (const auth of auths) answers.push((await source.access(auth, ADDRESS)).kind);
  return answers;
};

/** The device's port with the overview's cache of a minute, on the test's clock. */
const portOf = (proxy: ProxyApp): DevicePort =>
  createRealPort({
    device: proxy.device,
    auth: RIGHT,
    security: proxy.security,
    now: () => now,
    timeoutMs: 1000,
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "dtu-access-down-"));
  device = await startFakeDevice("v23", false, PASSWORD);
  app = await buildProxyApp({
    device: device.url.origin,
    webRoot: join(dir, "no-web"),
    connectTimeoutMs: 1000,
    security: { sleep: async () => undefined, log: () => undefined },
  });
  source = portOf(app);
});
afterAll(async () => {
  await source?.close();
  await app?.close();
  await device?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("a locked real device that stops answering", () => {
  it("keeps the password it accepted, and refuses the others, when both answers have expired", async () => {
    expect(await kinds(RIGHT, undefined, basicAuth("wrong-pw"))).toEqual(["accepted", "refused", "refused"]);
    await device.close();
    now += 61_000;
    expect(await kinds(RIGHT, undefined, basicAuth("wrong-pw"))).toEqual([
      "accepted",
      "refused",
      "unanswered",
    ]);
  });

  it("calls credentials it was never asked about unanswered, not wrong", async () => {
    expect(await kinds(basicAuth("never-tried"))).toEqual(["unanswered"]);
  });

  it("keeps it too when only the password's answer has expired", async () => {
    // The device's rule was asked at start again (fresh for a minute), the password's answer is older.
    device = await startFakeDevice("v23", false, PASSWORD);
    const otherApp = await buildProxyApp({
      device: device.url.origin,
      webRoot: join(dir, "no-web"),
      security: { sleep: async () => undefined, log: () => undefined },
    });
    const other = portOf(otherApp);
    try {
      expect((await other.access(RIGHT, ADDRESS)).kind).toBe("accepted");
      now += 50_000;
      expect((await other.access(undefined, ADDRESS)).kind).toBe("refused");
      now += 15_000;
      await device.close();
      expect((await other.access(RIGHT, ADDRESS)).kind).toBe("accepted");
      expect((await other.access(basicAuth("wrong-pw"), ADDRESS)).kind).toBe("unanswered");
    } finally {
      await other.close();
      await otherApp.close();
    }
  });
});
