import { gatewayScreenPaths, topScreenPaths } from "@dtu/api/screens";
import { describe, expect, it } from "vitest";
import { GATEWAY_SOURCES } from "./build-kind.mjs";
import { moduleGraph } from "./module-graph.mjs";

// Issue 30 §5: GATEWAY_SOURCES (build-kind.mjs, a build script that cannot read the TypeScript declaration of the
// gateway's screens) is checked against the sources here. A source only the gateway build holds and the list does
// not cover would keep its CSS classes in the device build: the test names it.

/** Every source of the app except tests, by its path from src/ ("app/App.tsx"). */
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(["../src/**/*.{ts,tsx}", "!../src/**/*.test.{ts,tsx}"], {
      query: "?raw",
      import: "default",
      eager: true,
    }),
  ).map(([f, code]) => [f.replace(/^\.\.\/src\//, ""), code]),
);

const covered = (file: string) => GATEWAY_SOURCES.some((prefix) => file.startsWith(prefix));

/** The screens the gateway build adds (app/gatewayScreens.ts: its own and the top level's), as source files. */
const gatewayScreenFiles = [
  ...(sources["app/gatewayScreens.ts"] ?? "").matchAll(/import\("\.\.\/(screens\/\w+)"\)/g),
].map((m) => `${m[1]}.tsx`);

/**
 * What the device build can hold: the device entry's static graph, every branch counted (a gateway part that a
 * device screen imports behind `__GATEWAY_BUILD__` is in it: not asked for here, its folder may be listed anyway).
 */
const device = new Set(moduleGraph(sources, "main.tsx", { gateway: false }));

describe("GATEWAY_SOURCES (scripts/build-kind.mjs) covers the gateway build's own sources", () => {
  it("finds a screen file for each declared gateway screen (packages/api/src/screens.ts)", () => {
    const declared = Object.keys(gatewayScreenPaths).length + Object.keys(topScreenPaths).length;
    expect(gatewayScreenFiles).toHaveLength(declared);
    for (const f of gatewayScreenFiles) expect(sources[f], f).toBeDefined();
  });

  it("lists every source that only the gateway's screens and `.gateway` modules bring", () => {
    const gatewayOnly = new Set([
      ...gatewayScreenFiles.flatMap((f) => moduleGraph(sources, f)),
      ...Object.keys(sources).filter((f) => /\.gateway\.tsx?$/.test(f)),
      ...moduleGraph(sources, "main.tsx").filter((f) => !device.has(f)),
    ]);
    const missing = [...gatewayOnly].filter((f) => !device.has(f) && !covered(f)).sort();
    expect(missing, "add these (or their feature folder) to GATEWAY_SOURCES").toEqual([]);
  });

  it("names no source that does not exist", () => {
    const stale = GATEWAY_SOURCES.filter((prefix) => !Object.keys(sources).some((f) => f.startsWith(prefix)));
    expect(stale).toEqual([]);
  });
});
