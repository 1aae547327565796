/**
 * `npm start` builds what it serves (scripts/build-outputs.mjs): each of webapp_dist/ and history_dist/ when it is
 * missing or older than its sources, independently of the other.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { OUTPUTS, outputsToBuild } from "../../../scripts/build-outputs.mjs";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const DEVICE_MARKER = "webapp_dist/js/app.js.gz";
const HISTORY_MARKER = "history_dist/history.js";

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
  for (const src of ["apps/webapp/src/main.tsx", "apps/webapp/history/boot.tsx", "packages/api/src/live.ts"])
    file(src, 3600);
}

const plan = () => outputsToBuild(root).map((p) => `${p.output.name}:${p.reason}`);

describe("npm start's build step", () => {
  it("builds both on a fresh clone", () => {
    checkout();
    expect(plan()).toEqual(["webapp_dist:missing", "history_dist:missing"]);
  });

  it("builds the History chunk when only the device build exists", () => {
    checkout();
    file(DEVICE_MARKER, 60);
    expect(plan()).toEqual(["history_dist:missing"]);
  });

  it("builds nothing when both are newer than their sources", () => {
    checkout();
    file(DEVICE_MARKER, 60);
    file(HISTORY_MARKER, 60);
    expect(plan()).toEqual([]);
  });

  it("rebuilds an output whose sources changed since, and only that one", () => {
    checkout();
    file(DEVICE_MARKER, 60);
    file(HISTORY_MARKER, 60);
    file("apps/webapp/history/DayView.tsx", 1);
    expect(plan()).toEqual(["history_dist:stale"]);
    file("apps/webapp/src/app/NavBar.tsx", 0);
    expect(plan()).toEqual(["webapp_dist:stale", "history_dist:stale"]);
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
