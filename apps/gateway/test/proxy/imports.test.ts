/**
 * Proxy mode does not load the simulated device (issue 22 §6): the modules a proxy start loads, followed through
 * every import that stays at run time (type-only imports are erased), contain nothing of the fleet, MQTT, the
 * simulated gateway or its history. server.ts loads the simulated device only when it starts one.
 */
import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../../src");

/** True for an import or export that TypeScript erases (`import type`, or only `type` specifiers). */
function typeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) return statement.isTypeOnly;
  const clause = statement.importClause;
  if (!clause) return false; // a side-effect import
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    !clause.name &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((e) => e.isTypeOnly)
  );
}

/** The files of src/ that loading `entry` loads through static imports, relative to src/. */
function staticClosure(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith(".")) continue;
      if (!typeOnly(statement)) visit(resolve(dirname(file), specifier.text));
    }
  };
  visit(resolve(SRC, entry));
  return [...seen].map((file) => relative(SRC, file)).sort();
}

// device/serial.ts is the serial's wire spelling, a pure leaf the command line uses to check `--fault`.
const SIMULATED =
  /^(app\.ts|fleet\/|mqtt\/|ws\/|routes\/|config\/|device\/(?!serial\.ts$)|port\/sim\/|history\/(sim|backfill)\.ts)/;

describe("proxy mode's modules", () => {
  it("load nothing of the simulated device", () => {
    const loaded = staticClosure("proxy/cli.ts");
    expect(loaded).toContain("proxy/sockets.ts");
    expect(loaded.filter((file) => SIMULATED.test(file))).toEqual([]);
  });

  it("server.ts loads the simulated device only when it starts one", () => {
    expect(staticClosure("server.ts").filter((file) => SIMULATED.test(file))).toEqual([]);
  });
});
