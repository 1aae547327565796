/**
 * `npm start -- --device roof=sim --device garage=sim` (issue 24 "Done when"), here through DTU_DEVICES: the CLI
 * starts both under /d/NAME/ with the overview. (Option parsing itself: specs.test.ts.)
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Overview } from "@dtu/api/overview";
import { parseStrict } from "@dtu/api/strict";
import { makeDataDir } from "../helpers/app.ts";
import { CLI_TIMEOUT, runCli } from "../helpers/cli.ts";

describe("gateway CLI with several devices", () => {
  it(
    "starts two simulated devices, lists their addresses and data folders, serves the overview, stops on SIGTERM",
    async () => {
      const dir = await makeDataDir();
      const q = runCli(["--host", "127.0.0.1", "--port", "0", "--data", dir], {
        ...process.env,
        DTU_DEVICES: "roof=sim,garage=sim",
      });
      try {
        const [, port] = await q.waitForOutput(/garage: http:\/\/127\.0\.0\.1:(\d+)\/d\/garage\//);
        expect(q.output()).toContain(
          `roof: http://127.0.0.1:${port}/d/roof/ (simulated, data in ${join(dir, "roof")})`,
        );
        const res = await fetch(`http://127.0.0.1:${port}/api/overview`);
        const overview = parseStrict(Overview, await res.json());
        expect(overview.devices.map((d) => d.name)).toEqual(["roof", "garage"]);
        q.child.kill("SIGTERM");
        expect(await q.exited).toBe(0);
      } finally {
        q.child.kill("SIGKILL");
        await rm(dir, { recursive: true, force: true });
      }
    },
    CLI_TIMEOUT,
  );
});
