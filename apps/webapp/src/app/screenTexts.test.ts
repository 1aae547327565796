import { describe, expect, it } from "vitest";
import { areas as all } from "../locales";
import { areas as entry, loadAreas } from "../locales/index.gateway";
import { moduleGraph } from "../../scripts/module-graph.mjs";
import { SCREEN_TEXTS } from "./screenTexts";

// The gateway build's entry holds some areas; every other one loads with the screens listed for it in SCREEN_TEXTS
// (locales/index.gateway.ts). Here the build's module graph is followed from the sources: static imports only (a
// dynamic import is another chunk), a `.gateway` sibling in place of its module (scripts/build-kind.mjs), and every
// key literal of each module counted as used by the chunk holding it.

/** Every source of the app except tests, by its path from src/app/ ("../screens/About.tsx", "../app/App.tsx"). */
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(
      ["../**/*.{ts,tsx}", "./*.{ts,tsx}", "!../**/*.test.{ts,tsx}", "!./*.test.{ts,tsx}"],
      {
        query: "?raw",
        import: "default",
        eager: true,
      },
    ),
  ).map(([f, code]) => [f.replace(/^\.\//, "../app/"), code]),
);

/** The texts each area has in the entry before anything loads, as the build starts (loadAreas adds to `entry`). */
const inEntry = new Map(Object.entries(entry).map(([name, area]) => [name, new Set(Object.keys(area.en))]));

/** The modules a chunk starting at `start` holds: its static imports, transitively (not the locale areas). */
const graph = (start: string): string[] =>
  moduleGraph(sources, start, { skip: (f) => f.includes("/locales/") });

/** The message keys written in `files`: area → keys. */
function keysIn(files: string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const names = Object.keys(all).join("|");
  for (const f of files) {
    for (const m of (sources[f] ?? "").matchAll(new RegExp(`["'\`](${names})\\.(\\w+)["'\`]`, "g"))) {
      const [, area = "", key = ""] = m;
      if (!out.has(area)) out.set(area, new Set());
      out.get(area)?.add(key);
    }
  }
  return out;
}

/** "area.key" of each key in `used` that the entry does not hold. */
function notInEntry(used: Map<string, Set<string>>): string[] {
  return [...used].flatMap(([area, keys]) =>
    [...keys].filter((k) => !inEntry.get(area)?.has(k)).map((k) => `${area}.${k}`),
  );
}

describe("texts of the gateway build's lazy screens (app/screenTexts.ts)", () => {
  it("the entry (what `/` loads) uses only texts the entry holds", () => {
    const files = graph("../main.tsx");
    expect(files).toContain("../app/screens.gateway.ts");
    expect(files).not.toContain("../screens/About.tsx");
    expect(notInEntry(keysIn(files))).toEqual([]);
  });

  for (const [screen, listed] of Object.entries(SCREEN_TEXTS)) {
    it(`${screen}: its lazy texts are exactly the areas listed for it`, () => {
      const missing = notInEntry(keysIn(graph(`../screens/${screen}.tsx`)));
      expect(missing.length, `${screen} uses no lazy text: remove it from SCREEN_TEXTS`).toBeGreaterThan(0);
      const needed = [...new Set(missing.map((k) => k.split(".")[0]))].sort();
      expect([...listed].sort()).toEqual(needed);
    });
  }

  it("every lazily imported screen goes through lazyScreen with its own file name", () => {
    const app = Object.entries(sources).filter(([f]) => f.startsWith("../app/"));
    const imports = app.flatMap(([, code]) => [...code.matchAll(/import\("\.\.\/screens\/(\w+)"\)/g)]);
    expect(imports.length).toBeGreaterThanOrEqual(Object.keys(SCREEN_TEXTS).length);
    const named = app.flatMap(([, code]) => [
      ...code.matchAll(/\(\s*"(\w+)",\s*\(\)\s*=>\s*import\("\.\.\/screens\/(\w+)"\)/g),
    ]);
    expect(named.map((m) => m[1])).toEqual(imports.map((m) => m[1]));
    expect(named.map((m) => m[2])).toEqual(named.map((m) => m[1]));
  });

  it("loads an area, and an area's second part, into the gateway build's texts", async () => {
    const texts = entry as unknown as Record<string, { en: Record<string, string> } | undefined>;
    expect(texts.about).toBeUndefined();
    expect(texts.alerts?.en.show).toBeUndefined();
    await loadAreas(["about", "alerts"]);
    expect(texts.about?.en).toEqual(all.about.en);
    // Joined to the first part, which stays (alerts.ts) beside the second (alerts.screens.ts).
    expect(texts.alerts?.en).toEqual(all.alerts.en);
    expect(texts.alerts?.en.title).toBe(all.alerts.en.title);
  });
});
