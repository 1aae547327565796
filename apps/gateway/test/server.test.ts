/** The CLI (src/server.ts): options, start message, clean shutdown on SIGTERM. */
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { makeDataDir } from "./helpers/app.ts";

const server = new URL("../src/server.ts", import.meta.url).pathname;

function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", server, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return { child, output: () => out, exited };
}

describe("server CLI", () => {
  it("refuses unknown options with the usage text and exit code 1", async () => {
    const p = run(["--bogus"]);
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain("unknown option: --bogus");
    expect(p.output()).toContain("Usage:");
  });

  it("starts on the given port, prints URL and default credentials, stops on SIGTERM", async () => {
    const dir = await makeDataDir();
    const p = run(["--host", "127.0.0.1", "--port", "0"], { DTU_DATA_DIR: dir });
    const end = Date.now() + 15_000;
    while (!/http:\/\/127\.0\.0\.1:(\d+)\//.test(p.output()) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const port = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(p.output())?.[1];
    expect(port).toBeDefined();
    expect(Number(port)).toBeGreaterThan(0);
    expect(p.output()).toContain("admin / openDTU42");
    expect(p.output()).toContain(dir);
    const res = await fetch(`http://127.0.0.1:${port}/api/system/status`);
    expect(res.status).toBe(200);
    p.child.kill("SIGTERM");
    expect(await p.exited).toBe(0);
    await rm(dir, { recursive: true, force: true });
  }, 30_000);
});
