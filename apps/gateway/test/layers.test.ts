/**
 * No import cycle in the gateway (issue 30 §3, src/README.md): among the imports that stay at run time (type-only
 * ones are erased), no folder of src/ reaches itself again through other folders, and no file through other files.
 * A file directly in src/ (server.ts, app.ts) counts as a folder of its own. The layer order itself is ESLint's
 * (`layers/imports`); this holds what a per-file lint rule cannot see: a loop through several folders, whatever
 * their order says.
 */
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { SRC, cycles, sourceFiles, valueImports, type Graph } from "./helpers/imports.ts";

/** The run-time import graph of src/, each node named by `nodeOf` (a file's path relative to src/); no self-loops. */
function importGraph(nodeOf: (path: string) => string): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(SRC)) {
    const from = nodeOf(relative(SRC, file));
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of valueImports(file)) {
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
