/** The gateway's start-up failures in words (issue 11 item 7): what to do, the path and reason, exit code 1. */
import { createServer } from "node:net";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeDataDir } from "./helpers/app.ts";
import { CLI_TIMEOUT, runCli } from "./helpers/cli.ts";

async function run(args: string[]): Promise<{ code: number | null; output: string }> {
  const cli = runCli(["--host", "127.0.0.1", ...args]);
  const code = await cli.exited;
  return { code, output: cli.output() };
}

describe("start-up errors", () => {
  it(
    "names a busy port and the --port option",
    async () => {
      const dir = await makeDataDir();
      const blocker = createServer();
      await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
      const port = (blocker.address() as { port: number }).port;
      try {
        const { code, output } = await run(["--port", String(port), "--data", dir]);
        expect(code).toBe(1);
        expect(output).toContain(`port ${port} is in use; choose another with --port`);
        expect(output).not.toMatch(/\n\s+at /);
      } finally {
        blocker.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
    CLI_TIMEOUT,
  );

  it(
    "names the path and the reason when config.json is a folder",
    async () => {
      const dir = await makeDataDir();
      await mkdir(join(dir, "config.json"));
      try {
        const { code, output } = await run(["--port", "0", "--data", dir]);
        expect(code).toBe(1);
        expect(output).toContain(`${join(dir, "config.json")} is a folder, not a file`);
        expect(output).toContain("--data");
        expect(output).not.toMatch(/\n\s+at /);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    CLI_TIMEOUT,
  );
});
