/**
 * No import cycle in the gateway (issue 30 §3, src/README.md): among the imports that stay at run time (type-only
 * ones are erased), no folder of src/ reaches itself again through other folders, and no file through other files.
 * A file directly in src/ (server.ts, app.ts) counts as a folder of its own. The layer order itself is ESLint's
 * (`layers/imports`, checked here on a few imports with the gateway's own options from eslint.config.js); the cycle
 * tests hold what a per-file lint rule cannot see: a loop through several folders, whatever their order says.
 */
import { relative, resolve } from "node:path";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { SRC, cycles, sourceFiles, valueImports, type Graph } from "./helpers/imports.ts";

/** Every file of src/ with the files it imports at run time, read once for both graphs. */
let fileImports: [string, string[]][] | null = null;

/** The run-time import graph of src/, each node named by `nodeOf` (a file's path relative to src/); no self-loops. */
function importGraph(nodeOf: (path: string) => string): Graph {
  fileImports ??= sourceFiles(SRC).map((file) => [file, valueImports(file)]);
  const graph: Graph = new Map();
  for (const [file, targets] of fileImports) {
    const from = nodeOf(relative(SRC, file));
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of targets) {
      const to = nodeOf(relative(SRC, target));
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** `history/keeper.ts` → `history`; `server.ts` → `server.ts`. */
const folderOf = (path: string): string => path.split("/", 1)[0] ?? path;

describe("the gateway's imports", () => {
  it("form no cycle between folders", () => {
    expect(cycles(importGraph(folderOf))).toEqual([]);
  });

  it("form no cycle between files", () => {
    expect(cycles(importGraph((path) => path))).toEqual([]);
  });

  it("would be caught: a cycle through three folders is found", () => {
    const graph: Graph = new Map([
      ["config", new Set(["wire"])],
      ["wire", new Set(["device"])],
      ["device", new Set(["config", "time"])],
      ["time", new Set()],
    ]);
    expect(cycles(graph)).toEqual([["config", "device", "wire"]]);
  });
});

/** eslint.config.js and its layers plugin are JavaScript: loaded by a variable path, typed by what is used here. */
type ConfigBlock = { files?: string[]; plugins?: Record<string, unknown>; rules?: Record<string, unknown> };
const configFile = "../../../eslint.config.js";

/** The `layers/imports` messages ESLint gives `code` as the file `path` of src/, with the gateway's options. */
async function layerMessages(path: string, code: string): Promise<string[]> {
  const blocks = ((await import(configFile)) as { default: ConfigBlock[] }).default;
  const gateway = blocks.find((b) => b.files?.includes("apps/gateway/src/**/*.{ts,mjs}"));
  const config = {
    files: ["**/*.ts"],
    languageOptions: { parser: tseslint.parser },
    plugins: gateway?.plugins,
    rules: { "layers/imports": gateway?.rules?.["layers/imports"] },
  } as Linter.Config;
  return new Linter().verify(code, [config], resolve(SRC, path)).map((m) => m.message);
}

describe("ESLint's layer rule on the gateway", () => {
  it("refuses an upward import, naming both layers", async () => {
    const [message] = await layerMessages(
      "storage/x.ts",
      'import { ALERTS_FILE } from "../alerts/config.ts";',
    );
    expect(message).toMatch(
      /^storage\/ must not import alerts\/ \(a higher layer: lib → wire → .* → multi → cli\)\.$/,
    );
  });

  it("lets a folder import below itself, and a type-only import point anywhere", async () => {
    const code = [
      'import { atomicWrite } from "../storage/atomicWrite.ts";',
      'import type { DeviceSpec } from "../multi/specs.ts";',
      'import { type Alerts } from "../alerts/service.ts";',
    ].join("\n");
    expect(await layerMessages("config/x.ts", code)).toEqual([]);
  });

  it("ranks root files: app.ts above proxy/, server.ts on top", async () => {
    expect(await layerMessages("proxy/x.ts", 'import { buildApp } from "../app.ts";')).toEqual([
      expect.stringMatching(/^proxy\/ must not import app\.ts /),
    ]);
    expect(await layerMessages("multi/x.ts", 'import { buildApp } from "../app.ts";')).toEqual([]);
    expect(await layerMessages("multi/x.ts", 'import "../server.ts";')).toEqual([
      expect.stringMatching(/^multi\/ must not import server\.ts /),
    ]);
  });
});
