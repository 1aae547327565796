/**
 * The start message's history line per real device: a device whose read-only access is off records nothing unless
 * the gateway has its password, so the owner must be told which device refuses and how to give the password (in its
 * address), and a wrong password must be named as such. Two fake devices on loopback, read-only off, in a data
 * folder that does not exist yet; and one device alone under --base-path, told as the single device it is.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { historyLines } from "../../src/multi/cli.ts";
import { parseDeviceSpecs } from "../../src/multi/specs.ts";
import type { ProxyApp } from "../../src/proxy/app.ts";
import { startFakeDevice, type FakeDevice } from "../history/fakeDevice.ts";
import { listenHost, type HostUnderTest } from "./helpers.ts";

let dir: string;
let t: HostUnderTest;
let alone: HostUnderTest;
let devices: FakeDevice[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "dtu-multi-lines-"));
  devices = await Promise.all([
    startFakeDevice("v23", false, "right"),
    startFakeDevice("v23", false, "pw"),
    startFakeDevice("v23", false, "pw"),
  ]);
  t = await listenHost({
    specs: parseDeviceSpecs([
      `garage=http://admin:wrong@${devices[0]?.url.host}`,
      `house=${devices[1]?.url.origin}`,
    ]),
    dataDir: join(dir, "host"),
    history: {},
    proxy: { webRoot: join(dir, "no-web"), alerts: { tickMs: 3600_000, pollMs: 3600_000 } },
  });
  alone = await listenHost({
    specs: parseDeviceSpecs([`${devices[2]?.url.origin}`]),
    basePath: "/solar/",
    dataDir: join(dir, "alone"),
    history: {},
    proxy: { webRoot: join(dir, "no-web"), alerts: { tickMs: 3600_000, pollMs: 3600_000 } },
  });
});

afterAll(async () => {
  await t?.close();
  await alone?.close();
  await Promise.all(devices.map((d) => d.close()));
  await rm(dir, { recursive: true, force: true });
});

it("says which device refuses the recorder, and why, without the password", async () => {
  const lines = await historyLines(t.host.devices);
  expect(lines).toEqual([
    "  garage: History is NOT recorded: the device refuses the user and password given for it (wrong credentials).",
    expect.stringMatching(
      /^ {2}house: History is NOT recorded: .*password\. Put it in the device's address \(NAME=http:\/\/admin:PASSWORD@host\)/,
    ),
  ]);
  expect(lines.join("\n")).not.toContain("wrong@");
});

it("tells the one device under a base path to take the password in --device, without a name", async () => {
  const lines = await historyLines(alone.host.devices);
  expect(lines).toEqual([
    "History is NOT recorded: the device's read-only access is off, so reading live data needs its password. " +
      "Put it in the device's address (--device http://admin:PASSWORD@host) or pass --device-password, or switch " +
      "read-only access on.",
  ]);
});

it("keeps each real device's alerts in its new data folder, not in memory", () => {
  // The alerts open the device's history.db before the recorder has made the fresh `<data>/NAME/` folder.
  expect(t.host.devices.map((d) => (d.app as ProxyApp).alerts?.alerts.store.storage)).toEqual([
    "database",
    "database",
  ]);
});
