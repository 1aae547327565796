/**
 * The options are defined once (src/cli/options.ts): the root README's option table and the usage text are held to
 * that definition, so an option added, renamed or given another default or environment variable cannot drift.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OPTIONS } from "../../src/cli/options.ts";
import { synopsis, usageText } from "../../src/cli/usage.ts";

const README = readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");

interface Row {
  option: string;
  env: string[];
  default: string;
}

/** The table after "Options (": its rows as written, backticks removed. */
function readmeRows(): Row[] {
  const from = README.indexOf("\nOptions (");
  const lines = README.slice(from).split("\n");
  const first = lines.findIndex((l) => l.startsWith("|"));
  const table = lines.slice(
    first,
    lines.findIndex((l, i) => i > first && !l.startsWith("|")),
  );
  return table.slice(2).map((line) => {
    const [option = "", env = "", dflt = ""] = line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
    return {
      option: option.replaceAll("`", ""),
      env: [...env.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1] ?? ""),
      default: dflt.replaceAll("`", ""),
    };
  });
}

const defs = Object.values(OPTIONS);

describe("the README's option table", () => {
  it("has one row per option, in the definition's form", () => {
    expect(
      readmeRows()
        .map((r) => r.option)
        .sort(),
    ).toEqual(defs.map((d) => synopsis(d)).sort());
  });

  it("names each option's environment variables and default as the definition does", () => {
    const rows = new Map(readmeRows().map((r) => [r.option, r]));
    for (const def of defs) {
      const row = rows.get(synopsis(def));
      const none = def.value === undefined ? "off" : "none";
      expect({ option: def.flag, env: row?.env, default: row?.default }).toEqual({
        option: def.flag,
        env: def.env ?? [],
        default: def.default ?? none,
      });
    }
  });
});

describe("the usage text", () => {
  it("lists every option with its environment variables and default", () => {
    const usage = usageText();
    for (const def of defs) {
      expect(usage).toContain(`  ${synopsis(def)}`);
      for (const name of def.env ?? []) expect(usage).toContain(name);
      if (def.default !== undefined) expect(usage).toContain(`default ${def.default}`);
    }
  });

  it("keeps its lines within 116 characters", () => {
    expect(
      usageText()
        .split("\n")
        .filter((l) => l.length > 116),
    ).toEqual([]);
  });
});
