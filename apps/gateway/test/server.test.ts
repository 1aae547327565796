/** The CLI (src/server.ts): options, start message, clean shutdown on SIGTERM. */
import { rm } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { makeDataDir } from "./helpers/app.ts";
import { CLI_TIMEOUT, runCli } from "./helpers/cli.ts";

describe("server CLI", () => {
  it(
    "refuses unknown options with the usage text and exit code 1",
    async () => {
      const p = runCli(["--bogus"]);
      expect(await p.exited).toBe(1);
      expect(p.output()).toContain("unknown option: --bogus");
      expect(p.output()).toContain("Usage:");
    },
    CLI_TIMEOUT,
  );

  it(
    "starts on the given port, prints URL and default credentials, stops on SIGTERM",
    async () => {
      const dir = await makeDataDir();
      const p = runCli(["--host", "127.0.0.1", "--port", "0"], { ...process.env, DTU_DATA_DIR: dir });
      try {
        const port = Number((await p.waitForOutput(/http:\/\/127\.0\.0\.1:(\d+)\//))[1]);
        expect(port).toBeGreaterThan(0);
        await p.waitForOutput(/admin \/ openDTU42/);
        expect(p.output()).toContain(dir);
        const res = await fetch(`http://127.0.0.1:${port}/api/system/status`);
        expect(res.status).toBe(200);
        p.child.kill("SIGTERM");
        expect(await p.exited).toBe(0);
      } finally {
        p.child.kill("SIGKILL");
        await rm(dir, { recursive: true, force: true });
      }
    },
    CLI_TIMEOUT,
  );
});
