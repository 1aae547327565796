/**
 * `npm start -- --device URL` in front of a device whose read-only access is off (API.md §2.1): the start message
 * says what that means for the owner (its pages ask for the password; history needs --device-password), not a bare
 * "answered HTTP 401" that reads like a fault.
 */
import { rm } from "node:fs/promises";
import { expect, it } from "vitest";
import { startFakeDevice } from "../history/fakeDevice.ts";
import { makeDataDir } from "../helpers/app.ts";
import { CLI_TIMEOUT, runCli } from "../helpers/cli.ts";

it(
  "explains a device with read-only access off in its own words",
  async () => {
    const device = await startFakeDevice("v23", false, "pw");
    const dir = await makeDataDir();
    const q = runCli(["--host", "127.0.0.1", "--port", "0", "--data", dir, "--device", device.url.origin]);
    try {
      await q.waitForOutput(/read-only access is off: its pages ask for its admin password/);
      await q.waitForOutput(/History is NOT recorded: .*Pass --device-password/);
      expect(q.output()).not.toContain("answered HTTP 401");
    } finally {
      q.child.kill("SIGKILL");
      await device.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
  CLI_TIMEOUT,
);
