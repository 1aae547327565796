/**
 * `npm start -- --device http://admin:PASSWORD@host` (README "Proxy mode"): when the device refuses the credentials
 * given in its address, the start message says so, not that it refuses --device-user/--device-password (options
 * the owner never gave), and never prints the password.
 */
import { rm } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { makeDataDir } from "../helpers/app.ts";
import { CLI_TIMEOUT, runCli } from "../helpers/cli.ts";
import { startFakeDevice } from "../history/fakeDevice.ts";

describe("single proxy with credentials in the device's address", () => {
  it(
    "names the address's credentials when the device refuses them",
    async () => {
      const device = await startFakeDevice("v23", false, "right-pw");
      const dir = await makeDataDir();
      const address = `http://admin:wrong-pw9@127.0.0.1:${device.url.port}`;
      const q = runCli(["--host", "127.0.0.1", "--port", "0", "--data", dir, "--device", address]);
      try {
        const [line] = await q.waitForOutput(/History is NOT recorded: .*/);
        expect(line).toBe(
          "History is NOT recorded: the device refuses the user and password given for it (wrong credentials).",
        );
        expect(q.output()).not.toContain("wrong-pw9");
        q.child.kill("SIGTERM");
        expect(await q.exited).toBe(0);
      } finally {
        q.child.kill("SIGKILL");
        await device.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
    CLI_TIMEOUT,
  );
});
