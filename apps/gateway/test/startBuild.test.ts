/**
 * `npm start` builds what it serves (scripts/build-outputs.mjs): the gateway build (gateway_dist/) when it is missing
 * or older than its sources. The device build is for the firmware; `npm start` does not need it.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { OUTPUTS, outputsToBuild } from "../../../scripts/build-outputs.mjs";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const DEVICE_MARKER = "webapp_dist/js/app.js.gz";
const GATEWAY_MARKER = "gateway_dist/js/app.js";

let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A file below the temp root with its modification time `ageS` seconds ago. */
function file(path: string, ageS: number): void {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, "x");
  const t = Date.now() / 1000 - ageS;
  utimesSync(full, t, t);
}

/** A checkout whose sources are an hour old. */
function checkout(): void {
  root = mkdtempSync(join(tmpdir(), "dtu-start-"));
  for (const src of ["apps/webapp/src/main.tsx", "packages/api/src/live.ts"]) file(src, 3600);
}

const plan = () => outputsToBuild(root).map((p) => `${p.output.name}:${p.reason}`);

describe("npm start's build step", () => {
  it("builds the gateway build on a fresh clone, and only that", () => {
    checkout();
    expect(plan()).toEqual(["gateway_dist:missing"]);
  });

  it("builds it when only the device build exists", () => {
    checkout();
    file(DEVICE_MARKER, 60);
    expect(plan()).toEqual(["gateway_dist:missing"]);
  });

  it("builds nothing when it is newer than its sources", () => {
    checkout();
    file(GATEWAY_MARKER, 60);
    expect(plan()).toEqual([]);
  });

  it("rebuilds when a source changed since", () => {
    checkout();
    file(GATEWAY_MARKER, 60);
    file("apps/webapp/src/features/history/DayView.tsx", 1);
    expect(plan()).toEqual(["gateway_dist:stale"]);
  });

  it("tells for each build on its own whether it is stale", () => {
    checkout();
    file(DEVICE_MARKER, 60);
    file(GATEWAY_MARKER, 60);
    file("apps/gateway/src/generated/zones.json", 1);
    expect(outputsToBuild(root, OUTPUTS).map((p) => `${p.output.name}:${p.reason}`)).toEqual([
      "webapp_dist:stale",
    ]);
  });

  it("watches sources that exist in this repository and builds with scripts the web app has", async () => {
    const { scripts } = (await import("../../webapp/package.json", { with: { type: "json" } })).default as {
      scripts: Record<string, string>;
    };
    for (const o of OUTPUTS) {
      expect(scripts[o.script], o.script).toBeTypeOf("string");
      for (const s of o.sources) expect(existsSync(join(REPO, s)), s).toBe(true);
    }
  });
});
