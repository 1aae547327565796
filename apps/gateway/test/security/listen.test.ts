/**
 * Local by default (SECURITY.md): `npm start` without --host listens on 127.0.0.1 only and says how to open it to
 * the network and what that exposes.
 */
import { rm } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { DEFAULT_HOST, parseArgs, reachNote } from "../../src/server.ts";
import { makeDataDir } from "../helpers/app.ts";
import { CLI_TIMEOUT, runCli } from "../helpers/cli.ts";

describe("listening address", () => {
  it("defaults to 127.0.0.1; --host and HOST open it", () => {
    expect(DEFAULT_HOST).toBe("127.0.0.1");
    expect(parseArgs([], {}).host).toBe("127.0.0.1");
    expect(parseArgs(["--device", "http://x"], {}).host).toBe("127.0.0.1");
    expect(parseArgs(["--host", "0.0.0.0"], {}).host).toBe("0.0.0.0");
    expect(parseArgs([], { HOST: "::" }).host).toBe("::");
  });

  it("the note says how to open it and what that exposes, or that it is open", () => {
    expect(reachNote("127.0.0.1", "X")).toBe(
      "Only this computer can open it. To open it to your network: --host 0.0.0.0 (HOST=0.0.0.0); anyone on the " +
        "network can then reach X.",
    );
    expect(reachNote("0.0.0.0", "X")).toBe(
      "Open to the network on 0.0.0.0: anyone who can reach this computer reaches X.",
    );
  });

  it(
    "a start without --host binds 127.0.0.1 and prints the way to open it",
    async () => {
      const dir = await makeDataDir();
      const env: NodeJS.ProcessEnv = { ...process.env, PORT: "0", DTU_DATA_DIR: dir };
      delete env.HOST;
      const cli = runCli([], env);
      try {
        await cli.waitForOutput(/--host 0\.0\.0\.0/);
        const out = cli.output();
        expect(out).toMatch(/^ {2}http:\/\/127\.0\.0\.1:\d+\/$/m);
        expect(out).not.toContain("http://localhost");
        expect(out).toContain("Only this computer can open it.");
        const port = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)?.[1];
        expect((await fetch(`http://127.0.0.1:${port}/api/system/status`)).status).toBe(200);
      } finally {
        cli.child.kill("SIGTERM");
        await cli.exited;
        await rm(dir, { recursive: true, force: true });
      }
    },
    CLI_TIMEOUT,
  );
});
