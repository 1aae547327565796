/**
 * `npm start -- --device-build` (issue 34 item 10): the simulated gateway serves the device build, exactly the files
 * of webapp_dist/ that go on the flash, so an owner tries those before flashing; none of the gateway build's own
 * files (its lazy chunks, install icons) comes with it. No browser: the files as served. The start message names the
 * simulated faults asked for (issue 34 item 13).
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GATEWAY_WEB_ROOT, WEB_ROOT } from "./harness";

const SERVER = join(WEB_ROOT, "../apps/gateway/src/server.ts");

const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) =>
      join(e.parentPath, e.name)
        .slice(dir.length + 1)
        .replaceAll("\\", "/"),
    )
    .sort();

/** A file's bytes as the browser gets them (the `.gz` ones uncompressed). */
async function content(dir: string, name: string): Promise<Buffer> {
  const raw = await readFile(join(dir, name));
  return name.endsWith(".gz") ? gunzipSync(raw) : raw;
}

let output = "";
let origin = "";
let dataDir = "";
let stop: () => Promise<void> = async () => {};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "dtu-device-build-"));
  const child = spawn(
    process.execPath,
    [
      ...[
        "--import",
        "tsx",
        SERVER,
        "--device-build",
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--data",
        dataDir,
      ],
      ...["--offline", "116482345678", "--fault", "114182123456:2=0.4"],
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise((r) => child.on("exit", r));
  stop = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  origin = await vi.waitFor(
    () => {
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0];
      if (url === undefined || !output.includes("Admin login"))
        throw new Error(`no complete start message yet:\n${output}`);
      return url;
    },
    { timeout: 120_000, interval: 100 },
  );
});

afterAll(async () => {
  await stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("npm start -- --device-build", () => {
  it("says in its start message that it serves the device build", () => {
    expect(output).toContain("Serving the device build (webapp_dist/");
  });

  it("names the simulated faults of the command line in words", () => {
    expect(output).toContain(
      '--offline: inverter "House roof" (116482345678) never answers, as if switched off at the breaker',
    );
    expect(output).toContain(
      '--fault: string 2 ("West") of inverter "Garage roof" (114182123456) gives 40 % of its power',
    );
  });

  it("serves every file of webapp_dist/ as it is there", async () => {
    const device = files(WEB_ROOT);
    expect(device).toContain("js/app.js.gz");
    for (const name of device) {
      const res = await fetch(`${origin}/${name.replace(/\.gz$/, "")}`);
      expect(res.status, name).toBe(200);
      const served = Buffer.from(await res.arrayBuffer());
      const built = await content(WEB_ROOT, name);
      // The zone table is the gateway's own (the same source the build compresses): the same table, maybe spaced.
      if (name === "zones.json.gz")
        expect(JSON.parse(served.toString()), name).toEqual(JSON.parse(built.toString()));
      else expect(served.equals(built), name).toBe(true);
    }
  });

  it("serves none of the gateway build's own files", async () => {
    const device = new Set(files(WEB_ROOT).map((n) => n.replace(/\.gz$/, "")));
    const index = await content(WEB_ROOT, "index.html.gz");
    const own = files(GATEWAY_WEB_ROOT).filter((n) => !device.has(n));
    expect(own.length).toBeGreaterThan(0);
    for (const name of own) {
      const res = await fetch(`${origin}/${name}`);
      const served = Buffer.from(await res.arrayBuffer());
      // A missing file gets the app's index (the device's SPA fallback), never the gateway build's file.
      expect(served.equals(index) || res.status === 404, name).toBe(true);
    }
  });
});
